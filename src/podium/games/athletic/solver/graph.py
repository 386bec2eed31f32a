"""The placement graph over card sets, bit-parallel: which cards may go on which (A-3), for whole sets at once.

A card set is a bit mask of card ids (card = sport * 10 + value - 1). Shifting a set by one changes values by one
within a sport, masked so that no 10 becomes the next sport's 1; a value present anywhere spreads to its column.
"""

from __future__ import annotations

from podium.games.athletic.cards import NUM_CARDS, mask_of

NOT_ONE = mask_of(c for c in range(NUM_CARDS) if c % 10 != 0)  # cards that have a value below them
NOT_TEN = mask_of(c for c in range(NUM_CARDS) if c % 10 != 9)
# The 1 of every sport: a row of ten values times COLUMNS is those values in every sport.
COLUMNS = mask_of(range(0, NUM_CARDS, 10))


def same_value(cards: int) -> int:
    """Every card of the values in `cards`, in all sports."""
    folded = cards | cards >> 30  # sports 3..5 onto 0..2: then three rows of ten fold into one
    return ((folded | folded >> 10 | folded >> 20) & 0x3FF) * COLUMNS


def adjacent(cards: int) -> int:
    """The cards placeable on, or under, some card of `cards` (the same in both step modes), and `cards`."""
    return same_value(cards) | (cards << 1 & NOT_ONE) | (cards >> 1 & NOT_TEN)


def component(seed: int, pool: int) -> int:
    """The cards of `pool` linked to `seed` (cards of it) by chains of cards that may go on one another."""
    group = frontier = seed
    left = pool & ~seed
    while frontier:
        # `adjacent(frontier)` written out: the bounds grow a component at nearly every position searched, and the
        # two calls cost more than the expression.
        folded = frontier | frontier >> 30
        frontier = (
            ((folded | folded >> 10 | folded >> 20) & 0x3FF) * COLUMNS
            | (frontier << 1 & NOT_ONE)
            | (frontier >> 1 & NOT_TEN)
        ) & left
        group |= frontier
        left ^= frontier
    return group
