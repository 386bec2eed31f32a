"""Golf (rules G-1 … G-8, rules.md): four-card Golf and six-card Golf, 2-5 players, lowest total wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.registry import lazy_names

if TYPE_CHECKING:
    from podium.games.golf.actions import (
        ACTIONS,
        DISCARD_ACTION,
        DRAW_ACTION,
        FLIPS,
        KNOCK_ACTION,
        NUM_ACTIONS,
        PASS_ACTION,
        PEEKS,
        SWAPS,
        TAKE_ACTION,
        GolfAction,
    )
    from podium.games.golf.config import GolfConfig, RankValues
    from podium.games.golf.game import GAME, GolfGame
    from podium.games.golf.rules import GolfPhase
    from podium.games.golf.state import GolfState
    from podium.games.golf.view import GolfView

__all__ = [
    "ACTIONS",
    "DISCARD_ACTION",
    "DRAW_ACTION",
    "FLIPS",
    "GAME",
    "KNOCK_ACTION",
    "NUM_ACTIONS",
    "PASS_ACTION",
    "PEEKS",
    "SWAPS",
    "TAKE_ACTION",
    "GolfAction",
    "GolfConfig",
    "GolfGame",
    "GolfPhase",
    "GolfState",
    "GolfView",
    "RankValues",
]

# Reading the spec imports this package: the engine is imported when one of these names is first read.
__getattr__ = lazy_names(__name__, __all__, ("game", "actions", "config", "rules", "state", "view"))
