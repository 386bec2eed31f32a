"""The exact best-turn solver: the most hand cards a player can place this turn, and a plan that places them.

Search. A position is (hand, layout): the set of hand cards still held and the exact content of the five piles.
Placing a card (play or fill) removes it from the hand; moves change only the layout. Most moves can be undone
(the lifted card can go back onto the card it left), so the layouts joined by such moves form a *class* whose
members all have the same value; the search enumerates a class breadth-first, tries every placement from every
member, and recurses on the resulting positions, then on the classes reached by moves that cannot be undone
(emptying a pile, or lifting a card that does not fit the card beneath). Values are memoised for every member of a
class, keyed on (hand, layout with its piles sorted) — the piles' order does not matter, since moves connect any
two piles — and are exact because a class is abandoned early only when it reaches an admissible upper bound
(`upper_bound`: reachability from the cards that could become tops, slots that could be opened, and a matching of
cards to distinct supports). `node_limit` caps the work; past it `SearchLimit` is raised rather than a guess
returned (the bot and the hint then fall back to `greedy`, which says so).

Exactness is checked in tests/games/athletic/test_athletic_solver.py against `brute_force`, an exhaustive enumeration of
every position reachable by legal action sequences, on thousands of random small positions.

The engine's rule against recreating a layout seen since the last placement (see `podium.games.athletic.state`)
is honoured: `solve` takes the layouts already seen in the current segment (`seen`) and keeps the first segment's
moves out of them; later segments start after a placement, where nothing has been seen yet. A plan never repeats a
layout within a segment, since every run of moves it returns is a shortest path in its closure.

Tie-break (documented behaviour). Among the plans placing the maximum, the solver returns the first one found by
its deterministic search, which (1) tries placements from layouts in breadth-first order, so each run of moves is
as short as possible for the placement that follows it, (2) tries hand cards in card order and piles in pile
order, and (3) makes no move after the last placement (a trailing move could only change what the next player
finds, and the solver does not try to spoil the table for them). It does not minimise the total number of actions
over the whole plan.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from podium.core.contract import View
from podium.games.athletic.actions import AthleticAction, fill_action, move_action, play_action
from podium.games.athletic.cards import NUM_PILES, ONTO, PLACE, parse_card

Layout = tuple[tuple[int, ...], ...]


class SearchLimit(Exception):
    """Raised when a node limit given to the solver or the brute force is reached."""


@dataclass
class Plan:
    """The solver's answer: `placed` cards can be placed (the proven maximum) by `actions` (the turn, without `end`)."""

    placed: int
    hand_size: int
    actions: list[AthleticAction] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def clears_hand(self) -> bool:
        return self.hand_size > 0 and self.placed == self.hand_size

    def steps(self) -> list[str]:
        return [a.text() for a in self.actions]


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _canon(layout: Layout) -> Layout:
    return tuple(sorted(layout))


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


