"""The `fast` playout's policy (`playout.py`): the move every player makes in a sampled world, from what that player
could know there (G-7: its own seen cards and the public ones; any other card is worth the guess, the mean value of
the cards the searching player has not seen). The playout plays these moves through the engine (`GolfState.step`).

Four-card: knock (`knock = instead` at a turn's start, `knock = after` once the turn is played) when the estimated sum
is `PLAYOUT_KNOCK_LEAD` below every opponent's as the player sees them; take the top discard when swapping it in
gains `TAKE_GAIN`, else draw; put a card in hand where it lowers the estimated sum most (a card the player has not
seen counts `UNKNOWN_MARGIN` less), or throw it away when it gains nothing. Six-card: the same by columns (a pair
scores 0; `Pricer.columns`), and turning the last face-down card up (which closes the round) costs
`LAST_CARD_PENALTY` more while nobody has gone out.

What a decision reads of a seat is kept per seat (`Seat4`, `Slot6`) and made again only when that seat's hand or what
its owner knows of it changes: the playout does it after each move that changes them (2.8x fewer instructions a
four-card round than pricing every hand at every decision, 1.9x a six-card one, measured in issue 13).
"""

from __future__ import annotations

from collections.abc import Sequence

from podium.games.golf.rules import OWNER, PUBLIC
from podium.games.golf.scoring import UNKNOWN, Pricer

# Turning the last face-down card up ends the round: the playout avoids it unless the gain is big.
LAST_CARD_PENALTY = 8.0

Seat4 = tuple[float, float, float, int, int]
"""A four-card seat as the policy reads it: (its estimated sum as its owner sees it, as the others see it, the
highest worth among the cards its owner knows, the first slot holding it (-1: none), the first slot its owner has not
seen (-1: none))."""

Slot6 = tuple[float, int, float, bool]
"""A six-card slot as the policy reads it: (the column's worth with the slot's own card as its owner sees it, the
column partner as the owner sees it — the card, or UNKNOWN face down —, what a swap onto the slot costs for not
knowing its card — 0.0 face up, `unknown_margin` face down —, whether it is face up)."""


class FourCard:
    """The four-card policy's numbers, made once per decision: the worth of each card (UNKNOWN last: the guess) and
    what a card gains put in place of a card its owner has not seen, `guess - worth - unknown_margin`."""

    __slots__ = ("guess", "knock_lead", "take_gain", "unseen_gain", "worth")

    def __init__(self, price: Pricer, knock_lead: float, take_gain: float, unknown_margin: float) -> None:
        self.worth = price.cards
        self.guess = guess = price.cards[UNKNOWN]
        self.unseen_gain = tuple(guess - v - unknown_margin for v in price.cards)
        self.knock_lead = knock_lead
        self.take_gain = take_gain

    def seat(self, hands: Sequence[int], known: Sequence[int], base: int) -> Seat4:
        """The hand at `base` as `Seat4` reads it; each sum added in slot order from 0.0, as `Pricer.seat` does."""
        worth = self.worth
        guess = self.guess
        k0, k1, k2, k3 = known[base : base + 4]
        c0, c1, c2, c3 = hands[base : base + 4]
        top = 0.0
        top_slot = blind = -1
        if k0 >= OWNER:
            a0 = top = worth[c0]
            top_slot = 0
        else:
            a0 = guess
            blind = 0
        if k1 >= OWNER:
            a1 = worth[c1]
            if top_slot < 0 or a1 > top:
                top, top_slot = a1, 1
        else:
            a1 = guess
            if blind < 0:
                blind = 1
        if k2 >= OWNER:
            a2 = worth[c2]
            if top_slot < 0 or a2 > top:
                top, top_slot = a2, 2
        else:
            a2 = guess
            if blind < 0:
                blind = 2
        if k3 >= OWNER:
            a3 = worth[c3]
            if top_slot < 0 or a3 > top:
                top, top_slot = a3, 3
        else:
            a3 = guess
            if blind < 0:
                blind = 3
        pub = 0.0 + (a0 if k0 >= PUBLIC else guess)
        pub += a1 if k1 >= PUBLIC else guess
        pub += a2 if k2 >= PUBLIC else guess
        pub += a3 if k3 >= PUBLIC else guess
        return 0.0 + a0 + a1 + a2 + a3, pub, top, top_slot, blind

    def place(self, seat: Seat4, card: int) -> tuple[float, int]:
        """(the drop of the estimated sum, the slot) of the best place for `card`, the first slot on ties. Every
        unseen slot gains the same and known slots gain in the order of their worth, so the best is the better of
        the best known card and the first unseen slot."""
        _, _, top, top_slot, blind = seat
        if blind < 0:
            return top - self.worth[card], top_slot
        if top_slot < 0:
            return self.unseen_gain[card], blind
        gain = top - self.worth[card]
        g = self.unseen_gain[card]
        if g > gain or (g == gain and blind < top_slot):
            return g, blind
        return gain, top_slot

    def knocks(self, seats: Sequence[Seat4], p: int) -> bool:
        """`p`'s estimated sum is `knock_lead` below every opponent's, as `p` sees them."""
        others = seats[1 - p][1] if len(seats) == 2 else min(s[1] for q, s in enumerate(seats) if q != p)
        return seats[p][0] + self.knock_lead <= others


