"""Golf's batch engine in JAX (podium.games.golf.jax) held to the reference engine at every step
(`podium.games.golf.jax.differential`): thousands of games, random and the heuristic's moves, four- and six-card, two
to five players and every rule option that changes play; the same deck order and the same actions must give the same
legal ids, observations (podium.rl's encoder), seat to move, round, scores (G-5, G-6, G-8.4, G-8.5), game end and
utilities. A deliberately broken rule must make the check fail. One compile per case (module-scoped), so that the
whole file stays within its share of the suite's time."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

pytest.importorskip("jax", reason="the jax extra is not installed (pip install -e '.[jax]')")
pytest.importorskip("pgx", reason="the jax extra is not installed (pip install -e '.[jax]')")

import jax
import jax.numpy as jnp
import numpy as np

import podium.jax
from podium.core.errors import ConfigError
from podium.games.golf.config import GolfConfig
from podium.games.golf.jax import engine, shuffle
from podium.games.golf.jax.differential import Compiled, Mismatch, run

# Each variant compiles its own XLA program: about two of the fast tier's minutes on a loaded machine.
pytestmark = pytest.mark.slow

SIX_VALUES_TWIST = "A=1,2=-2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=-5"
# (players, rules, random games): between them every option that changes play, at two to five players
CASES: dict[str, tuple[int, dict[str, Any], int]] = {
    "four-default": (2, {}, 384),
    "six-may": (3, {"variant": "six", "flip_on_discard": "may", "rounds": 2}, 512),
    "six-must-total": (
        5,
        {"variant": "six", "flip_on_discard": "must", "final_turns": False, "six_scoring": "total", "rounds": 1,
         "round_turn_limit": 0, "values": SIX_VALUES_TWIST},
        384,
    ),
    "four-after-near": (
        4,
        {"knock": "after", "peek": "near", "round_turn_limit": 6, "rounds": 2, "discard_take_must_swap": True},
        512,
    ),
}  # fmt: skip


@cache
def compiled(name: str) -> Compiled:
    """Each case's environment compiled once for the whole file."""
    players, rules, _ = CASES[name]
    return Compiled.of(GolfConfig.from_options(rules), players)


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> tuple[Compiled, int]:
    return compiled(request.param), CASES[request.param][2]


def test_random_games_equal_the_reference_engine(case: tuple[Compiled, int]) -> None:
    # G-3 … G-8: every step of every game (legal ids, observations, scores, round and game ends, utilities)
    compiled, games = case
    report = run(compiled, games, seed=11)
    assert report.games == games and report.steps > games * 10
    assert report.rounds == games * compiled.env.params.rounds


@pytest.fixture(scope="module")
def four() -> Compiled:
    return compiled("four-default")


def test_heuristic_games_equal_the_reference_engine(four: Compiled) -> None:
    # the heuristic's games last longer and end more often by the stock (G-5.2) than random ones
    report = run(four, 48, seed=5, policy="heuristic")
    assert report.rounds == 48 * 9
    assert report.ends["knock_ends"] > 0


def test_a_broken_rule_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # G-6 broken on purpose: round scores as the sums, not minus the winner's sum; the check must see it at the
    # first round's end
    monkeypatch.setattr(engine, "round_scores", lambda p, sums: sums)
    broken = Compiled.of(GolfConfig.from_options({"rounds": 1}), 2)
    with pytest.raises(Mismatch, match=r"totals|scores"):
        run(broken, 8, seed=3)


def test_the_pgx_api(four: Compiled) -> None:
    env = four.env
    assert env.num_players == 2 and env.num_actions == 23 and env.id == "podium/golf"
    state = four.init(jax.random.split(jax.random.PRNGKey(0), 4))
    assert state.observation.shape == (4, *env.observation_shape)
    assert state.legal_action_mask.shape == (4, 23)
    assert not np.asarray(state.terminated).any() and not np.asarray(state.rewards).any()
    # an illegal action ends the game with pgx's penalty for the seat that played it
    mover = np.asarray(state.current_player)
    illegal = np.argmin(np.asarray(state.legal_action_mask), axis=1)
    after = four.step(state, jnp.asarray(illegal))
    assert np.asarray(after.terminated).all()
    rewards = np.asarray(after.rewards)
    assert (rewards[np.arange(4), mover] == -1).all()


def test_refused_options_are_named() -> None:
    with pytest.raises(ConfigError, match="chance"):
        podium.jax.make("golf", players=2, rules={"chance": True})


def test_a_round_deck_is_a_permutation_and_the_deal_equals_the_draws() -> None:
    # G-3: every round is dealt from a full 52-card deck; the deal's cards found together (a Lehmer code) are the
    # cards the stock's draws would have given one after the other (shuffle.take), which is the order the reference
    # engine is dealt by the differential check
    seeds = jax.vmap(shuffle.seed_of)(jax.random.split(jax.random.PRNGKey(7), 512))
    decks = np.asarray(jax.jit(jax.vmap(lambda seed: shuffle.deck_order(seed, jnp.int32(3), 12)))(seeds))
    assert (np.sort(decks, axis=1) == np.arange(52)).all()
    dealt, used = jax.jit(jax.vmap(lambda seed: shuffle.deal(seed, jnp.int32(3), 52)))(seeds)
    # deck_order lays the draws out as the reference engine does: hands, then the stock from its bottom, the
    # discard pile's first card last
    draws = np.concatenate([decks[:, :12], decks[:, 51:52], decks[:, 12:51][:, ::-1]], axis=1)
    assert (np.asarray(dealt) == draws).all()
    assert (np.asarray(used) == [0xFFFFFFFF, (1 << 20) - 1]).all()
    # the first card is spread over the deck (512 games: every card ~10 times, none more than 4 times that)
    counts = np.bincount(decks[:, 0], minlength=52)
    assert counts.max() <= 40 and (counts > 0).sum() >= 45


def test_a_batch_deals_only_the_games_that_want_a_deal_and_the_same_cards() -> None:
    # under vmap `deal_where` deals the wanting games compacted (at most 64 // 8 + 1 = 9 of them), or all the
    # batch when more want one (22 in the last case): either way each wanting game gets exactly `deal`'s cards,
    # the others are left for the caller to ignore
    seeds = jax.vmap(shuffle.seed_of)(jax.random.split(jax.random.PRNGKey(5), 64))
    rounds = jnp.arange(64, dtype=jnp.int32) % 9 + 1
    batch = jax.jit(jax.vmap(lambda w, s, r: shuffle.deal_where(w, s, r, 9)))
    want_cards, want_used = jax.vmap(lambda s, r: shuffle.deal(s, r, 9))(seeds, rounds)
    for wanted_games in ([], [3], [0, 5, 17, 63], list(range(0, 64, 3))):
        rows = np.asarray(wanted_games, dtype=np.int64)
        wanted = jnp.asarray(np.isin(np.arange(64), rows))
        cards, used = batch(wanted, seeds, rounds)
        assert (np.asarray(cards)[rows] == np.asarray(want_cards)[rows]).all()
        assert (np.asarray(used)[rows] == np.asarray(want_used)[rows]).all()
    # one game alone (no vmap) is dealt as `deal` deals it
    one = shuffle.deal_where(jnp.bool_(True), seeds[7], rounds[7], 9)
    assert (np.asarray(one[0]) == np.asarray(want_cards[7])).all()
