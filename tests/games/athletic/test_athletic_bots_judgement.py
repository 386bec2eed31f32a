"""Athletic Games bots' judgement, not just legality (issue 17; the other games' checks are in their folders): over
sampled positions, `heuristic` and `hard` never make a move that is worse for certain than another legal one: a hand
the exact solver can place entirely this turn is placed entirely (a cleared hand is a medal, A-7; anything less draws
cards instead), unless an opponent wins by clearing next turn (then leaving them a worse table may be worth more than
the medal).

`hard` is ISMCTS: every candidate turn clears a clearable hand (`bots/turns.py`); so the property holds whatever the
budget, and the test runs `hard` with a few iterations to stay fast.
"""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.core.registry import get_game
from podium.games.athletic.solver import SearchLimit, solve_view
from podium.games.athletic.state import AthleticState
from podium.games.athletic.view import athletic_view

ATHLETIC = get_game("athletic")


def clearable_turns(options: dict[str, Any], count: int, seed: int) -> list[tuple[AthleticState, int]]:
    """Athletic turn starts whose hand the solver can place entirely, from games of random and heuristic bots."""
    out: list[tuple[AthleticState, int]] = []
    game_seed = seed
    while len(out) < count:
        state = ATHLETIC.new_game(ATHLETIC.config(options), 2, game_seed)
        bots = [make_agent(name, ATHLETIC, p, game_seed) for p, name in enumerate(["heuristic", "random"])]
        game_seed += 1
        last_turn = -1
        while not state.is_over and state.turn < 30 and len(out) < count:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if state.turn != last_turn:
                last_turn = state.turn
                try:
                    plan = solve_view(athletic_view(view), node_limit=20_000)
                except SearchLimit:
                    plan = None
                hand = state.hands[p]
                target = state.config.medals_to_win
                # When an opponent wins by clearing next, denying them the table can be worth more than a medal
                # (bots/turns.py): no certain judgement there.
                threat = any(m + 1 >= target for q, m in enumerate(state.medals) if q != p)
                if plan is not None and hand and plan.placed == len(hand) and not threat:
                    out.append((state.clone(), p))
            state.apply(bots[p].act(view, state.legal_actions()))
    return out


@pytest.mark.slow  # whole turns of the solver and the turn search on many sampled positions
@pytest.mark.parametrize("bot_name", ["heuristic", "hard:iterations=6"])
def test_athletic_a_clearable_hand_is_cleared(bot_name: str) -> None:
    # clearing the hand wins a medal; a turn that places fewer cards gives it up for nothing.
    points = clearable_turns({}, 25, seed=11)
    wrong = []
    for i, (start, seat) in enumerate(points):
        state = start.clone()
        bot = make_agent(bot_name, ATHLETIC, seat, i)
        medals = state.medals[seat]
        turn = state.turn
        while not state.is_over and state.turn == turn:
            state.apply(bot.act(state.view(seat), state.legal_actions()))
        if state.medals[seat] != medals + 1:
            wrong.append(f"turn {turn}: hand {start.hands[seat]} not cleared")
    assert wrong == []
