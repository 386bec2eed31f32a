"""`gym_env`: one seat of a podium game as a Gymnasium environment, the other seats played by podium bots.

The observation is the seat's float32 vector (the same as `aec_env`'s), the action space `Discrete(num_actions)`
of the game's action ids, and `action_masks()` gives the legal ones (the sb3-contrib convention; `info["action_mask"]`
too). The reward is 0 until the game ends, then the seat's utility. An id of the action space that is not legal now
ends the episode as the seat's worst outcome, the game unchanged, with the reason in `info["illegal_action"]`; an
id outside the space (or no integer) raises `MalformedAction`. Registered as `podium/<Game>-v0` (e.g.
`podium/Golf-v0`) for every installed game with an encoding, when `podium.rl` is imported:
`gymnasium.make("podium.rl:podium/Golf-v0", opponents="random")` imports it first.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from podium.agents.base import NO_VIEW, Agent, make_agent
from podium.core.errors import IllegalAction, PodiumError
from podium.rl.common import Table, check_seed, supported_games

Observation = NDArray[np.float32]


def _opponents(spec: str, players: int) -> list[str]:
    names = [name.strip() for name in spec.split(",")] if isinstance(spec, str) else []
    if not names or not all(names):
        raise PodiumError(f"opponents must be a bot spec (e.g. 'heuristic'), or one per other seat, not {spec!r}")
    if len(names) == 1:
        return names * (players - 1)
    if len(names) != players - 1:
        raise PodiumError(f"opponents names {len(names)} bots for {players - 1} other seats; give one, or one each")
    return names


class PodiumGym(gymnasium.Env[Observation, np.int64]):
    """Seat `seat` of `game` for `players` as a Gymnasium `Env`, the other seats played by podium bots: `opponents`
    is a bot spec for all of them (`"heuristic"`, `"random"`, `"ismcts:iterations=200"`, `"hard"`) or a
    comma-separated spec per other seat in seat order; `rules` are rule options as for `podium play --rule`.
    Public as `gym_env`."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's convention

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: str = "heuristic",
        seat: int = 0,
        rules: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise PodiumError(f"render_mode {render_mode!r} is not supported; use 'ansi' or None")
        self._table = table = Table(game, players, rules)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise PodiumError(f"seat must be a seat number 0..{players - 1}, not {seat!r}")
        self.seat = seat
        self.render_mode = render_mode
        others = _opponents(opponents, players)
        self._bot_specs = [*others[:seat], "", *others[seat:]]  # one per seat; the learner's is empty
        for seat_, spec in enumerate(self._bot_specs):
            if spec:
                make_agent(spec, table.game, seat_, 0)  # a bad spec is refused now, not at the first reset
        self.observation_space = spaces.Box(table.low, table.high, dtype=np.float32)
        self.action_space = spaces.Discrete(table.num_actions)
        self._bots: list[Agent | None] = []
        self._started = False

    @property
    def table(self) -> Table:
        """The game being played: `table.state` is the podium `State`."""
        return self._table

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: dealt from `seed` when one is given (the podium seed), else from the environment's generator
        (itself seeded by the last `seed` given, so that a seeded run is reproducible)."""
        super().reset(seed=seed)
        game_seed = check_seed(seed) if seed is not None else int(self.np_random.integers(0, 2**62))
        table = self._table
        while True:
            table.new(game_seed)
            self._bots = [
                make_agent(spec, table.game, s, game_seed * 1_000_003 + s + 1) if spec else None
                for s, spec in enumerate(self._bot_specs)
            ]
            self._started = True
            self._play_bots()
            if not table.state.is_over:
                break
            game_seed += 1  # the bots finished the game before this seat ever moved: deal the next one
        return table.observe(self.seat), {"action_mask": table.mask()}

    def _play_bots(self) -> None:
        table = self._table
        state = table.state
        while True:
            current = state.current_player
            if current is None or current == self.seat:
                return
            bot = self._bots[current]
            assert bot is not None
            legal = list(table.legal())  # a copy: a bot may reorder what it is given
            view = state.view(current) if bot.reads_views else NO_VIEW
            table.play(bot.act(view, legal).id)

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self._table
        if not self._started or table.state.is_over:
            raise PodiumError("the episode is over (or was never started): call reset() before step()")
        try:
            table.play(action)
        except IllegalAction as exc:
            # an action of the space that the rules do not allow now: the game is left as it was and the episode
            # ends as the seat's worst outcome (PettingZoo's TerminateIllegalWrapper does the same), so that a
            # policy without masks learns to avoid them and Gymnasium's checker, which steps unmasked samples, runs
            lowest = table.encoding.utility_bounds(table.players)[0]
            mask = np.zeros(table.num_actions, dtype=np.int8)
            self._started = False
            return table.observe(self.seat), lowest, True, False, {"action_mask": mask, "illegal_action": str(exc)}
        self._play_bots()
        state = table.state
        observation = table.observe(self.seat)
        if state.is_over:
            reward = table.encoding.utilities(state)[self.seat]
            return observation, reward, True, False, {"action_mask": np.zeros(table.num_actions, dtype=np.int8)}
        return observation, 0.0, False, False, {"action_mask": table.mask()}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids of this seat as booleans (all False once the game is over)."""
        if not self._started or self._table.state.is_over:
            return np.zeros(self._table.num_actions, dtype=np.bool_)
        return self._table.mask().astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None or not self._started:
            return None
        return self._table.render()


gym_env = PodiumGym
"""The environment's public name (`podium.rl.gym_env`, the `podium/<Game>-v0` entry point): the class itself, so
that its signature is written once."""


def env_id(game: str) -> str:
    """The Gymnasium id under which `game` is registered: `podium/Golf-v0` for golf."""
    return f"podium/{game.capitalize()}-v0"


def register_all() -> None:
    """Register every installed game with an encoding with Gymnasium (done when `podium.rl` is imported)."""
    for game in supported_games():
        if env_id(game) not in gymnasium.registry:
            gymnasium.register(env_id(game), entry_point="podium.rl.single:gym_env", kwargs={"game": game})
