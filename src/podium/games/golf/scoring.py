"""Round sums and scores (G-5, G-6, G-8.4, G-8.5), of whole hands and of hands known only in part.

A hand known in part is a list of card ids with -1 (`UNKNOWN`) for each card the reader cannot see. The view's
`known_sum`, the heuristic's and the playout's estimates and the round's real sums are all `partial_sum`, so the
six-card column pairs (G-8.4) are written once, in `column_sum` (which the bots also use to weigh a swap).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from podium.games.golf.cards import DECK_SIZE, RANK_OF

UNKNOWN = -1
"""A card the reader cannot see, in a hand known in part."""


def card_values(value_table: Sequence[int]) -> tuple[int, ...]:
    """The value of each of the 52 cards, from the value of each rank (Ace first)."""
    return tuple(value_table[RANK_OF[c]] for c in range(DECK_SIZE))


def column_sum(a: int, b: int, values: Sequence[int], guess_a: float, guess_b: float) -> float:
    """A six-card column (slots c and c+3, G-8.4): two known cards of equal rank score 0 together (a pair of 2s
    too); otherwise each card counts its value, and an unknown card (-1) its guess."""
    if a >= 0 and b >= 0:
        return 0 if RANK_OF[a] == RANK_OF[b] else values[a] + values[b]
    return (values[a] if a >= 0 else guess_a) + (values[b] if b >= 0 else guess_b)


def partial_sum(cards: Sequence[int], values: Sequence[int], six: bool, guesses: Sequence[float]) -> float:
    """The sum of a hand known in part: each known card counts its value, each unknown one (-1) the guess for its
    slot (0 for "what is known adds up to", a mean value for an estimate). Six-card: slots 0..2 are the top row
    and 3..5 the bottom row, scored column by column (`column_sum`)."""
    total = 0.0
    if not six:
        for slot, c in enumerate(cards):
            total += values[c] if c >= 0 else guesses[slot]
        return total
    for col in range(3):
        total += column_sum(cards[col], cards[col + 3], values, guesses[col], guesses[col + 3])
    return total


class Pricer:
    """`partial_sum` with one guess for every unknown card, for one value table, made for the playout, which prices
    thousands of hands per decision: `cards[c]` is a card's worth and `columns[a][b]` a six-card column's
    (`column_sum`, precomputed), both indexed by card id with UNKNOWN (-1) as the last entry, the guess."""

    __slots__ = ("cards", "columns", "six")

    def __init__(self, values: Sequence[int], six: bool, guess: float) -> None:
        self.six = six
        self.cards: tuple[float, ...] = (*values, guess)
        self.columns = _column_table(tuple(values), guess) if six else ()

    def seat(self, hands: Sequence[int], known: Sequence[int], base: int, level: int) -> float:
        """`partial_sum` of the hand `hands[base:base + slots]`, where the cards whose `known` entry is below `level`
        are unknown: a position's flat lists as a viewer sees them (`rules.visible_at`), read without a copy."""
        total = 0.0
        if self.six:
            columns = self.columns
            for i in range(base, base + 3):
                j = i + 3
                total += columns[hands[i] if known[i] >= level else UNKNOWN][hands[j] if known[j] >= level else UNKNOWN]
            return total
        worth = self.cards
        for i in range(base, base + 4):
            total += worth[hands[i] if known[i] >= level else UNKNOWN]
        return total


@lru_cache(maxsize=16)
def _column_table(values: tuple[int, ...], guess: float) -> tuple[tuple[float, ...], ...]:
    cards = (*range(DECK_SIZE), UNKNOWN)
    return tuple(tuple(column_sum(a, b, values, guess, guess) for b in cards) for a in cards)


_NOTHING = (0, 0, 0, 0, 0, 0)


def known_sum(cards: Sequence[int], values: Sequence[int], six: bool) -> int:
    """What the known cards of a hand known in part add up to (an unknown card adds nothing; a six-card column
    pair scores 0 only when both its cards are known): the view's `known_sum`."""
    return int(partial_sum(cards, values, six, _NOTHING))


def hand_sum(cards: Sequence[int], values: Sequence[int], six: bool) -> int:
    """A whole hand's sum (G-5; six-card column pairs G-8.4): the known sum of a hand known in full."""
    if not six:  # `partial_sum` with every card known, written out (at the end of every round a playout plays)
        c0, c1, c2, c3 = cards
        return values[c0] + values[c1] + values[c2] + values[c3]
    return int(partial_sum(cards, values, six, _NOTHING))


def round_scores(sums: Sequence[int], relative: bool) -> list[int]:
    """A round's scores from its hands' sums (G-5). Relative scoring (G-6): sum minus the lowest sum, so the round's
    winners score 0; else each sum as it is (G-8.5 total)."""
    if not relative:
        return list(sums)
    best = min(sums)
    return [s - best for s in sums]


def round_winners(sums: Sequence[int]) -> list[int]:
    """The seats that win a round: the lowest sum wins, and every tied player wins (G-5)."""
    best = min(sums)
    return [seat for seat, s in enumerate(sums) if s == best]
