"""The solver's position: the hand as a card set, the five piles as a layout, and how a player's view gives one.

A hand is a bit mask of card ids (`cards.mask_of`); a layout is the five piles, each a tuple from bottom to top
(an empty tuple is an empty slot). Inside the search a layout is canonical (`canon`: the piles sorted): any move or
play may use any pile, so the piles are interchangeable there; the plan, which names piles, follows the real
layout.
"""

from __future__ import annotations

from typing import NamedTuple

from podium.games.athletic.cards import NUM_PILES, parse_card
from podium.games.athletic.view import AthleticView

Layout = tuple[tuple[int, ...], ...]
Key = tuple[int, Layout]  # (hand mask, canonical layout): what the search proves things about


class Position(NamedTuple):
    """The position of the player to move: hand, piles (bottom to top), the layouts seen since the last placement
    of the current turn (the engine's no-repeat rule), and the rule options the solver needs."""

    hand: list[int]
    piles: list[list[int]]
    seen: list[Layout]
    up_only: bool
    table_moves: bool


def position_of(view: AthleticView) -> Position:
    """The position of the player who owns `view` (ValueError for a spectator's view, which has no hand)."""
    own = view["hand"]
    if own is None:
        raise ValueError("a spectator's view has no hand to solve")
    hand = [parse_card(t) for t in own]
    piles = [[parse_card(t) for t in p] for p in view["piles"]]
    layout = [list(p) for p in piles]
    seen: list[Layout] = [tuple(tuple(p) for p in layout)]
    for a, b in reversed(view["moves_since_placement"]):
        layout[a].append(layout[b].pop())
        seen.append(tuple(tuple(p) for p in layout))
    config = view["config"]
    return Position(hand, piles, seen, config["step"] == "up", config["table_moves"])


def layout_moves(layout: Layout, place: tuple[int, ...]) -> list[tuple[int, int, Layout]]:
    """Every move from `layout` as (from, to, resulting layout), in pile order (`place`: PLACE of the step rule)."""
    out = []
    fits = 0  # the cards that go on some top: most tops fit on no other, and then need not look for where
    for pile in layout:
        if pile:
            fits |= place[pile[-1]]
    for a in range(NUM_PILES):
        src = layout[a]
        if not src or not fits >> src[-1] & 1:
            continue
        x = src[-1]
        for b in range(NUM_PILES):
            dst = layout[b]
            if dst and place[dst[-1]] >> x & 1:  # (never b == a: no card goes on itself)
                out.append((a, b, moved(layout, a, b)))
    return out


def canon(layout: Layout) -> Layout:
    return tuple(sorted(layout))


def moved(layout: Layout, a: int, b: int) -> Layout:
    """`layout` after the top card of pile `a` moves onto pile `b`."""
    piles = list(layout)
    card = piles[a][-1]
    piles[a] = piles[a][:-1]
    piles[b] = (*piles[b], card)
    return tuple(piles)


def moved_canon(layout: Layout, a: int, b: int) -> Layout:
    """`canon(moved(layout, a, b))` in one step, without the layout in between: the search's move loop makes one
    for every move it generates."""
    piles = list(layout)
    src = piles[a]
    piles[a] = src[:-1]
    piles[b] = (*piles[b], src[-1])
    piles.sort()
    return tuple(piles)


def placed_canon(layout: Layout, card: int, p: int) -> Layout:
    """`canon(placed(layout, card, p))` in one step: the search makes one for every placement it tries."""
    piles = list(layout)
    piles[p] = (*piles[p], card)
    piles.sort()
    return tuple(piles)


def placed(layout: Layout, card: int, p: int) -> Layout:
    """`layout` after `card` is placed on pile `p` (a play, or a fill of an empty slot)."""
    piles = list(layout)
    piles[p] = (*piles[p], card)
    return tuple(piles)


class PileSets:
    """Per pile (bottom to top), the card sets the bounds ask about, cached: the same piles recur across the
    layouts of a search."""

    def __init__(self) -> None:
        self._under: dict[tuple[int, ...], list[int]] = {}
        self._whole: dict[tuple[int, ...], int] = {}

    def under(self, pile: tuple[int, ...]) -> list[int]:
        """For each card of `pile`, the set of the cards under it."""
        known = self._under.get(pile)
        if known is None:
            known = []
            below = 0
            for c in pile:
                known.append(below)
                below |= 1 << c
            self._under[pile] = known
            self._whole[pile] = below
        return known

    def whole(self, pile: tuple[int, ...]) -> int:
        """The set of the cards of `pile`."""
        known = self._whole.get(pile)
        if known is None:
            self.under(pile)
            known = self._whole[pile]
        return known
