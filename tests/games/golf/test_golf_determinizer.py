"""Golf's `determinizer` (issue 13 target 6): the view is read once, and what it refuses it refuses as `determinize`
does, with the same message, before any sample is dealt (every game's samples: tests/agents/test_determinizers.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from podium.core.contract import View
from podium.core.errors import RecordError
from podium.core.registry import get_game
from podium.core.rng import Rng


def golf_view() -> View:
    game = get_game("golf")
    state = game.new_game(game.config({}), 3, 4)
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    return state.view(1)


def spoiled(view: View, key: str, value: Any) -> View:
    bad = copy.deepcopy(view)
    if value is KeyError:
        del bad[key]
    else:
        bad[key] = value
    return bad


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("game", "olympicards", "not a golf view"),
        ("stock_size", 3, "do not add up to a deck"),
        ("hands", KeyError, "not a golf view: KeyError"),
        ("num_players", 9, "num_players = 9 is out of range"),
    ],
)
def test_golf_refuses_a_bad_view_when_preparing_with_determinizes_message(key: str, value: Any, message: str) -> None:
    game = get_game("golf")
    bad = spoiled(golf_view(), key, value)
    with pytest.raises(RecordError) as refused:
        game.determinize(bad, Rng(1))
    with pytest.raises(RecordError) as prepared:
        game.determinizer(bad)
    assert message in str(prepared.value)
    assert str(prepared.value) == str(refused.value)
