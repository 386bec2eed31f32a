"""The Golf playout's rounds on plain lists (`bots/rollout.py`) give exactly what the same policy gives through the
engine (issue 13 target 6: a faster playout, the same results at the same seed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.agents.playouts import Playout
from podium.core.contract import View
from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.bots.playout import LAST_CARD_PENALTY, GolfPlayout, _best_swap, _should_knock
from podium.games.golf.bots.rollout import finish_four, finish_round, fits
from podium.games.golf.bots.rollout_six import finish_six
from podium.games.golf.bots.tuning import TAKE_GAIN, UNKNOWN_MARGIN
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


VARIANTS = [
    {},
    {"rounds": 1},
    {"round_turn_limit": 12},
    {"variant": "six"},
    {"variant": "six", "rounds": 2, "six_scoring": "total"},
    {"peek": "near", "values": "six"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_rounds_on_lists_score_as_through_the_engine(options: dict[str, Any]) -> None:
    rng = Rng(9)
    compared = 0
    for state, view in decisions(options, 12, 3, "heuristic-v1"):
        assert fits(state.rules)
        if rng.randbelow(3) == 0:
            world = GAME.determinize(view, Rng(compared))
            results = []
            for through_engine in (False, True):
                playout = GolfPlayout(through_engine)
                playout.prepare(view)
                results.append(playout.run(world.clone(), Rng(compared)))
            assert results[0] == results[1]
            compared += 1
    assert compared > 50


FOUR_CARD = [
    {"rounds": 3},
    {"round_turn_limit": 9, "rounds": 3},
    {"values": "six", "rounds": 2},
    {"peek": "near", "rounds": 3},
]


SIX_CARD = [
    {"variant": "six", "rounds": 2},
    {"variant": "six", "rounds": 2, "six_scoring": "total"},
    {"variant": "six", "rounds": 2, "round_turn_limit": 15},
]


@pytest.mark.parametrize("options", [*FOUR_CARD, *SIX_CARD], ids=str)
def test_the_inline_policies_play_as_the_policy_functions(options: dict[str, Any]) -> None:
    """`finish_four` (the four-card policy written inline, with its per-seat prices kept between turns) and
    `finish_six` (the six-card `_best_swap` written inline, each seat's slots kept between turns) end the round with
    the totals `finish_round` gives with the policy's own functions, on worlds dealt by the search's sampler at turn
    starts."""
    six = options.get("variant") == "six"
    rng = Rng(5 if six else 4)
    compared = 0
    for state, view in decisions(options, 12 if six else 16, 4):
        if state.phase == GolfPhase.START and rng.randbelow(2) == 0:
            playout = GolfPlayout()
            playout.prepare(view)
            sample = playout.sampler(GAME, view)
            for _ in range(3 if six else 4):
                world = sample(rng)
                expected = finish_round(world, playout.price, _best_swap, _should_knock, TAKE_GAIN)
                if six:
                    totals = finish_six(world, playout.price, TAKE_GAIN, UNKNOWN_MARGIN, LAST_CARD_PENALTY)
                else:
                    totals = finish_four(world, playout.four)
                assert totals == expected
                compared += 1
    assert compared > 150


@pytest.mark.parametrize("options", [*FOUR_CARD[:2], *SIX_CARD[:2]], ids=str)
def test_a_searched_move_on_lists_scores_as_through_the_engine(options: dict[str, Any]) -> None:
    """The flat search's step, `GolfPlayout.play` (the move and the rest of the round on lists, `world` untouched),
    gives the rewards of the move applied by the engine and the same policy played through it, for every legal move
    of sampled worlds at turn starts and with a card in hand."""
    rng = Rng(6)
    compared = 0
    for state, view in decisions(options, 10, 3):
        if state.phase in (GolfPhase.START, GolfPhase.DRAWN) and rng.randbelow(3) == 0:
            playout = GolfPlayout()
            playout.prepare(view)
            engine = GolfPlayout(through_engine=True)
            engine.prepare(view)
            world = playout.sampler(GAME, view)(rng)
            before = world.to_dict()
            for action in world.legal_actions():
                expected = Playout.play(engine, world, action, Rng(compared), True)
                assert playout.play(world, action, Rng(compared), True) == expected
                assert world.to_dict() == before
                compared += 1
    assert compared > 150


@pytest.mark.parametrize("options", [*FOUR_CARD[:2], SIX_CARD[0], SIX_CARD[2]], ids=str)
def test_the_tree_walk_stops_at_the_round_end_with_the_engines_rewards(options: dict[str, Any]) -> None:
    """`GolfPlayout.step`, the tree search's walk: a move that ends the round (G-5.1 after a knock, G-8.3 after going
    out, G-5.2, G-5.3) gives the rewards the engine's state after it is scored with (the game's end, or the next
    round's start, where the playout scores the round just ended) and leaves `world` untouched; any other move is the
    engine's `apply`."""
    rng = Rng(8)
    stopped = stepped = 0
    for state, view in decisions(options, 12, 3):
        # late in a round (after a knock, a short stock, near the turn limit) most moves end it
        late = state.closer is not None or len(state.stock) < 8 or state.round_turns + 4 >= state.rules.turn_limit
        if late or rng.randbelow(8) == 0:
            playout = GolfPlayout()
            playout.prepare(view)
            world = playout.sampler(GAME, view)(rng)
            before = world.to_dict()
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
                    assert walked.to_dict() == before
                    if applied.is_over:
                        assert rewards == playout.final(applied)
                    else:
                        assert applied.round == world.round + 1
                        assert rewards == GolfPlayout(through_engine=True).run(applied, Rng(0))
                    stopped += 1
    assert stopped > 100 and stepped > 300
