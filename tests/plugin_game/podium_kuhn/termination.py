"""Why a Kuhn poker match ends (the reason in its `Result`): the game's own `Termination`, declared here, outside
podium, with no edit to podium's core."""

from __future__ import annotations

from podium.core.contract import Termination


class KuhnTermination(Termination):
    HANDS_PLAYED = "hands_played"
    """Every hand of the match has been played (K-5.1)."""
