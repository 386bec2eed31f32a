"""Why a game of Golf ends (the reason in its `Result`)."""

from __future__ import annotations

from podium.core.contract import Termination


class GolfTermination(Termination):
    ROUNDS_COMPLETE = "rounds_complete"
    """Every round of the game has been played (G-6); how each round ended is in the result's details."""
