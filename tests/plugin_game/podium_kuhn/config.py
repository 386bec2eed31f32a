"""Kuhn poker's rule options (rules.md, "Rule options")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from podium.core.config import GameConfig, option
from podium.core.errors import ConfigError

MAX_HANDS = 100
MAX_BET = 5


@dataclass(frozen=True)
class KuhnConfig(GameConfig):
    game_name: ClassVar[str] = "kuhn"

    hands: int = option(
        1, doc="hands in a match; the first seat moves on by one each hand (K-5)", minimum=1, maximum=MAX_HANDS
    )
    bet: int = option(
        1, doc="chips a bet or a call puts in the pot; the ante is always 1 (K-3)", minimum=1, maximum=MAX_BET
    )

    def __post_init__(self) -> None:
        for name, high in (("hands", MAX_HANDS), ("bet", MAX_BET)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
                raise ConfigError(f"invalid value {value!r} for kuhn option {name!r}; allowed: integer 1..{high}")
