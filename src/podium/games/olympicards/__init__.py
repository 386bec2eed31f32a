"""Olympicards (rules O-1 … O-9, rules.md): nine sports, withdrawals for cards and medals, sport cards from TOML.

Reading the game's spec (`spec.py`) imports this package: it imports nothing of the engine itself, and each name
below is imported on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.games.olympicards.actions import ACCEPT, POSTPONE, WITHDRAW, OlyAction, play_action
    from podium.games.olympicards.config import Config
    from podium.games.olympicards.game import GAME, Olympicards
    from podium.games.olympicards.phase import OlympicardsPhase
    from podium.games.olympicards.sports import Sport, SportSet, load_sports, parse_sports
    from podium.games.olympicards.state import OlympicardsState
    from podium.games.olympicards.views import OlympicardsView

_HOMES = {
    "podium.games.olympicards.actions": (
        "ACCEPT",
        "POSTPONE",
        "WITHDRAW",
        "OlyAction",
        "play_action",
    ),
    "podium.games.olympicards.config": ("Config",),
    "podium.games.olympicards.game": (
        "GAME",
        "Olympicards",
    ),
    "podium.games.olympicards.phase": ("OlympicardsPhase",),
    "podium.games.olympicards.sports": (
        "Sport",
        "SportSet",
        "load_sports",
        "parse_sports",
    ),
    "podium.games.olympicards.state": ("OlympicardsState",),
    "podium.games.olympicards.views": ("OlympicardsView",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ACCEPT",
    "GAME",
    "POSTPONE",
    "WITHDRAW",
    "Config",
    "OlyAction",
    "Olympicards",
    "OlympicardsPhase",
    "OlympicardsState",
    "OlympicardsView",
    "Sport",
    "SportSet",
    "load_sports",
    "parse_sports",
    "play_action",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_HOME[name]), name)
    return value
