"""Golf under explicit chance (podium.core.chance; every game's checks: tests/core/test_chance.py): refused outcomes
and actions, and a step that waits for the deal it starts."""

from __future__ import annotations

import pytest

from game_support import sample_chance
from podium.core.chance import deal
from podium.core.contract import CHANCE
from podium.core.errors import IllegalAction
from podium.core.registry import get_game
from podium.core.rng import Rng


def test_refused_outcomes_and_actions_change_nothing() -> None:
    game = get_game("golf")
    state = game.new_game(game.config(chance=True, rounds=1), 2, 0)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="chance deals one of the cards"):
        state.apply(game.parse_action("draw"))
    state.apply(deal(5))
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="chance deals"):
        state.apply(deal(5))  # already dealt
    assert state.to_dict() == before
    sample_chance(state, Rng(3))
    decided = state.to_dict()
    with pytest.raises(IllegalAction, match="no card is being dealt"):
        state.apply(deal(0))
    with pytest.raises(IllegalAction):
        state.apply(game.parse_action("swap 1"))  # G-4.1: no card in hand yet
    assert state.to_dict() == decided


def test_a_step_completes_with_its_last_outcome() -> None:
    # G-3: the round's last action deals the next round; its events come with the deal's last card.
    game = get_game("golf")
    state = game.new_game(game.config(chance=True, rounds=2, peek="near"), 2, 0)
    rng = Rng(4)
    sample_chance(state, rng)
    events = state.apply(game.parse_action("knock"))
    assert [e.kind for e in events] == ["knock"]
    while not state.is_chance():
        legal = state.legal_actions()
        events = state.apply(legal[rng.randbelow(len(legal))])
    assert events == []  # the step waits for chance
    view = state.view(0)
    assert view["current_player"] == CHANCE and view["round"] == 1
    while state.is_chance():
        outcomes = state.chance_outcomes()
        events = state.apply(outcomes[0][0])
    assert "round_end" in [e.kind for e in events] and "deal" in [e.kind for e in events]
    assert state.view(0)["round"] == 2
