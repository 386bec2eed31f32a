"""Olympicards bots' judgement, not just legality (issue 17; the other games' checks are in their folders): over
sampled positions, `heuristic` and `hard` never make a move that is worse for certain than another legal one. With
3+ players, the last player left in a sport has gold already (O-6); without world records, playing on only spends
cards, so they withdraw.

`hard` is ISMCTS: the game's playout prunes every move but the withdrawal at the root; so the property holds whatever
the budget, and the test runs `hard` with a few iterations to stay fast.
"""

from __future__ import annotations

import pytest

from podium.agents.base import make_agent
from podium.core.contract import Action, View
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.olympicards.actions import WITHDRAW

OLYMPICARDS = get_game("olympicards")


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
