"""The fallback turn for positions beyond a node budget: placements only, each chosen by the plain bound."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from podium.games.athletic.actions import AthleticAction, fill_action, play_action
from podium.games.athletic.cards import NUM_PILES, cards_of, mask_of
from podium.games.athletic.solver.bounds import Bounds
from podium.games.athletic.solver.position import Layout, placed, position_of
from podium.games.athletic.view import AthleticView


def greedy(hand: Iterable[int], piles: Sequence[Sequence[int]], *, up_only: bool = False) -> list[AthleticAction]:
    """A quick turn without moves for positions beyond a node budget: repeatedly make the placement after which the
    solver's bound on the remaining cards is highest. Not exact; used only as a fallback."""
    bounds = Bounds(up_only, table_moves=False)
    place = bounds.place
    mask = mask_of(hand)
    lay: Layout = tuple(tuple(p) for p in piles)
    out: list[AthleticAction] = []
    while mask:
        best: tuple[int, int, int] | None = None
        for p in range(NUM_PILES):
            pile = lay[p]
            options = mask & place[pile[-1]] if pile else mask
            for c in cards_of(options):
                score = bounds.upper_bound(mask ^ (1 << c), placed(lay, c, p))
                if best is None or score > best[0]:
                    best = (score, c, p)
        if best is None:
            break
        _, c, p = best
        out.append(play_action(c, p) if lay[p] else fill_action(c, p))
        mask ^= 1 << c
        lay = placed(lay, c, p)
    return out


def greedy_view(view: AthleticView) -> list[AthleticAction]:
    """The greedy turn of the player who owns `view`."""
    hand, piles, _, up_only, _ = position_of(view)
    return greedy(hand, piles, up_only=up_only)
