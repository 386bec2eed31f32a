"""The phases of an Olympicards game: who decides what next."""

from __future__ import annotations

from enum import IntEnum
from typing import Literal

PhaseName = Literal["decide", "play", "over"]


class OlympicardsPhase(IntEnum):
    """What the game waits for. Stored as its number in a state's dict (`to_dict`) and named in views (`label`)."""

    DECIDE = 0
    """The start player accepts or postpones the sport card just turned over (O-4)."""
    PLAY = 1
    """A sport is being played: the player to move plays or withdraws (O-5)."""
    OVER = 2
    """The ninth sport is over (O-8)."""

    @property
    def label(self) -> PhaseName:
        """The phase as views name it."""
        return _LABELS[self]


_LABELS: tuple[PhaseName, ...] = ("decide", "play", "over")
