"""Golf's refusals of an action in a record, in Golf's words (every game's: tests/core/test_action_errors.py)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core.errors import RecordError
from podium.core.record import Record
from podium.core.registry import get_game


def _record(moves: list[Any]) -> Record:
    # Golf, four cards: the round starts with each player's two peeks (G-3.3).
    return Record("golf", get_game("golf").config().to_dict(), 3, 2, moves=[(0, m) for m in moves])


def test_a_record_says_a_malformed_action() -> None:
    with pytest.raises(
        RecordError, match=r"^ply 1: malformed action: .*'fly'.* is not a Golf action; 'type' is one of"
    ):
        _record([{"type": "peek", "slot": 0}, {"type": "fly"}]).check()


def test_a_record_says_an_illegal_action() -> None:
    # G-3.3: knocking during the initial peeks is an action of Golf that the rules do not allow then.
    with pytest.raises(RecordError, match=r"^ply 1: illegal action: knock is not allowed now"):
        _record([{"type": "peek", "slot": 0}, {"type": "knock"}]).check()
