"""FROZEN BASELINE (issue 13, targets 2-4): a copy of the module of before the speed work, for bench/speed.py. Do
not edit.

Strict readers for stored data (state dicts, records): every game checks what it loads the same way.

A stored state is untrusted input (a file, a database row, a message): an integer must be an int (not `"5"`, `5.9`
or `True`), within its range; a list must be a list, of the right length; a card must be a card id of the game.
Each reader raises `RecordError` naming the field and what is allowed, so a bad file is refused with a reason
instead of producing a state that breaks later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.core.errors import RecordError


def integer(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is an int (bool excluded) in `low..high` (either bound may be None)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{name} must be an integer{_range(low, high)}, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(f"{name} = {value} is out of range: it must be an integer{_range(low, high)}")
    return value


def optional_integer(value: Any, name: str, low: int | None = None, high: int | None = None) -> int | None:
    """`integer`, or None."""
    return None if value is None else integer(value, name, low, high)


def boolean(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{name} must be true or false, not {value!r}")
    return value


def sequence(value: Any, name: str, length: int | None = None) -> list[Any]:
    """`value` if it is a list (of `length` items when given)."""
    if not isinstance(value, list):
        raise RecordError(f"{name} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise RecordError(f"{name} must be a list of {length}, not of {len(value)}")
    return value


def mapping(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"{name} must be an object, not {type(value).__name__}")
    return value


def integers(
    value: Any, name: str, low: int | None = None, high: int | None = None, length: int | None = None
) -> list[int]:
    """A list of integers in `low..high`, e.g. card ids (`low=0, high=deck_size - 1`)."""
    items = sequence(value, name, length)
    # Checked inline, and the item's name built only for an error: states are read item by item on every load.
    if all(type(item) is int and (low is None or item >= low) and (high is None or item <= high) for item in items):
        return list(items)  # a copy, as below: the state must not share lists with the data it was read from
    return [integer(item, f"{name}[{i}]", low, high) for i, item in enumerate(items)]


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" in {low}..{high}"
    if low is not None:
        return f" ≥ {low}"
    if high is not None:
        return f" ≤ {high}"
    return ""
