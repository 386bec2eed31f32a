"""Golf (rules G-1 … G-8, rules.md): four-card Golf and six-card Golf, 2-5 players, lowest total wins.

Reading the game's spec (`spec.py`) imports this package: it imports nothing of the engine itself, and each name
below is imported on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
    from podium.games.golf.views import GolfView

_HOMES = {
    "podium.games.golf.actions": (
        "ACTIONS",
        "DISCARD_ACTION",
        "DRAW_ACTION",
        "FLIPS",
        "KNOCK_ACTION",
        "NUM_ACTIONS",
        "PASS_ACTION",
        "PEEKS",
        "SWAPS",
        "TAKE_ACTION",
        "GolfAction",
    ),
    "podium.games.golf.config": (
        "GolfConfig",
        "RankValues",
    ),
    "podium.games.golf.game": (
        "GAME",
        "GolfGame",
    ),
    "podium.games.golf.rules": ("GolfPhase",),
    "podium.games.golf.state": ("GolfState",),
    "podium.games.golf.views": ("GolfView",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

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


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_HOME[name]), name)
    return value
