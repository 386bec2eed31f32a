"""The strict readers of stored data: ints are ints, ranges hold, lists are lists."""

from __future__ import annotations

import pytest

from podium.core.checks import boolean, integer, integers, mapping, optional_integer, sequence
from podium.core.errors import RecordError


@pytest.mark.parametrize("bad", ["5", 5.9, 5.0, True, None, [5]])
def test_an_integer_must_be_an_int(bad: object) -> None:
    with pytest.raises(RecordError, match=r"turn must be an integer in 0\.\.9, not "):
        integer(bad, "turn", 0, 9)


def test_integers_within_their_range() -> None:
    assert integer(0, "turn", 0, 9) == 0 and integer(9, "turn", 0, 9) == 9 and integer(-4, "score") == -4
    with pytest.raises(RecordError, match=r"turn = 10 is out of range: it must be an integer in 0\.\.9"):
        integer(10, "turn", 0, 9)
    with pytest.raises(RecordError, match="medals = -1 is out of range: it must be an integer ≥ 0"):
        integer(-1, "medals", 0)
    assert optional_integer(None, "first") is None and optional_integer(2, "first", 0, 4) == 2


def test_lists_and_objects() -> None:
    assert integers([3, 0, 51], "hand", 0, 51) == [3, 0, 51]
    with pytest.raises(RecordError, match=r"hand\[1\] = 52 is out of range"):
        integers([3, 52], "hand", 0, 51)
    with pytest.raises(RecordError, match="hand must be a list, not str"):
        integers("3 4", "hand", 0, 51)
    with pytest.raises(RecordError, match="piles must be a list of 5, not of 4"):
        sequence([[], [], [], []], "piles", 5)
    with pytest.raises(RecordError, match="config must be an object, not list"):
        mapping([], "config")
    with pytest.raises(RecordError, match="must be true or false, not 1"):
        boolean(1, "knocked")
