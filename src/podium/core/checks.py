"""Strict readers for stored data (state dicts, records): every game checks what it loads the same way.

A stored state is untrusted input (a file, a database row, a message): an integer must be an int (not `"5"`, `5.9`
or `True`), within its range; a list must be a list, of the right length; a card must be a card id of the game.
Each reader raises `RecordError` naming the field and what is allowed, so a bad file is refused with a reason
instead of producing a state that breaks later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import chain
from typing import Any, TypeVar

from podium.core.errors import RecordError

T = TypeVar("T")


def integer(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is an int (bool excluded) in `low..high` (either bound may be None)."""
    if value.__class__ is int and (low is None or value >= low) and (high is None or value <= high):
        return value  # the common case, decided without a call
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
    if value.__class__ is not dict and not isinstance(value, Mapping):
        raise RecordError(f"{name} must be an object, not {type(value).__name__}")
    return value


def integers(
    value: Any, name: str, low: int | None = None, high: int | None = None, length: int | None = None
) -> list[int]:
    """A list of integers in `low..high`, e.g. card ids (`low=0, high=deck_size - 1`)."""
    # Checked in bulk (the types as a set, then the extremes), and the item's name built only for an error: states
    # are read list by list on every load. A copy, as below: the state must not share lists with the data.
    if value.__class__ is list and (length is None or len(value) == length):
        if not value:
            return []
        if (
            set(map(type, value)) == _INT
            and (low is None or min(value) >= low)
            and (high is None or max(value) <= high)
        ):
            return value[:]
    items = sequence(value, name, length)
    return [integer(item, f"{name}[{i}]", low, high) for i, item in enumerate(items)]


_INT = {int}


def integer_rows(
    value: Any,
    name: str,
    length: int | None = None,
    low: int | None = None,
    high: int | None = None,
    *,
    rows: int | None = None,
) -> list[list[int]]:
    """A list (of `rows` items, when given) of lists of integers in `low..high` (of `length` each, when given), e.g.
    per-round scores per seat or each seat's cards, as `integers` reads each row."""
    items = sequence(value, name, rows)
    if all(row.__class__ is list and (length is None or len(row) == length) for row in items):
        every = list(chain.from_iterable(items))
        if not every or (
            set(map(type, every)) == _INT
            and (low is None or min(every) >= low)
            and (high is None or max(every) <= high)
        ):
            return [row[:] for row in items]
    return [integers(row, f"{name}[{i}]", low, high, length=length) for i, row in enumerate(items)]


def memoized(read: Callable[[Any], T], size: int = 64) -> Callable[[Any], T]:
    """`read` (a strict reader of a small JSON object, e.g. a stored config) remembering its last results: a stored
    state holds its config, and reading the config again would cost more than the rest of the state. The object is
    recognised by its keys, and the type and value of each entry, so `1`, `1.0` and `true` stay different; an object
    with a nested list or object, or anything but an object, is read every time, and so is one that `read` refuses
    (an error is never remembered). `read`'s results must be immutable: they are shared."""
    found: dict[tuple[Any, ...], T] = {}

    def cached(value: Any) -> T:
        try:
            # keys, values and their types in one flat tuple (its length tells the number of keys): no pair tuples
            values = value.values()
            key = (*value, *values, *map(type, values))
            result = found.get(key)
        except (AttributeError, TypeError):  # no mapping, or an unhashable entry
            return read(value)
        if result is None:
            result = read(value)
            if len(found) >= size:
                found.clear()
            found[key] = result
        return result

    return cached


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" in {low}..{high}"
    if low is not None:
        return f" ≥ {low}"
    if high is not None:
        return f" ≤ {high}"
    return ""
