"""Golf's `fast` playout steps the engine (`GolfState.step_in_round`): its searched moves leave the sampled world as it
was when asked to, and the tree walk stops at the round's end with the rewards a playout scores there (issue 27: the
rules once, in the engine; the playout keeps only the policy)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.agents.playouts import win_chances, with_margin
from podium.core.contract import State, View
from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.bots.heuristic import GolfHeuristic
from podium.games.golf.bots.playout import (
    GOLF_MARGIN,
    GOLF_MARGIN_SCALE,
    GOLF_SPREAD,
    GolfColumnsPlayout,
    GolfHeuristicPlayout,
    GolfPlayout,
)
from podium.games.golf.rules import GolfPhase
from podium.games.golf.state import GolfState


def decisions(
    options: dict[str, Any], games: int, sizes: int, bot: str = "heuristic"
) -> Iterator[tuple[GolfState, View]]:
    """Every decision of `games` seeded games between `bot`s (seed s: 2 + s % `sizes` players), as (the state, the
    mover's view); the bots move on once the caller has looked."""
    config = GAME.config(options)
    for seed in range(games):
        state = GAME.new_game(config, 2 + seed % sizes, seed)
        bots = [make_agent(bot, GAME, p, seed) for p in range(state.num_players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            yield state, view
            state.apply(bots[p].act(view, state.legal_actions()))


FOUR_CARD = [
    {"rounds": 3},
    {"round_turn_limit": 9, "rounds": 3},
    {"knock": "after", "rounds": 2},
    {"peek": "near", "rounds": 3, "discard_take_must_swap": True},
]
SIX_CARD = [
    {"variant": "six", "rounds": 2},
    {"variant": "six", "rounds": 2, "round_turn_limit": 15},
    {"variant": "six", "rounds": 2, "flip_on_discard": "may"},
    {"variant": "six", "rounds": 2, "final_turns": False, "flip_on_discard": "must"},
]


def sampled_worlds(options: dict[str, Any], seed: int) -> Iterator[tuple[GolfPlayout, State]]:
    """For about one decision in four of a few games, the playout prepared for that view and a world it samples
    (`Rng(seed)` picks the decisions and samples the worlds)."""
    rng = Rng(seed)
    for _, view in decisions(options, 6, 3):
        if rng.randbelow(4) == 0:
            playout = GolfPlayout()
            playout.prepare(view)
            yield playout, playout.sampler(GAME, view)(rng)


@pytest.mark.parametrize("options", [*FOUR_CARD, *SIX_CARD], ids=str)
def test_a_searched_move_and_its_playout(options: dict[str, Any]) -> None:
    """The flat search's step, `GolfPlayout.play`: with `keep` the world is left as it was, and the rewards are those
    of the same move played on a copy given away (`keep` False); each reward is in [0, 1]."""
    compared = 0
    for playout, world in sampled_worlds(options, 6):
        before = world.to_dict()
        for action in world.legal_actions():
            kept = playout.play(world, action, Rng(compared), True)
            assert world.to_dict() == before
            assert playout.play(world.clone(), action, Rng(compared), False) == kept
            assert all(0.0 <= x <= 1.0 for x in kept) and len(kept) == world.num_players
            compared += 1
    assert compared > 40


@pytest.mark.parametrize("options", [*FOUR_CARD, *SIX_CARD], ids=str)
def test_the_flat_searchs_world_gives_each_move_the_rewards_of_its_own_playout(options: dict[str, Any]) -> None:
    """`GolfPlayout.play_each` (the flat search plays every root move in a sampled world; four-card makes the seats
    the policy reads once for the world) gives each move the rewards `play` gives it alone, from the same generator
    state."""
    compared = 0
    for playout, world in sampled_worlds(options, 9):
        legal = list(world.legal_actions())
        alone = [playout.play(world, action, Rng(compared), True) for action in legal]
        assert playout.play_each(world, legal, Rng(compared)) == alone
        compared += len(legal)
    assert compared > 40


@pytest.mark.parametrize("options", [FOUR_CARD[0], FOUR_CARD[1], FOUR_CARD[2], SIX_CARD[0], SIX_CARD[3]], ids=str)
def test_the_tree_walk_stops_at_the_round_end_with_the_engines_rewards(options: dict[str, Any]) -> None:
    """`GolfPlayout.step`, the tree search's walk: a move that ends the round (G-5.1 after a knock, G-8.3 after going
    out, G-5.2, G-5.3) gives the rewards the engine's state after it is scored with (the game's end, or the next
    round's start, where the playout scores the round just ended); any other move is the engine's `apply`."""
    rng = Rng(8)
    stopped = stepped = 0
    for state, view in decisions(options, 8, 3):
        # late in a round (after a knock, a short stock, near the turn limit) most moves end it
        late = state.closer is not None or len(state.stock) < 8 or state.round_turns + 4 >= state.rules.turn_limit
        if (late or rng.randbelow(8) == 0) and state.phase is not GolfPhase.OVER:
            playout = GolfPlayout()
            playout.prepare(view)
            world = playout.sampler(GAME, view)(rng)
            for action in world.legal_actions():
                applied = world.clone()
                applied.apply(action)
                walked = world.clone()
                rewards = playout.step(walked, action)
                if rewards is None:
                    assert applied.round == world.round and not applied.is_over
                    assert walked.to_dict() == applied.to_dict()
                    stepped += 1
                else:
                    assert walked.totals == applied.totals and walked.history == applied.history
                    if applied.is_over:
                        assert rewards == playout.final(applied)
                    else:
                        assert applied.round == world.round + 1
                        assert rewards == playout.run(applied, Rng(0))
                    stopped += 1
    assert stopped > 3 and stepped > 50


HEURISTIC_PLAYED = [(GolfColumnsPlayout, options) for options in SIX_CARD] + [
    (GolfHeuristicPlayout, options) for options in FOUR_CARD[:3]
]


@pytest.mark.parametrize(("kind", "options"), HEURISTIC_PLAYED, ids=str)
def test_the_heuristic_playouts_play_rounds_as_the_heuristic(kind: type[GolfPlayout], options: dict[str, Any]) -> None:
    """`columns` (issue 31, six-card `hard`) and `heuristic` (four-card too): the rest of a round is each seat's
    heuristic move from its own view of the sampled world, through the engine: the same round as the heuristic bots
    playing it with the checked `apply` (the same totals and round scores)."""
    rng = Rng(10)
    compared = 0
    for state, view in decisions(options, 6, 3):
        if rng.randbelow(6) or state.phase is GolfPhase.OVER:
            continue
        playout = kind()
        playout.prepare(view)
        world = playout.sampler(GAME, view)(rng)
        played = world.clone()
        playout.run(played, Rng(0))
        applied = world.clone()
        bot = GolfHeuristic(GAME, 0)
        while applied.round == world.round and not applied.is_over:
            p = applied.current_player
            assert p is not None
            applied.apply(bot.act(applied.view(p), applied.legal_actions()))
        assert played.totals == applied.totals
        assert played.history == applied.history
        compared += 1
    assert compared > 10


def test_the_columns_playout_is_fast_in_four_card_golf() -> None:
    """Four-card Golf has no columns: `columns` plays and scores its rounds as `fast` does, with the full budget."""
    for state, view in decisions({"rounds": 2}, 3, 2):
        if state.phase is GolfPhase.OVER:
            continue
        fast, columns = GolfPlayout(), GolfColumnsPlayout()
        fast.prepare(view)
        columns.prepare(view)
        assert columns.iterations(view, 600) == 600
        world = fast.sampler(GAME, view)(Rng(3))
        for action in world.legal_actions():
            assert columns.play(world, action, Rng(4), True) == fast.play(world, action, Rng(4), True)


def test_a_rounds_estimate_is_the_margin_mixed_win_chances() -> None:
    """The playout's reward at a round's end (`_estimate`, written out for speed) is `with_margin(win_chances(...))`
    to the last bit: the spread grows with the square root of the rounds left."""
    playout = GolfPlayout()
    rng = Rng(3)
    for _ in range(400):
        n = 2 + rng.randbelow(4)
        totals = [float(rng.randbelow(60) - 5) for _ in range(n)]
        if rng.randbelow(4) == 0:
            totals[-1] = totals[0]  # ties
        left = 1 + rng.randbelow(8)
        chances = win_chances(totals, GOLF_SPREAD * math.sqrt(left), False)
        expected = with_margin(chances, totals, False, GOLF_MARGIN, GOLF_MARGIN_SCALE)
        assert playout._estimate(totals, left) == expected
