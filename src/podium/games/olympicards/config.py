"""Olympicards rule options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core.config import GameConfig, chance_option, option
from podium.core.errors import ConfigError
from podium.games.olympicards.sports import BUILTIN_SETS, SportSet, load_sports

MAX_SEAT = 6  # at most 7 players; the game checks the seat against the number of players


def _parse_first_player(raw: Any) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in {"", "none"}):
        return None
    if isinstance(raw, bool):
        raise ValueError("a seat number")
    return int(raw)


def _parse_sports(raw: Any) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError("a built-in set name or the path of a TOML file")
    return raw.strip()


@dataclass(frozen=True)
class Config(GameConfig):
    game_name: ClassVar[str] = "olympicards"

    world_record: bool = option(
        False,
        doc="O-8: gold in a starred sport taken with an empty hand keeps the sport card (2 points)",
    )
    first_player: int | None = option(
        None,
        doc="O-2: the seat that starts with the start player card, counted from 0 as in records: 0 is seat 1 on the"
        " screen (none = 0, the 'youngest')",
        parse=_parse_first_player,
        minimum=0,
        maximum=MAX_SEAT,
        allowed="none | a seat number 0..players-1",
    )
    sports: str = option(
        "default",
        doc="O-9: the sport cards: a built-in set or the path of a TOML sports file (docs/sports.md)",
        parse=_parse_sports,
        allowed=" | ".join(BUILTIN_SETS) + " | PATH.toml",
    )
    chance: bool = chance_option()

    def __post_init__(self) -> None:
        if not isinstance(self.world_record, bool):
            raise ConfigError(f"olympicards option 'world_record' must be true or false, not {self.world_record!r}")
        if not isinstance(self.chance, bool):
            raise ConfigError(f"olympicards option 'chance' must be true or false, not {self.chance!r}")
        self.check_ranges()  # first_player
        if not isinstance(self.sports, str):
            raise ConfigError(f"olympicards option 'sports' must be a set name or a path, not {self.sports!r}")
        # Loading here rejects a bad sports file when the config is made, not in the middle of a game.
        object.__setattr__(self, "_sport_set", load_sports(self.sports))

    @property
    def sport_set(self) -> SportSet:
        return self._sport_set  # type: ignore[attr-defined, no-any-return]
