"""Why a game of Athletic Games ends (the reason in its `Result`)."""

from __future__ import annotations

from podium.core.contract import Termination


class AthleticTermination(Termination):
    MEDALS = "medals"
    """A player reached the medals to win (A-7)."""
    TURN_LIMIT = "turn_limit"
    """The safety net: `max_turns` turns were played, and the most medals win (A-7)."""
