"""The tests' oracle for the Athletic Games solver: a naive exhaustive search, too slow to ship, simple enough to
trust.

It knows nothing of the solver's bounds, symmetries or memo: it enumerates every position (hand, exact layout)
reachable from the start of a turn by legal action sequences (plays, fills and, with `table_moves`, moves; A-3,
A-4). Used by tests/games/athletic/test_athletic_solver.py and bench/athletic_solver.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from podium.games.athletic.cards import NUM_PILES, PLACE, cards_of, mask_of
from podium.games.athletic.solver import SearchLimit

Layout = tuple[tuple[int, ...], ...]


def brute_force(
    hand: Iterable[int],
    piles: Sequence[Sequence[int]],
    *,
    up_only: bool = False,
    table_moves: bool = True,
    node_limit: int | None = None,
) -> tuple[int, int]:
    """The naive exhaustive search: enumerate every position (hand, exact layout) reachable by legal action
    sequences from the start of a turn and return (most cards placed, positions visited). No bound, no symmetry,
    no memo beyond the visited set that makes the enumeration finite. Raises `SearchLimit` past `node_limit`."""
    place = PLACE[up_only]
    start = (mask_of(hand), tuple(tuple(p) for p in piles))
    full = start[0].bit_count()
    visited = {start}
    stack = [start]
    best = 0
    while stack:
        mask, lay = stack.pop()
        best = max(best, full - mask.bit_count())
        if node_limit is not None and len(visited) > node_limit:
            raise SearchLimit(f"node limit {node_limit} reached")
        nexts: list[tuple[int, Layout]] = []
        for p in range(NUM_PILES):
            pile = lay[p]
            options = mask & place[pile[-1]] if pile else mask
            for c in cards_of(options):
                nexts.append((mask ^ (1 << c), _placed(lay, c, p)))
            if table_moves and pile:
                for b in range(NUM_PILES):
                    if b != p and lay[b] and place[lay[b][-1]] >> pile[-1] & 1:
                        nexts.append((mask, _moved(lay, p, b)))
        for nxt in nexts:
            if nxt not in visited:
                visited.add(nxt)
                stack.append(nxt)
    return best, len(visited)


def _moved(layout: Layout, a: int, b: int) -> Layout:
    piles = list(layout)
    card = piles[a][-1]
    piles[a] = piles[a][:-1]
    piles[b] = (*piles[b], card)
    return tuple(piles)


def _placed(layout: Layout, card: int, p: int) -> Layout:
    piles = list(layout)
    piles[p] = (*piles[p], card)
    return tuple(piles)
