"""Why a game of Olympicards ends (the reason in its `Result`)."""

from __future__ import annotations

from podium.core.contract import Termination


class OlympicardsTermination(Termination):
    NINE_SPORTS = "nine_sports"
    """The ninth sport has been played (O-8); how a tie was decided is the result's `decided_by` detail."""
