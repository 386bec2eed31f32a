"""Athletic Games (rules A-1 … A-8, rules.md): rules, the exact best-turn solver (`solver`), cards and actions.

Reading the game's spec (`spec.py`) imports this package: it imports nothing of the engine itself, and each name
below is imported on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.games.athletic.actions import AthleticAction, parse_action
    from podium.games.athletic.cards import card_text, parse_card, parse_cards
    from podium.games.athletic.config import AthleticConfig
    from podium.games.athletic.game import GAME, AthleticGame
    from podium.games.athletic.state import AthleticState

_HOMES = {
    "podium.games.athletic.actions": (
        "AthleticAction",
        "parse_action",
    ),
    "podium.games.athletic.cards": (
        "card_text",
        "parse_card",
        "parse_cards",
    ),
    "podium.games.athletic.config": ("AthleticConfig",),
    "podium.games.athletic.game": (
        "GAME",
        "AthleticGame",
    ),
    "podium.games.athletic.state": ("AthleticState",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "GAME",
    "AthleticAction",
    "AthleticConfig",
    "AthleticGame",
    "AthleticState",
    "card_text",
    "parse_action",
    "parse_card",
    "parse_cards",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_HOME[name]), name)
    return value
