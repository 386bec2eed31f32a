"""Golf's rule options (the rules G-1 … G-8 in rules.md, and its option table), validated."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core.config import GameConfig, chance_option, option
from podium.core.errors import ConfigError
from podium.games.golf.cards import RANK_NAMES, rank_index

STANDARD_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)  # G-2
SIX_VALUES: tuple[int, ...] = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)  # G-8.4
NAMED_VALUES: dict[str, tuple[int, ...]] = {"standard": STANDARD_VALUES, "six": SIX_VALUES}
# Every house rule gives a card a value of a few dozen at most; a bound keeps scores a few digits wide on every screen.
MAX_CARD_VALUE = 100
MAX_ROUNDS = 100  # a course has 9 or 18 holes; 100 rounds is days of play


class RankValues(Mapping[str, int]):
    """An explicit value table: the 13 ranks (A, 2..10, J, Q, K) -> integers. Immutable and hashable, so the
    config stays a hashable frozen dataclass; serialises as a plain JSON object."""

    __slots__ = ("_values",)

    def __init__(self, values: tuple[int, ...]) -> None:
        if len(values) != 13:
            raise ValueError("a value table needs exactly 13 values, one per rank A, 2..10, J, Q, K")
        for rank, value in zip(RANK_NAMES, values, strict=True):
            _check_value(rank, value)
        self._values = tuple(values)

    @property
    def table(self) -> tuple[int, ...]:
        return self._values

    def __getitem__(self, key: str) -> int:
        return self._values[rank_index(key)]

    def __iter__(self) -> Iterator[str]:
        return iter(RANK_NAMES)

    def __len__(self) -> int:
        return 13

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RankValues):
            return self._values == tuple(other.values())
        return Mapping.__eq__(self, other)

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return "RankValues(" + ",".join(f"{r}={v}" for r, v in zip(RANK_NAMES, self._values, strict=True)) + ")"

    def text(self) -> str:
        return ",".join(f"{r}={v}" for r, v in zip(RANK_NAMES, self._values, strict=True))


def _check_value(rank: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not -MAX_CARD_VALUE <= value <= MAX_CARD_VALUE:
        raise ValueError(
            f"the value of rank {rank} must be an integer -{MAX_CARD_VALUE}..{MAX_CARD_VALUE}, not {value!r}"
        )


def _int_value(rank: str, raw: Any) -> int:
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, float) and raw.is_integer():
        value = int(raw)
    elif isinstance(raw, str):
        with contextlib.suppress(ValueError):
            value = int(raw.strip())
    if value is None:
        raise ValueError(f"the value of rank {rank} must be an integer, not {raw!r}")
    _check_value(rank, value)
    return value


def _from_mapping(raw: Mapping[Any, Any]) -> RankValues:
    table: list[int | None] = [None] * 13
    for key, value in raw.items():
        index = rank_index(str(key))
        if table[index] is not None:
            raise ValueError(f"rank {RANK_NAMES[index]} is given twice")
        table[index] = _int_value(RANK_NAMES[index], value)
    missing = [RANK_NAMES[i] for i, v in enumerate(table) if v is None]
    if missing:
        raise ValueError(f"missing ranks: {', '.join(missing)} (all 13 ranks need a value)")
    return RankValues(tuple(v for v in table if v is not None))


def parse_values(raw: Any) -> str | RankValues | None:
    """`values` (G-2): None (the variant's default), "standard", "six", or an explicit table of the 13 ranks given
    as a mapping, a list of 13 integers (A..K), JSON text of either, or text like "A=1,2=-2,...,K=0"."""
    if raw is None or isinstance(raw, RankValues):
        return raw
    if isinstance(raw, Mapping):
        return _from_mapping(raw)
    if isinstance(raw, list | tuple):
        if len(raw) != 13:
            raise ValueError(f"a list of values needs 13 integers (A..K), got {len(raw)}")
        return RankValues(tuple(_int_value(r, v) for r, v in zip(RANK_NAMES, raw, strict=True)))
    if not isinstance(raw, str):
        raise ValueError(f"expected a name or a table of the 13 ranks, got {type(raw).__name__}")
    text = raw.strip()
    if text.lower() in NAMED_VALUES:
        return text.lower()
    if text.lower() in ("", "none", "default"):
        return None
    if text[0] in "{[":
        try:
            decoded = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not valid JSON: {exc.msg}") from None
        if not isinstance(decoded, dict | list):
            raise ValueError("JSON values must be an object or a list")
        return parse_values(decoded)
    pairs: dict[str, str] = {}
    for item in text.replace(";", ",").split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if not sep:
            raise ValueError(f"{item.strip()!r} is not RANK=VALUE")
        if key.strip() in pairs:
            raise ValueError(f"rank {key.strip()} is given twice")
        pairs[key.strip()] = value
    return _from_mapping(pairs)


MAX_ROUND_TURN_LIMIT = 10_000
# G-5.3's safety net. The stock lasts at most 43 draws, so a round that is still going after 10,000 turns is a loop
# of takes and discards; a larger limit would be "no limit" in all but name, and that is what 0 says.
_TURN_LIMIT_ALLOWED = f"integer 0..{MAX_ROUND_TURN_LIMIT} (0 = no limit)"

_VALUES_ALLOWED = (
    f"standard | six | a table of the 13 ranks to integers -{MAX_CARD_VALUE}..{MAX_CARD_VALUE}, "
    "e.g. A=1,2=-2,3=3,...,10=10,J=10,Q=10,K=0 "
    "(default: standard for four-card, six for six-card)"
)


@dataclass(frozen=True)
class GolfConfig(GameConfig):
    """Golf's options. Four-card-only options (`peek`, `knock`) and six-card-only ones (`flip_on_discard`,
    `final_turns`, `six_scoring`) are accepted with either variant at their defaults; a non-default value in the
    other variant is rejected, because the rules give it no meaning there (six-card has no peeking or knocking,
    four-card has no face-up cards)."""

    game_name: ClassVar[str] = "golf"

    variant: str = option("four", doc="four-card Golf (G-1..G-7) or six-card Golf (G-8)", choices=("four", "six"))
    values: str | RankValues | None = option(  # noqa: RUF009 (the default is None; option() only adds metadata)
        None, doc="card values (G-2, G-8.4)", parse=parse_values, allowed=_VALUES_ALLOWED
    )
    peek: str = option(
        "choose",
        doc="four-card: each player chooses the two cards to look at, or sees slots 1 and 2 (G-3.3)",
        choices=("choose", "near"),
    )
    knock: str = option(
        "instead",
        doc="four-card: knock instead of drawing, or at the end of a normal turn (G-4.2)",
        choices=("instead", "after"),
    )
    discard_take_must_swap: bool = option(
        False, doc="a card taken from the discard pile must be swapped in (G-4.1; always so in six-card)"
    )
    rounds: int = option(
        9,
        doc="rounds (holes) in a game (G-6); at most 100, a course has 9 or 18 holes",
        minimum=1,
        maximum=MAX_ROUNDS,
        public=(1, 18),  # a whole course
    )
    round_turn_limit: int = option(
        100,
        doc="safety net: a round ends after this many turns, all players together; 0 = no limit (G-5.3)",
        minimum=0,
        maximum=MAX_ROUND_TURN_LIMIT,
        allowed=_TURN_LIMIT_ALLOWED,
        legacy=0,  # rounds had no turn limit before G-5.3
        public=(1, 300),  # a round takes a few dozen turns; never none on a public server
    )
    six_scoring: str = option(
        "relative",
        doc="six-card: round score = sum minus the winner's sum, or the round's own sum (G-8.5)",
        choices=("relative", "total"),
    )
    flip_on_discard: str = option(
        "no",
        doc="six-card: after discarding a stock card turn a face-down card up: no / may / must (G-8.2)",
        choices=("no", "may", "must"),
    )
    final_turns: bool = option(
        True, doc="six-card: the others get one more turn once someone has all cards face up (G-8.3)"
    )
    memory: bool = option(
        False,
        doc=(
            "play from memory, as at a real table (G-4): a player is shown their own face-down cards only as they see"
            " them (a peek, a card put down) and must remember them afterwards; bots remember"
        ),
        legacy=False,
        stored_if_set=True,  # stored only when set: the options of games played without it are what they were
    )
    chance: bool = chance_option()

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "values", parse_values(self.values))
        except ValueError as exc:
            raise ConfigError(f"invalid value for golf option 'values' ({exc}); allowed: {_VALUES_ALLOWED}") from None
        for name, choices in (
            ("variant", ("four", "six")),
            ("peek", ("choose", "near")),
            ("knock", ("instead", "after")),
            ("six_scoring", ("relative", "total")),
            ("flip_on_discard", ("no", "may", "must")),
        ):
            if getattr(self, name) not in choices:
                raise ConfigError(
                    f"invalid value {getattr(self, name)!r} for golf option {name!r}; allowed: {' | '.join(choices)}"
                )
        for name in ("discard_take_must_swap", "final_turns", "memory", "chance"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(
                    f"invalid value {getattr(self, name)!r} for golf option {name!r}; allowed: true | false"
                )
        self.check_ranges()  # rounds, round_turn_limit
        if self.variant == "six":
            wrong = [(n, d) for n, d in (("peek", "choose"), ("knock", "instead")) if getattr(self, n) != d]
            if wrong:
                name, default = wrong[0]
                raise ConfigError(
                    f"golf option {name!r} applies to four-card Golf only (six-card has "
                    f"{'no knocking' if name == 'knock' else 'no peeking: players turn two cards face up'}); "
                    f"with variant=six leave it at {default!r}"
                )
        else:
            six_only: tuple[tuple[str, object], ...] = (
                ("six_scoring", "relative"),
                ("flip_on_discard", "no"),
                ("final_turns", True),
            )
            for option_name, option_default in six_only:
                if getattr(self, option_name) != option_default:
                    raise ConfigError(
                        f"golf option {option_name!r} applies to six-card Golf only (variant=six); "
                        f"with variant=four leave it at {json.dumps(option_default)}"
                    )

    @property
    def six(self) -> bool:
        return self.variant == "six"

    @property
    def slots(self) -> int:
        """Cards per player: 4, or 6 in six-card Golf (2 rows × 3 columns)."""
        return 6 if self.variant == "six" else 4

    @property
    def values_name(self) -> str:
        """The effective value table's name ("standard", "six") or its text for an explicit table."""
        if self.values is None:
            return "six" if self.six else "standard"
        return self.values if isinstance(self.values, str) else self.values.text()

    @property
    def value_table(self) -> tuple[int, ...]:
        """The effective value of each rank, Ace first (G-2, G-8.4)."""
        if isinstance(self.values, RankValues):
            return self.values.table
        return NAMED_VALUES[self.values_name]

    @property
    def relative_scoring(self) -> bool:
        """G-6 (round score = own sum minus the winner's sum) unless six-card with six_scoring = "total"."""
        return not (self.six and self.six_scoring == "total")

    @property
    def must_swap_taken(self) -> bool:
        """A card taken from the discard pile cannot be discarded again (G-4.1 option; G-8.2: always in six-card)."""
        return self.discard_take_must_swap or self.six