class SixCard:
    """The six-card policy's numbers for one decision (`Pricer.columns`, the margins)."""

    __slots__ = ("columns", "last_card", "take_gain", "unknown_margin")

    def __init__(self, price: Pricer, take_gain: float, unknown_margin: float, last_card: float) -> None:
        self.columns = price.columns
        self.take_gain = take_gain
        self.unknown_margin = unknown_margin
        self.last_card = last_card

    def seat(self, hands: Sequence[int], known: Sequence[int], base: int) -> list[Slot6]:
        """Each slot of the hand at `base` as `Slot6` reads it."""
        columns = self.columns
        margin = self.unknown_margin
        out = []
        for slot in range(6):
            i = base + slot
            j = base + (slot + 3) % 6
            partner = hands[j] if known[j] >= OWNER else UNKNOWN
            if known[i] >= OWNER:
                out.append((columns[hands[i]][partner], partner, 0.0, True))
            else:
                out.append((columns[UNKNOWN][partner], partner, margin, False))
        return out

    def swapped(self, mine: list[Slot6], hands: Sequence[int], known: Sequence[int], base: int, slot: int) -> None:
        """`mine` after a card was swapped in face up at `slot` (G-8.2): the slot and its column partner read again."""
        columns = self.columns
        card = hands[base + slot]
        partner_slot = (slot + 3) % 6
        j = base + partner_slot
        if known[j] >= OWNER:
            mine[slot] = (columns[card][hands[j]], hands[j], 0.0, True)
            mine[partner_slot] = (columns[hands[j]][card], card, 0.0, True)
        else:
            mine[slot] = (columns[card][UNKNOWN], UNKNOWN, 0.0, True)
            mine[partner_slot] = (columns[UNKNOWN][card], card, self.unknown_margin, False)

    def place(self, mine: list[Slot6], card: int, last: bool) -> tuple[float, int]:
        """(the drop of the column sums, the first slot with the most) for `card`. A face-down slot costs
        `unknown_margin`, and `last_card` more when it is the owner's last (`last`) while nobody has gone out.
        (Subtracting a face-up slot's 0.0 changes no float.)"""
        placed = self.columns[card]
        penalty = self.last_card if last else 0.0
        gain, slot = -1e9, 0
        for k, (w, q, m, up) in enumerate(mine):
            g = w - placed[q] - m
            if penalty and not up:
                g -= penalty
            if g > gain:
                gain, slot = g, k
        return gain, slot
