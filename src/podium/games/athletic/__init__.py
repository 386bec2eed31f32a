"""Athletic Games (rules A-1 … A-8, rules.md): rules, the exact best-turn solver (`solver`), cards and actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.registry import lazy_names

if TYPE_CHECKING:
    from podium.games.athletic.actions import AthleticAction, parse_action
    from podium.games.athletic.cards import card_text, parse_card, parse_cards
    from podium.games.athletic.config import AthleticConfig
    from podium.games.athletic.game import GAME, AthleticGame
    from podium.games.athletic.state import AthleticState

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

# Reading the spec imports this package: the engine is imported when one of these names is first read.
__getattr__ = lazy_names(__name__, __all__, ("game", "actions", "cards", "config", "state"))
