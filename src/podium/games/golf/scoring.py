"""Round sums and scores (G-5, G-6, G-8.4, G-8.5)."""

from __future__ import annotations

from collections.abc import Sequence

from podium.games.golf.cards import DECK_SIZE, RANK_OF


def card_values(value_table: Sequence[int]) -> tuple[int, ...]:
    """The value of each of the 52 cards, from the value of each rank (Ace first)."""
    return tuple(value_table[RANK_OF[c]] for c in range(DECK_SIZE))


def hand_sum(cards: Sequence[int], values: Sequence[int], six: bool) -> int:
    """A hand's sum. Six-card (G-8.4): slots 0..2 are the top row and 3..5 the bottom row, so column `c` holds
    slots c and c+3; two cards of equal rank in a column score 0 together (a pair of 2s too)."""
    if not six:
        return sum(values[c] for c in cards)
    total = 0
    for col in range(3):
        a, b = cards[col], cards[col + 3]
        if RANK_OF[a] != RANK_OF[b]:
            total += values[a] + values[b]
    return total


def round_scores(sums: Sequence[int], relative: bool) -> tuple[list[int], list[int]]:
    """(scores, winners) of a round. The lowest sum wins, ties: every tied player wins (G-5).
    Relative scoring (G-6): sum minus the winner's sum, so winners score 0; else each sum as it is (G-8.5 total)."""
    best = min(sums)
    winners = [seat for seat, s in enumerate(sums) if s == best]
    scores = [s - best for s in sums] if relative else list(sums)
    return scores, winners
