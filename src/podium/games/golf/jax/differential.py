"""The batch engine held to the reference engine (`GolfState`), step by step: a batch of games dealt by the JAX
engine is replayed by the reference engine from the same decks (a chance script plays each round's shuffle as the
JAX deck, `podium.core.rng.set_chance_script`) with the same actions, random or a podium bot's, and at every step
every game's legal ids, every seat's observation (`podium.rl`'s encoder), the seat to move, the round, the scores,
the end of the game and the rewards (utilities) must be equal. Used by tests/games/golf/test_golf_jax.py and
bench/golf_jax_differential.py (the long run)."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from podium.agents.base import make_agent
from podium.core.contract import Action
from podium.core.rng import set_chance_script
from podium.games.golf.config import GolfConfig
from podium.games.golf.encoding import ENCODING
from podium.games.golf.game import GAME
from podium.games.golf.jax import shuffle
from podium.games.golf.jax.env import GolfEnv
from podium.games.golf.state import GolfState


class Mismatch(AssertionError):
    """The batch engine and the reference engine disagree (what, in which game, at which step)."""


class _Decks:
    """A chance script: each shuffle of a reference deal becomes the next of one game's JAX decks."""

    def __init__(self, decks: np.ndarray[Any, Any]) -> None:
        self.decks = [list(map(int, deck)) for deck in decks]
        self.used = 0

    def shuffle(self, items: list[int]) -> None:
        items[:] = self.decks[self.used]
        self.used += 1


@dataclass
class Compiled:
    """One environment's jitted batch functions (compiled once per shape, then shared by every run)."""

    env: GolfEnv
    init: Any
    step: Any
    observe_all: Any
    decks: Any

    @classmethod
    def of(cls, config: GolfConfig, players: int, env: GolfEnv | None = None) -> Compiled:
        env = env or GolfEnv(config, players)
        p = env.params
        rounds = jnp.arange(1, p.rounds + 1)
        every_round = jax.vmap(lambda seed: jax.vmap(lambda r: shuffle.deck_order(seed, r, p.n * p.slots))(rounds))
        return cls(
            env,
            jax.jit(jax.vmap(env.init)),
            jax.jit(jax.vmap(env.step)),
            jax.jit(jax.vmap(env.observe_all)),
            jax.jit(every_round),
        )


@dataclass
class Report:
    games: int = 0
    steps: int = 0
    rounds: int = 0
    ends: dict[str, int] = field(default_factory=dict)


def run(compiled: Compiled, games: int, seed: int, policy: str = "random") -> Report:
    """Play `games` games at once in both engines and check them at every step (raises `Mismatch`). `policy` is
    `random` (uniform over the legal ids) or a podium bot spec choosing each seat's moves in the reference game."""
    env = compiled.env
    config, n = env.config, env.params.n
    batch = compiled.init(jax.random.split(jax.random.PRNGKey(seed), games))
    decks = np.asarray(compiled.decks(batch.seed))
    scripts = [_Decks(decks[b]) for b in range(games)]
    states: list[GolfState] = []
    for b in range(games):
        previous = set_chance_script(scripts[b])
        try:
            states.append(GAME.new_game(config, n, seed * 1_000_003 + b))  # type: ignore[arg-type]
        finally:
            set_chance_script(previous)
    encoder = ENCODING.encoder(config, n)
    buffer = array("f", bytes(4 * encoder.size))
    picks = np.random.default_rng(seed)
    bots = None
    if policy != "random":
        bots = [[make_agent(policy, GAME, seat, seed * 31 + b * 7 + seat) for seat in range(n)] for b in range(games)]
    report = Report(games=games)
    done = np.zeros(games, dtype=bool)
    step = 0
    while True:
        _compare(compiled, batch, states, encoder, buffer, done, step)
        if done.all():
            break
        actions = np.zeros(games, dtype=np.int32)
        for b, state in enumerate(states):
            if done[b]:
                continue
            legal: list[Action] = list(state.legal_actions())
            if bots is None:
                action = legal[int(picks.integers(len(legal)))]
            else:
                seat = state.current_player
                assert seat is not None
                action = bots[b][seat].act(state.view(seat), legal)
            actions[b] = action.id
            previous = set_chance_script(scripts[b])
            try:
                state.apply(action)  # type: ignore[arg-type]
            finally:
                set_chance_script(previous)
            report.steps += 1
        batch = compiled.step(batch, jnp.asarray(actions))
        step += 1
    for state in states:
        report.rounds += len(state.history)
        for name, count in state.result().details.items():
            if name.endswith("_ends"):
                report.ends[name] = report.ends.get(name, 0) + int(count)
    return report


def _compare(
    compiled: Compiled, batch: Any, states: list[GolfState], encoder: Any, buffer: Any, done: Any, step: int
) -> None:
    n = compiled.env.params.n
    size = encoder.size
    masks = np.asarray(batch.legal_action_mask)
    seats = np.asarray(batch.seat)
    rounds = np.asarray(batch.round)
    totals = np.asarray(batch.totals)
    terminated = np.asarray(batch.terminated)
    rewards = np.asarray(batch.rewards)
    observations = np.asarray(compiled.observe_all(batch))
    expected = np.frombuffer(buffer, dtype=np.float32)
    for b, state in enumerate(states):
        if done[b]:
            continue
        where = f"game {b}, step {step}"
        over = state.is_over
        if bool(terminated[b]) != over:
            raise Mismatch(f"{where}: the game is over in the reference engine: {over}, in JAX: {terminated[b]}")
        if not over:
            legal = [action.id for action in state.legal_actions()]
            got = np.flatnonzero(masks[b]).tolist()
            if got != legal:
                raise Mismatch(f"{where}: legal ids {legal} in the reference engine, {got} in JAX")
        seat = -1 if state.current_player is None else state.current_player
        if seats[b] != seat or rounds[b] != state.round or totals[b].tolist() != list(state.totals):
            raise Mismatch(
                f"{where}: seat/round/totals {seat}/{state.round}/{list(state.totals)} in the reference engine, "
                f"{seats[b]}/{rounds[b]}/{totals[b].tolist()} in JAX"
            )
        for viewer in range(n):
            buffer[:] = array("f", bytes(4 * size))
            encoder.encode(state, viewer, buffer)
            if not np.array_equal(observations[b, viewer], expected):
                diff = np.flatnonzero(observations[b, viewer] != expected)
                names = sorted({_feature(encoder, int(i)) for i in diff})
                raise Mismatch(f"{where}: seat {viewer}'s observation differs in {', '.join(names)} (indices {diff})")
        if over:
            utilities = np.array(ENCODING.utilities(state), dtype=np.float32)
            if not np.array_equal(rewards[b], utilities):
                raise Mismatch(f"{where}: utilities {utilities.tolist()} in the reference engine, JAX {rewards[b]}")
            done[b] = True
        elif rewards[b].any():
            raise Mismatch(f"{where}: a reward before the game's end: {rewards[b].tolist()}")


def _feature(encoder: Any, index: int) -> str:
    best = ""
    for name, at in encoder.offsets.items():
        if at <= index:
            best = name
    return best
