"""Words the terminal says to players: seats and counts. One place, so that every command says them alike."""

from __future__ import annotations

from podium.api.tui import seat_label, seat_number

__all__ = ["plural", "seat_label", "seat_number"]


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 position`, `5 positions`; `many` where the plural is not `one` + s (`1 match`, `2 matches`)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
