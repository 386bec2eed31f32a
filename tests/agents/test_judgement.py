"""Bots' judgement in Olympicards and Athletic Games, not just legality (issue 17; Golf's checks are in
tests/games/golf/test_golf_bots_judgement.py): over sampled positions, `heuristic` and `hard` never make a move that is
worse for certain than another legal one.

- Olympicards (3+ players): the last player left in a sport has gold already (O-6); without world records, playing
  on only spends cards, so they withdraw.
- Athletic Games: a hand the exact solver can place entirely this turn is placed entirely (a cleared hand is a medal,
  A-7; anything less draws cards instead), unless an opponent wins by clearing next turn (then leaving them a worse
  table may be worth more than the medal).

`hard` is ISMCTS: in Olympicards the game's playout prunes every move but the withdrawal at the root; in Athletic Games
every candidate turn clears a clearable hand (`bots/turns.py`); so the property holds whatever the budget, and the
test runs `hard` with a few iterations to stay fast.
"""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.core.contract import Action, View
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.athletic.solver import SearchLimit, solve_view
from podium.games.athletic.state import AthleticState
from podium.games.athletic.view import athletic_view
from podium.games.olympicards.actions import WITHDRAW

OLYMPICARDS = get_game("olympicards")
ATHLETIC = get_game("athletic")


def last_one_in(players: int, count: int, seed: int) -> list[tuple[int, View, list[Action]]]:
    """Olympicards decisions of a player who is the last one left in a sport and could still play."""
    out: list[tuple[int, View, list[Action]]] = []
    rng = Rng(seed)
    game_seed = seed
    while len(out) < count:
        state = OLYMPICARDS.new_game(OLYMPICARDS.config(), players, game_seed)
        game_seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            legal = state.legal_actions()
            if len(view["withdrawals"]) == players - 1 and len(legal) > 1:
                out.append((p, view, legal))
            # Random play with a bias to withdraw reaches "last one in" often, with all kinds of hands.
            state.apply(WITHDRAW if WITHDRAW in legal and rng.random() < 0.3 else legal[rng.randbelow(len(legal))])
    return out


@pytest.mark.parametrize("bot_name", ["heuristic", "hard:iterations=8"])
def test_olympicards_last_one_in_withdraws(bot_name: str) -> None:
    # O-5, O-6: gold is won once every other player has withdrawn; playing on spends cards for nothing.
    points = [*last_one_in(3, 40, seed=3), *last_one_in(5, 30, seed=4)]
    wrong = []
    for i, (seat, view, legal) in enumerate(points):
        chosen = make_agent(bot_name, OLYMPICARDS, seat, i).act(view, list(legal))
        if chosen != WITHDRAW:
            wrong.append(f"{chosen.text()} with {view['hands'][seat]}")
    assert wrong == []


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
