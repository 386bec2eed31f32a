"""Athletic Games rule options (the rules A-1 … A-8 in rules.md, and its option table), validated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from podium.core.config import GameConfig, chance_option, option
from podium.core.errors import ConfigError

MEDALS = 25  # the box has 25 medals
MAX_TURNS = 100_000  # a hundred times the default safety net: past any game a person would play
MAX_SEAT = 4  # at most 5 players; the game checks the seat against the number of players


def _first_player(raw: object) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "none", "youngest")):
        return None
    if isinstance(raw, bool):
        raise ValueError("a seat number is needed")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        try:
            return int(raw.strip())
        except ValueError:
            pass
    raise ValueError("a seat number is needed")


@dataclass(frozen=True)
class AthleticConfig(GameConfig):
    game_name: ClassVar[str] = "athletic"

    step: str = option(
        "both", doc="a card goes on the same sport's value ±1 (both) or +1 only (up) (A-3)", choices=("both", "up")
    )
    table_moves: bool = option(True, doc="a turn may move a pile's top card to another pile (A-4.2)")
    medals_to_win: int = option(5, doc="medals needed to win (A-7); at most 25", minimum=1, maximum=MEDALS)
    max_turns: int = option(
        1000,
        doc="safety net: the game ends after this many turns in total (A-7)",
        minimum=1,
        maximum=MAX_TURNS,
        public=(1, 2000),  # twice the default: past any game people play
    )
    first_player: int | None = option(
        None, doc="seat that starts (A-2.4), counted from 0 as in records: 0 is seat 1 on the screen; none = 0",
        parse=_first_player,
        minimum=0, maximum=MAX_SEAT, allowed="none | a seat number 0..players-1",
    )  # fmt: skip
    chance: bool = chance_option()

    def __post_init__(self) -> None:
        if self.step not in ("both", "up"):
            raise ConfigError(f"invalid value {self.step!r} for athletic option 'step'; allowed: both | up")
        if not isinstance(self.table_moves, bool):
            raise ConfigError(
                f"invalid value {self.table_moves!r} for athletic option 'table_moves'; allowed: true | false"
            )
        if not isinstance(self.chance, bool):
            raise ConfigError(f"invalid value {self.chance!r} for athletic option 'chance'; allowed: true | false")
        self.check_ranges()  # medals_to_win, max_turns, first_player

    @property
    def up_only(self) -> bool:
        return self.step == "up"