class _Search:
    def __init__(self, up_only: bool, table_moves: bool, node_limit: int | None) -> None:
        self.place = PLACE[up_only]
        self.onto = ONTO[up_only]
        self.table_moves = table_moves
        self.memo: dict[tuple[int, Layout], int] = {}
        self.nodes = 0
        self.node_limit = node_limit

    # -- moves ----------------------------------------------------------------------------------------------------

    def moves(self, layout: Layout) -> list[tuple[int, int, Layout]]:
        out = []
        place = self.place
        for a in range(NUM_PILES):
            src = layout[a]
            if not src:
                continue
            x = src[-1]
            for b in range(NUM_PILES):
                dst = layout[b]
                if b != a and dst and place[dst[-1]] >> x & 1:
                    out.append((a, b, _moved(layout, a, b)))
        return out

    def closure(self, layout: Layout, forbidden: frozenset[Layout] | set[Layout] = frozenset()) -> Iterator[Layout]:
        """Every layout reachable from `layout` by moves, in breadth-first order (without entering `forbidden`),
        generated lazily so that a search that reaches its bound stops enumerating."""
        yield layout
        if not self.table_moves:
            return
        order = [layout]
        seen = {layout}
        at = 0
        while at < len(order):
            for _, _, nxt in self.moves(order[at]):
                if nxt not in seen and nxt not in forbidden:
                    seen.add(nxt)
                    order.append(nxt)
                    yield nxt
            at += 1

    def route(self, start: Layout, goal: Layout, forbidden: frozenset[Layout] | set[Layout]) -> list[tuple[int, int]]:
        """A shortest run of moves from `start` to `goal` (which is in the closure of `start`)."""
        parent: dict[Layout, tuple[Layout, int, int] | None] = {start: None}
        queue = deque([start])
        while queue:
            lay = queue.popleft()
            if lay == goal:
                break
            for a, b, nxt in self.moves(lay):
                if nxt not in parent and nxt not in forbidden:
                    parent[nxt] = (lay, a, b)
                    queue.append(nxt)
        steps: list[tuple[int, int]] = []
        node = parent[goal]
        while node is not None:
            lay, a, b = node
            steps.append((a, b))
            node = parent[lay]
        steps.reverse()
        return steps

    # -- bound ----------------------------------------------------------------------------------------------------

    def upper_bound(self, mask: int, layout: Layout) -> int:
        """An admissible bound on the hand cards still placeable from (mask, layout).

        1. Anchors: the tops, and with table moves every table card that could be uncovered (each card above it
           has somewhere it could go). A hand card is *reached* if a chain of placements links it to an anchor.
        2. A card not reached can only be placed after a fill, and then only on cards of its own connected group
           of unreached cards, so each such group needs a pile whose bottom is a filled card: at most `slots`
           groups (piles empty now or that could be emptied) count.
        3. Every placed card rests on its own support — a different card, or a slot bottom — so at most a maximum
           matching of candidate cards to supports (anchors, hand cards, slots) can be placed.
        """
        place = self.place
        onto = self.onto
        anchors = 0
        slots = 0
        for p in layout:
            if p:
                anchors |= 1 << p[-1]
            else:
                slots += 1
        reached = self._reach(anchors, mask)
        if self.table_moves:
            # Fixpoint: a card can be lifted only onto a card that could be a top (an uncoverable table card or a
            # reachable hand card) and that does not lie under it in its own pile; what it covers then counts.
            below: list[int] = []
            for p in layout:
                under = 0
                for c in p:
                    below.append(under)
                    under |= 1 << c
            depth = [len(p) - 1 for p in layout]  # index of the deepest card known to be uncoverable
            grew = True
            while grew:
                grew = False
                tops = anchors | (mask if slots else reached)  # a filled hand card can be a top too
                k = 0
                for i, p in enumerate(layout):
                    j = depth[i]
                    while j >= 0 and onto[p[j]] & tops & ~below[k + j]:
                        j -= 1
                        if j >= 0:
                            anchors |= 1 << p[j]
                    if j != depth[i]:
                        grew = True
                        if j < 0:
                            slots += 1
                        depth[i] = j
                    k += len(p)
                if grew:
                    reached = self._reach(anchors, mask)
        candidates = reached
        rest = mask & ~reached
        if rest and slots:
            groups = []
            while rest:
                seed = rest & -rest
                group = seed
                frontier = seed
                while frontier:
                    grow = 0
                    for t in _bits(frontier):
                        grow |= place[t] | onto[t]
                    grow &= rest & ~group
                    group |= grow
                    frontier = grow
                groups.append(group)
                rest &= ~group
            groups.sort(key=int.bit_count, reverse=True)
            for group in groups[:slots]:
                candidates |= group
        return self._matching(candidates, anchors | mask, min(slots, NUM_PILES))

    def _reach(self, anchors: int, mask: int) -> int:
        """Hand cards linked to an anchor by a chain of placements."""
        place = self.place
        reached = 0
        frontier = anchors
        while frontier:
            grow = 0
            for t in _bits(frontier):
                grow |= place[t]
            grow &= mask & ~reached
            reached |= grow
            frontier = grow
        return reached

    def _matching(self, left: int, supports: int, slots: int) -> int:
        """Maximum matching of the cards in `left` to distinct supports they may go on (or one of `slots`)."""
        onto = self.onto
        owner: dict[int, int] = {}  # support -> card; slots are the supports -1 .. -slots
        size = 0

        def augment(c: int, tried: set[int]) -> bool:
            options = _bits(onto[c] & supports) + [-k - 1 for k in range(slots)]
            for s in options:
                if s in tried:
                    continue
                tried.add(s)
                holder = owner.get(s)
                if holder is None or augment(holder, tried):
                    owner[s] = c
                    return True
            return False

        for c in _bits(left):
            if augment(c, set()):
                size += 1
        return size

    # -- search ---------------------------------------------------------------------------------------------------

    def value(self, mask: int, layout: Layout) -> int:
        known = self.memo.get((mask, _canon(layout)))
        if known is not None:
            return known
        members: list[Layout] = []
        best = self._expand(mask, layout, members)
        memo = self.memo
        for lay in members:
            memo[(mask, lay)] = best
        return best

    def _expand(self, mask: int, layout: Layout, members: list[Layout] | None) -> int:
        """Best value over the reversible class of `layout`: the layouts joined to it by moves that can be undone.

        Moves that cannot be undone (emptying a pile, or lifting a card that could not go back where it was) lead
        to other classes, tried after this class's own placements. Every layout of a class has the same value;
        `members` collects the class's layouts seen (in canonical form) so the caller can memoise them all."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit(f"node limit {self.node_limit} reached")
        if not mask:
            if members is not None:
                members.append(_canon(layout))
            return 0
        bound = self.upper_bound(mask, layout)
        if bound == 0:
            if members is not None:
                members.append(_canon(layout))
            return 0
        place = self.place
        cards = _bits(mask)
        best = 0
        exits: list[Layout] = []
        order = [layout]
        seen = {layout}
        at = 0
        while at < len(order):
            lay = order[at]
            at += 1
            if at > 1:
                self.nodes += 1
                if self.node_limit is not None and self.nodes > self.node_limit:
                    raise SearchLimit(f"node limit {self.node_limit} reached")
            if members is not None:
                members.append(_canon(lay))
            for p in range(NUM_PILES):
                pile = lay[p]
                options = mask & place[pile[-1]] if pile else mask
                if not options:
                    continue
                for c in cards:
                    if options >> c & 1:
                        v = 1 + self.value(mask ^ (1 << c), _placed(lay, c, p))
                        if v > best:
                            best = v
                            if best >= bound:
                                return best
            if self.table_moves:
                for a in range(NUM_PILES):
                    src = lay[a]
                    if not src:
                        continue
                    x = src[-1]
                    back = len(src) > 1 and place[src[-2]] >> x & 1
                    for b in range(NUM_PILES):
                        dst = lay[b]
                        if b != a and dst and place[dst[-1]] >> x & 1:
                            nxt = _moved(lay, a, b)
                            if nxt in seen:
                                continue
                            seen.add(nxt)
                            if back:
                                order.append(nxt)
                            else:
                                exits.append(nxt)
        for nxt in exits:
            v = self.value(mask, nxt)
            if v > best:
                best = v
                if best >= bound:
                    return best
        return best

    def root_value(self, mask: int, layout: Layout, forbidden: frozenset[Layout]) -> int:
        """The value of a first segment that must avoid `forbidden` layouts: every layout of its move closure."""
        place = self.place
        best = 0
        for lay in self.closure(layout, forbidden):
            for p in range(NUM_PILES):
                pile = lay[p]
                options = mask & place[pile[-1]] if pile else mask
                for c in _bits(options):
                    best = max(best, 1 + self.value(mask ^ (1 << c), _placed(lay, c, p)))
        return best

    def best_step(
        self, mask: int, layout: Layout, target: int, forbidden: frozenset[Layout] | set[Layout]
    ) -> tuple[Layout, int, int]:
        """The first (layout, card, pile) in search order whose placement achieves `target`."""
        place = self.place
        cards = _bits(mask)
        for lay in self.closure(layout, forbidden):
            for p in range(NUM_PILES):
                pile = lay[p]
                options = mask & place[pile[-1]] if pile else mask
                for c in cards:
                    if options >> c & 1 and 1 + self.value(mask ^ (1 << c), _placed(lay, c, p)) == target:
                        return lay, c, p
        raise AssertionError("no placement reaches the solved value")


def solve(
    hand: Iterable[int],
    piles: Sequence[Sequence[int]],
    *,
    up_only: bool = False,
    table_moves: bool = True,
    seen: Iterable[Layout] = (),
    node_limit: int | None = None,
) -> Plan:
    """The proven maximum number of `hand` cards placeable on `piles` (bottom to top; empty = empty slot) this
    turn, and the actions of a plan that achieves it. `seen`: layouts the current segment already visited (the
    engine's no-repeat rule); raises `SearchLimit` past `node_limit` positions."""
    started = time.perf_counter()
    hand_mask = _mask(hand)
    layout: Layout = tuple(tuple(p) for p in piles)
    if len(layout) != NUM_PILES:
        raise ValueError(f"a position needs {NUM_PILES} piles, got {len(layout)}")
    search = _Search(up_only, table_moves, node_limit)
    forbidden = frozenset(seen) - {layout}
    best = search.value(hand_mask, layout) if not forbidden else search.root_value(hand_mask, layout, forbidden)
    actions: list[AthleticAction] = []
    mask, lay, left, avoid = hand_mask, layout, best, forbidden
    while left > 0:
        target, c, p = search.best_step(mask, lay, left, avoid)
        actions += [move_action(a, b) for a, b in search.route(lay, target, avoid)]
        actions.append(play_action(c, p) if target[p] else fill_action(c, p))
        mask ^= 1 << c
        lay = _placed(target, c, p)
        left -= 1
        avoid = frozenset()
    return Plan(best, hand_mask.bit_count(), actions, search.nodes, time.perf_counter() - started)


def greedy(hand: Iterable[int], piles: Sequence[Sequence[int]], *, up_only: bool = False) -> list[AthleticAction]:
    """A quick turn without moves for positions beyond a node budget: repeatedly make the placement after which the
    solver's bound on the remaining cards is highest. Not exact; used only as a fallback."""
    search = _Search(up_only, False, None)
    place = search.place
    mask = _mask(hand)
    lay: Layout = tuple(tuple(p) for p in piles)
    out: list[AthleticAction] = []
    while mask:
        best: tuple[int, int, int] | None = None
        for p in range(NUM_PILES):
            pile = lay[p]
            options = mask & place[pile[-1]] if pile else mask
            for c in _bits(options):
                score = search.upper_bound(mask ^ (1 << c), _placed(lay, c, p))
                if best is None or score > best[0]:
                    best = (score, c, p)
        if best is None:
            break
        _, c, p = best
        out.append(play_action(c, p) if lay[p] else fill_action(c, p))
        mask ^= 1 << c
        lay = _placed(lay, c, p)
    return out


def _position(view: View) -> tuple[list[int], list[list[int]], list[Layout], bool, bool]:
    if view.get("hand") is None:
        raise ValueError("a spectator's view has no hand to solve")
    hand = [parse_card(t) for t in view["hand"]]
    piles = [[parse_card(t) for t in p] for p in view["piles"]]
    layout = [list(p) for p in piles]
    seen: list[Layout] = [tuple(tuple(p) for p in layout)]
    for a, b in reversed(view.get("moves_since_placement", [])):
        layout[a].append(layout[b].pop())
        seen.append(tuple(tuple(p) for p in layout))
    config = view["config"]
    return hand, piles, seen, config.get("step") == "up", bool(config.get("table_moves", True))


def greedy_view(view: View) -> list[AthleticAction]:
    hand, piles, _, up_only, _ = _position(view)
    return greedy(hand, piles, up_only=up_only)


def solve_view(view: View, node_limit: int | None = None) -> Plan:
    """Solve the position of the player who owns `view` (their hand and the piles it shows), honouring the moves
    already made since the last placement of the current turn."""
    hand, piles, seen, up_only, table_moves = _position(view)
    return solve(hand, piles, up_only=up_only, table_moves=table_moves, seen=seen, node_limit=node_limit)


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
    start = (_mask(hand), tuple(tuple(p) for p in piles))
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
            for c in _bits(options):
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


def describe(plan: Plan) -> str:
    """One line: how many cards the plan places and its steps."""
    if not plan.actions:
        return f"no card can be placed (0 of {plan.hand_size}); end the turn"
    medal = " (the whole hand: a medal)" if plan.clears_hand else ""
    return f"places {plan.placed} of {plan.hand_size}{medal}: " + ", ".join(plan.steps())


__all__ = ["Plan", "SearchLimit", "brute_force", "describe", "greedy", "greedy_view", "solve", "solve_view"]
