"""What an Athletic Games turn leaves on the table: the layouts its last moves can reach, and how much they offer
the next player. Shared by the heuristic bot (which picks the least friendly layout) and the whole-turn candidates
of ISMCTS (which try several)."""

from __future__ import annotations

from collections import deque

from podium.games.athletic.actions import AthleticAction, move_action
from podium.games.athletic.solver import layout_moves

Layout = tuple[tuple[int, ...], ...]
Parents = dict[Layout, tuple[Layout, int, int] | None]
EMPTY_SLOT = 12  # an empty slot takes any card: worth more to the next player than any top
MAX_LAYOUTS = 400  # layouts examined for a final rearrangement


def layout_key(piles: list[list[int]] | Layout) -> Layout:
    return tuple(tuple(p) for p in piles)


def friendliness(layout: Layout, unseen: int, place: tuple[int, ...]) -> int:
    """How many unseen cards fit on the tops (an empty slot counts `EMPTY_SLOT`): what the next player may find."""
    total = 0
    for pile in layout:
        total += (place[pile[-1]] & unseen).bit_count() if pile else EMPTY_SLOT
    return total


def move_tree(start: Layout, place: tuple[int, ...], avoid: set[Layout], limit: int = MAX_LAYOUTS) -> Parents:
    """The layouts reachable from `start` by moves without entering `avoid` (the engine's no-repeat rule), in
    breadth-first order (the dict's order), each with the layout and move it was first reached by; the search stops
    once `limit` layouts are known."""
    parent: Parents = {start: None}
    queue = deque([start])
    while queue and len(parent) < limit:
        layout = queue.popleft()
        for a, b, nxt in layout_moves(layout, place):
            if nxt not in parent and nxt not in avoid:
                parent[nxt] = (layout, a, b)
                queue.append(nxt)
    return parent


def route_to(parent: Parents, goal: Layout) -> list[AthleticAction]:
    """The moves from the tree's start to `goal`, a layout of the tree."""
    route: list[AthleticAction] = []
    node = goal
    while (link := parent[node]) is not None:
        previous, a, b = link
        route.append(move_action(a, b))
        node = previous
    route.reverse()
    return route
