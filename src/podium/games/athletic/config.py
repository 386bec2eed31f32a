"""Athletic Games rule options (the rules A-1 … A-8 in rules.md, and its option table), validated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from podium.core.config import GameConfig, option
from podium.core.errors import ConfigError


def _first_player(raw: object) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "none", "youngest")):
        return None
    if isinstance(raw, bool):
        raise ValueError("a seat number is needed")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.strip().isdigit():
        return int(raw.strip())
    raise ValueError("a seat number is needed")


@dataclass(frozen=True)
class AthleticConfig(GameConfig):
    game_name: ClassVar[str] = "athletic"

    step: str = option(
        "both", doc="a card goes on the same sport's value ±1 (both) or +1 only (up) (A-3)", choices=("both", "up")
    )
    table_moves: bool = option(True, doc="a turn may move a pile's top card to another pile (A-4.2)")
    medals_to_win: int = option(5, doc="medals needed to win (A-7)", minimum=1)
    max_turns: int = option(1000, doc="safety net: the game ends after this many turns in total (A-7)", minimum=1)
    first_player: int | None = option(
        None, doc="seat that starts (A-2.4); none = seat 0", parse=_first_player,
        allowed="none | a seat number 0..players-1",
    )  # fmt: skip

    def __post_init__(self) -> None:
        if self.step not in ("both", "up"):
            raise ConfigError(f"invalid value {self.step!r} for athletic option 'step'; allowed: both | up")
        if not isinstance(self.table_moves, bool):
            raise ConfigError(
                f"invalid value {self.table_moves!r} for athletic option 'table_moves'; allowed: true | false"
            )
        for name, low, high in (("medals_to_win", 1, None), ("max_turns", 1, None)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low or (high and value > high):
                allowed = f"integer {low}..{high}" if high else f"integer >= {low}"
                raise ConfigError(f"invalid value {value!r} for athletic option {name!r}; allowed: {allowed}")
        fp = self.first_player
        if fp is not None and (not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp <= 4):
            raise ConfigError(f"invalid value {fp!r} for athletic option 'first_player'; allowed: none | seat 0..4")

    @property
    def up_only(self) -> bool:
        return self.step == "up"
