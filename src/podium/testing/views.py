"""Views as tests compare them: a view's arrays may be tuples shared between views (docs/architecture.md, `View`),
so a rule test that writes the expected value with list literals compares `plain(view)`."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """A view (or a part of one) with its tuples as lists, as JSON carries it."""
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value
