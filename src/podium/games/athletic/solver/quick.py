"""The quick turn: a good turn for ISMCTS rollouts, at a fraction of the exact solve's cost (`quick_turn`).

A rollout needs a strong reply fast, not a proof or the solver's documented tie-break. `solve` asks "can k cards be
placed?" for k = 1, 2, … up to the bound, each question searching again from the root, and then rebuilds the plan by
a second, breadth-first search in the real layout. Most positions (about five in six of those rollouts meet) place
exactly their bound, so the quick turn asks the bound first, then one less, and so on (each failed question leaves
its refutations in the memo, which makes the next one cheap); the first success is the maximum. The plan then
follows the proof itself (`Search.via`: the placement each proven position made, and the canonical layout its
moves reached), with one short breadth-first route in the real layout per placement. Past `node_limit` nodes it
returns the greedy turn, like the callers of `solve` do.

The count placed is the solver's exact maximum whenever the budget suffices (tested against `solve`); the plan may
differ from `solve`'s among the plans placing that many.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from podium.games.athletic.actions import AthleticAction, fill_action, move_action, play_action
from podium.games.athletic.cards import mask_of
from podium.games.athletic.solver.greedy import greedy
from podium.games.athletic.solver.position import Layout, canon, layout_moves, placed
from podium.games.athletic.solver.search import Search, SearchLimit, walk_back

QUICK_NODES = 300  # nodes in all
QUESTION_NODES = 100  # nodes per question "can k cards be placed?"


def quick_turn(
    hand: Iterable[int],
    piles: Sequence[Sequence[int]],
    *,
    up_only: bool = False,
    table_moves: bool = True,
    node_limit: int = QUICK_NODES,
    question_nodes: int = QUESTION_NODES,
) -> list[AthleticAction]:
    """A turn (without `end`) from the start of a turn (no layout seen yet): the plan of the first k, from the
    bound down, that the search proves placeable within `question_nodes` nodes for that question and `node_limit`
    in all; the greedy turn when none is proven and no smaller k can beat it."""
    hand = list(hand)
    mask = mask_of(hand)
    layout: Layout = tuple(tuple(p) for p in piles)
    search = Search(up_only, table_moves, None)
    search.via = {}
    root = canon(layout)
    k = search.root_upper_bound(mask, root)
    fallback: list[AthleticAction] | None = None  # the greedy turn, once a question ran out of nodes
    while k > 0:
        search.allow(min(question_nodes, node_limit - search.nodes))
        try:
            if search.reaches(mask, root, k):
                return _follow(search, mask, layout, k)
        except SearchLimit:
            if fallback is None:
                fallback = greedy(hand, piles, up_only=up_only)
            if search.nodes >= node_limit or k - 1 <= len(fallback):
                return fallback
        k -= 1
    return []


def _follow(search: Search, mask: int, layout: Layout, count: int) -> list[AthleticAction]:
    """The actions of the proof that `count` cards of `mask` can be placed from `layout`, in the real layout."""
    via = search.via
    assert via is not None
    place = search.place
    actions: list[AthleticAction] = []
    lay = layout
    for _ in range(count):
        form = canon(lay)
        target, card, p = via[(mask, form)]
        if form != target:
            steps, lay = _route(lay, target, place)
            actions += [move_action(a, b) for a, b in steps]
        pile = target[p]
        q = lay.index(pile)  # a pile with the same cards: the piles are interchangeable
        actions.append(play_action(card, q) if pile else fill_action(card, q))
        lay = placed(lay, card, q)
        mask ^= 1 << card
    return actions


def _route(start: Layout, target: Layout, place: tuple[int, ...]) -> tuple[list[tuple[int, int]], Layout]:
    """A shortest run of moves from the real layout `start` to one whose canonical form is `target` (not that of
    `start`), and the layout it ends in: the first such layout in breadth-first order, moves in pile order."""
    parent: dict[Layout, tuple[Layout, int, int] | None] = {start: None}
    queue = deque([start])
    # A layout is a goal only if both piles its move changed are piles of `target`: a set lookup turns most
    # layouts away before they are sorted.
    members = set(target)
    while queue:
        lay = queue.popleft()
        for a, b, nxt in layout_moves(lay, place):
            if nxt not in parent:
                parent[nxt] = (lay, a, b)
                if nxt[a] in members and nxt[b] in members and canon(nxt) == target:
                    return walk_back(parent, nxt), nxt
                queue.append(nxt)
    raise AssertionError("the proof's layout is reachable by moves")
