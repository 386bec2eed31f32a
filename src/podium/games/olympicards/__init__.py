"""Olympicards (rules O-1 … O-9, rules.md): nine sports, withdrawals for cards and medals, sport cards from TOML."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.registry import lazy_names

if TYPE_CHECKING:
    from podium.games.olympicards.actions import ACCEPT, POSTPONE, WITHDRAW, OlyAction, play_action
    from podium.games.olympicards.config import Config
    from podium.games.olympicards.game import GAME, Olympicards
    from podium.games.olympicards.phase import OlympicardsPhase
    from podium.games.olympicards.sports import Sport, SportSet, load_sports, parse_sports
    from podium.games.olympicards.state import OlympicardsState
    from podium.games.olympicards.views import OlympicardsView

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

# Reading the spec imports this package: the engine is imported when one of these names is first read.
__getattr__ = lazy_names(__name__, __all__, ("game", "actions", "config", "phase", "sports", "state", "views"))
