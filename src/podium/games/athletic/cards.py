"""Athletic Games cards (A-1): 6 sports × values 1..10, one card of each, as the ints 0..59.

A card is `sport * 10 + (value - 1)`. Its text form is the value followed by the sport's letter:
`7r` is red 7, `10p` purple 10. The six sports and their letters are r(ed), g(reen), b(lue), y(ellow), o(range),
p(urple); `parse_card` also accepts the letter first (`r7`) and the colour's full name (`7red`).
"""

from __future__ import annotations

from collections.abc import Iterable

NUM_SPORTS = 6
NUM_VALUES = 10
NUM_CARDS = NUM_SPORTS * NUM_VALUES
NUM_PILES = 5

SPORT_LETTERS = "rgbyop"
SPORT_NAMES: tuple[str, ...] = ("red", "green", "blue", "yellow", "orange", "purple")
# Colours for renderers (rich style names); the web client may map the same letters to its own palette.
SPORT_STYLES: tuple[str, ...] = (
    "bold red",
    "bold green",
    "bold blue",
    "bold yellow",
    "bold dark_orange",
    "bold magenta",
)
CARD_FORMAT = "VALUE+SPORT, e.g. 7r = red 7 (values 1..10; sports r g b y o p = red green blue yellow orange purple)"

ALL_CARDS: tuple[int, ...] = tuple(range(NUM_CARDS))
SPORT: tuple[int, ...] = tuple(c // NUM_VALUES for c in ALL_CARDS)
VALUE: tuple[int, ...] = tuple(c % NUM_VALUES + 1 for c in ALL_CARDS)
TEXT: tuple[str, ...] = tuple(f"{VALUE[c]}{SPORT_LETTERS[SPORT[c]]}" for c in ALL_CARDS)
_BY_TEXT: dict[str, int] = {t: c for c, t in enumerate(TEXT)}


def card(value: int, sport: int | str) -> int:
    """The card of `value` (1..10) and `sport` (index 0..5 or letter)."""
    s = SPORT_LETTERS.index(sport) if isinstance(sport, str) else sport
    if not 1 <= value <= NUM_VALUES or not 0 <= s < NUM_SPORTS:
        raise ValueError(f"no card with value {value} and sport {sport!r}")
    return s * NUM_VALUES + value - 1


def _can_place(x: int, t: int, up_only: bool) -> bool:
    """A-3: X on T when same value, or same sport and value one higher (or lower unless `up_only`)."""
    if VALUE[x] == VALUE[t]:
        return x != t
    if SPORT[x] != SPORT[t]:
        return False
    diff = VALUE[x] - VALUE[t]  # same sport: never wraps, 10 and 1 are different values of a 1..10 line
    return diff == 1 or (diff == -1 and not up_only)


# PLACE[up_only][t] = bitmask of the cards that may go on top of t.
PLACE: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(sum(1 << x for x in ALL_CARDS if _can_place(x, t, up)) for t in ALL_CARDS) for up in (False, True)
)
# ONTO[up_only][x] = bitmask of the cards that x may go on top of.
ONTO: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(sum(1 << t for t in ALL_CARDS if _can_place(x, t, up)) for x in ALL_CARDS) for up in (False, True)
)


def can_place(x: int, t: int, up_only: bool = False) -> bool:
    return bool(PLACE[up_only][t] >> x & 1)


def card_text(c: int) -> str:
    return TEXT[c]


def parse_card(text: str) -> int:
    """`7r`, `r7`, `7 red`, `10P` … -> card; ValueError naming the accepted format otherwise."""
    raw = text.strip().lower().replace(" ", "")
    found = _BY_TEXT.get(raw)
    if found is not None:
        return found
    for s, name in enumerate(SPORT_NAMES):
        for prefix in (name, SPORT_LETTERS[s]):
            if raw.startswith(prefix) and raw[len(prefix) :].isdigit():
                return _checked(raw[len(prefix) :], s, text)
            if raw.endswith(name) and raw[: -len(name)].isdigit():
                return _checked(raw[: -len(name)], s, text)
    raise ValueError(f"{text.strip()!r} is not a card; write {CARD_FORMAT}")


def _checked(digits: str, sport: int, text: str) -> int:
    value = int(digits)
    if not 1 <= value <= NUM_VALUES:
        raise ValueError(f"{text.strip()!r} is not a card: values are 1..10; write {CARD_FORMAT}")
    return sport * NUM_VALUES + value - 1


def parse_cards(text: str) -> list[int]:
    """Cards separated by spaces or commas; ValueError naming the first bad one."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def sort_key(c: int) -> tuple[int, int]:
    return (SPORT[c], VALUE[c])


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _sport_cards(sport: int) -> tuple[tuple[int, ...], ...]:
    """Per set of values (10 bits), its cards of `sport`, rising; each from the set without its highest value."""
    rows: list[tuple[int, ...]] = [()]
    for bits in range(1, 1 << NUM_VALUES):
        high = bits.bit_length() - 1
        rows.append((*rows[bits ^ 1 << high], sport * NUM_VALUES + high))
    return tuple(rows)


# `cards_of` reads a card set sport by sport from these tables instead of bit by bit: the solver calls it on every
# position it searches.
_SPORT_CARDS = tuple(_sport_cards(s) for s in range(NUM_SPORTS))


def cards_of(mask: int) -> list[int]:
    """The cards of the set `mask` (bits 0..59), rising."""
    if not mask & (mask - 1):  # no card or one (often so in the solver): the tables cost more than that
        return [mask.bit_length() - 1] if mask else []
    r, g, b, y, o, p = _SPORT_CARDS
    return [
        *r[mask & 0x3FF],
        *g[mask >> 10 & 0x3FF],
        *b[mask >> 20 & 0x3FF],
        *y[mask >> 30 & 0x3FF],
        *o[mask >> 40 & 0x3FF],
        *p[mask >> 50],
    ]
