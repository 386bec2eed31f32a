"""The strict readers' bulk fast paths (issue 13: states load 2-3× faster) accept exactly what the item-by-item checks
accept, and refuse the rest with the same message naming the item."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core import checks
from podium.core.errors import RecordError


def test_integers_accepts_ints_in_range_and_copies() -> None:
    data = [0, 5, 51]
    out = checks.integers(data, "hands", 0, 51, length=3)
    assert out == data and out is not data
    assert checks.integers([], "stock", 0, 51) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([1, True, 3], r"hands\[1\] must be an integer in 0..51, not True"),
        ([1, 2.0], r"hands\[1\] must be an integer in 0..51, not 2.0"),
        ([1, "5"], r"hands\[1\] must be an integer in 0..51, not '5'"),
        ([1, 52], r"hands\[1\] = 52 is out of range"),
        ([-1], r"hands\[0\] = -1 is out of range"),
        ((1, 2), "hands must be a list, not tuple"),
    ],
)
def test_integers_refuses_with_the_item_named(value: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        checks.integers(value, "hands", 0, 51)


def test_integers_checks_the_length() -> None:
    with pytest.raises(RecordError, match="hands must be a list of 3, not of 2"):
        checks.integers([1, 2], "hands", 0, 51, length=3)
    with pytest.raises(RecordError, match="hands must be a list of 1, not of 0"):
        checks.integers([], "hands", 0, 51, length=1)


def test_integer_fast_path_keeps_the_bounds() -> None:
    assert checks.integer(3, "turn", 1, 3) == 3
    with pytest.raises(RecordError, match="turn = 4 is out of range"):
        checks.integer(4, "turn", 1, 3)
    with pytest.raises(RecordError, match="turn must be an integer"):
        checks.integer(True, "turn", 0, 3)


def test_integer_rows() -> None:
    rows = [[1, 2], [3, -4]]
    out = checks.integer_rows(rows, "history", 2)
    assert out == rows and out[0] is not rows[0]
    with pytest.raises(RecordError, match=r"history\[1\]\[0\] must be an integer, not 1.5"):
        checks.integer_rows([[1, 2], [1.5, 2]], "history", 2)
    with pytest.raises(RecordError, match=r"history\[0\] must be a list of 2, not of 3"):
        checks.integer_rows([[1, 2, 3]], "history", 2)
    with pytest.raises(RecordError, match="history must be a list, not dict"):
        checks.integer_rows({}, "history", 2)


def test_memoized_reads_once_per_distinct_object() -> None:
    calls: list[Any] = []

    def read(value: Any) -> tuple[Any, ...]:
        calls.append(value)
        if value.get("rounds") == -1:
            raise RecordError("rounds must be at least 1")
        return tuple(sorted(value.items()))

    cached = checks.memoized(read)
    first = cached({"rounds": 3, "variant": "four"})
    assert cached({"rounds": 3, "variant": "four"}) is first and len(calls) == 1
    # the same values of other types are other objects: 3.0 and True are read, not taken for 3 and 1
    cached({"rounds": 3.0, "variant": "four"})
    cached({"rounds": 1})
    cached({"rounds": True})
    assert len(calls) == 4
    # an object with a nested one is read every time; a refused one is never remembered
    cached({"values": {"A": 1}})
    cached({"values": {"A": 1}})
    for _ in range(2):
        with pytest.raises(RecordError):
            cached({"rounds": -1})
    assert len(calls) == 8
    # the key holds the keys, then the values: an object whose keys and values trade places is another object
    assert cached({"variant": "rounds"}) != cached({"rounds": "variant"}) and len(calls) == 10
    with pytest.raises(AttributeError):
        cached(["not", "an", "object"])  # handed to the reader, which refuses it its own way
