"""Athletic Games (rules A-1 … A-8, rules.md): rules, the exact best-turn solver (`solver`), cards and actions."""

from podium.games.athletic.actions import AthleticAction, parse_action
from podium.games.athletic.cards import card_text, parse_card, parse_cards
from podium.games.athletic.config import AthleticConfig
from podium.games.athletic.game import AthleticGame
from podium.games.athletic.state import AthleticState

GAME = AthleticGame()
AthleticState.game = GAME

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
