"""Performance cards (O-1): values 1..9 in five colours, two copies of each — 90 cards.

A card *kind* is an int 0..44: ``colour * 9 + (value - 1)``; the two copies of a kind are indistinguishable, so
hands are count arrays (45 ints, each 0..2) and plays are sorted tuples of kinds. The text form is the value
followed by the colour letter, e.g. ``7r``. The colours are the five of the Olympic rings:

    r red   g green   b blue   y yellow   k black
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

COLOURS = "rgbyk"
COLOUR_NAMES = ("red", "green", "blue", "yellow", "black")
# rich styles used by the terminal renderer (black is shown white-on-black so that it stays readable).
COLOUR_STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold white on grey23")
NUM_COLOURS = 5
NUM_VALUES = 9
NUM_KINDS = NUM_COLOURS * NUM_VALUES
COPIES = 2
DECK_SIZE = NUM_KINDS * COPIES
NO_CARD = -1  # where a card may be missing, e.g. a round without a target

VALUE: tuple[int, ...] = tuple(k % NUM_VALUES + 1 for k in range(NUM_KINDS))
COLOUR: tuple[int, ...] = tuple(k // NUM_VALUES for k in range(NUM_KINDS))
TEXT: tuple[str, ...] = tuple(f"{VALUE[k]}{COLOURS[COLOUR[k]]}" for k in range(NUM_KINDS))
_BY_TEXT: dict[str, int] = {t: k for k, t in enumerate(TEXT)}
for _k in range(NUM_KINDS):
    _BY_TEXT[f"{COLOURS[COLOUR[_k]]}{VALUE[_k]}"] = _k  # alias: colour first ("r7")
del _k


def kind(value: int, colour: str | int) -> int:
    """The kind of the card with this value (1..9) and colour (letter or index)."""
    c = COLOURS.index(colour) if isinstance(colour, str) else colour
    if not (1 <= value <= NUM_VALUES and 0 <= c < NUM_COLOURS):
        raise ValueError(f"no card with value {value} and colour {colour!r}")
    return c * NUM_VALUES + value - 1


def parse_card(text: str) -> int:
    """`7r` (or `r7`) -> kind; raises ValueError naming the accepted form."""
    k = _BY_TEXT.get(text.strip().lower())
    if k is None:
        raise ValueError(
            f"{text!r} is not a card; write the value then the colour letter ({'/'.join(COLOURS)}), e.g. 7r"
        )
    return k


def card_text(k: int) -> str:
    return TEXT[k]


def full_deck() -> list[int]:
    """All 90 cards as kinds (each kind twice)."""
    return [k for k in range(NUM_KINDS) for _ in range(COPIES)]


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in cards:
        counts[k] += 1
    return counts


def cards_of(counts: Sequence[int]) -> list[int]:
    """Count array -> sorted list of kinds."""
    out: list[int] = []
    for k, c in enumerate(counts):
        if c:
            out.extend([k] * c)
    return out


def sort_for_display(cards: Iterable[int]) -> list[int]:
    """By value, then colour: how a player holds the hand."""
    return sorted(cards, key=lambda k: (VALUE[k], COLOUR[k]))
