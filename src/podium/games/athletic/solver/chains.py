"""The chain bound: the end of a turn seen as at most five chains of cards, one per pile (`Chains.bound`).

It is exact enough to refute in one step what the plain bound (`podium.games.athletic.solver.bounds`) lets the
search wander into for tens of thousands of nodes, but it costs a small search of its own, so a solve switches it
on only when it escalates (see `podium.games.athletic.solver.search`). From then on it is asked at the root and at
positions that still need at least CHAIN_NEED_MIN cards (the big subtrees), each component's search capped at
CHAIN_BUDGET states (ROOT_CHAIN_BUDGET at the root) and the whole solve at CHAIN_WORK states: past a cap the plain
bound stands, so the answer stays exact; only the speed changes.

The chains that reach the root's bound make a cover of the hand (`cover`: which card each hand card goes on), which
the search follows as a guide (`guide`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, PLACE, cards_of, mask_of
from podium.games.athletic.solver.graph import component
from podium.games.athletic.solver.position import Layout, PileSets

CHAIN_NEED_MIN = 8
CHAIN_BUDGET = 10_000
ROOT_CHAIN_BUDGET = 100_000
CHAIN_WORK = 100_000


class _TooBig(Exception):
    """A component's chain search went past its budget."""


class Chains:
    """The chain bound of one solve (`up_only`: the step rule), with its cache, its budgets and the work spent."""

    def __init__(self, up_only: bool, piles: PileSets | None = None) -> None:
        self.place = PLACE[up_only]
        self.piles = piles if piles is not None else PileSets()
        self.cache: dict[tuple[object, ...], dict[tuple[int, int], int] | None] = {}
        self.work = 0  # states searched, against CHAIN_WORK
        self.budget = CHAIN_BUDGET  # per component search
        self.need_min = CHAIN_NEED_MIN
        self.cover: dict[int, int] = {}  # the last chain search's cover: card -> the card under it (-1: a fill)
        self.flip = False  # whether chains are extended in falling card order (for a second cover)

    def asked(self, need: int) -> bool:
        """Whether the bound is asked at a position that needs `need` cards (0: asked for its value)."""
        return not 0 < need < self.need_min and self.work <= CHAIN_WORK

    @contextmanager
    def at_root(self) -> Iterator[None]:
        """The bound of the root, one position: it is asked whatever the hand's size, its component searches get
        the larger ROOT_CHAIN_BUDGET, and their work does not count against the solve's CHAIN_WORK. The cover
        starts afresh."""
        work = self.work
        self.budget = ROOT_CHAIN_BUDGET
        self.need_min = 1
        self.cover = {}
        try:
            yield
        finally:
            self.budget = CHAIN_BUDGET
            self.need_min = CHAIN_NEED_MIN
            self.work = work

    def guide(self, mask: int) -> tuple[list[int], int]:
        """The cover's placements of the hand cards of `mask`: per card, the hand cards it puts on that card (an
        empty list if it puts none anywhere), and the hand cards it fills into slots."""
        guide = [0] * NUM_CARDS
        fill = 0
        for c, below in self.cover.items():
            if mask >> c & 1:
                if below < 0:
                    fill |= 1 << c
                else:
                    guide[below] |= 1 << c
        return (guide if fill or any(guide) else []), fill

    def bound(
        self,
        mask: int,
        anchors: int,
        tops: int,
        slots: int,
        cap: int,
        layout: Layout,
        emptiable: list[bool],
        need: int,
    ) -> int:
        """The bound of the final layout as chains. At the end of the turn every pile is an untouched part of its
        old content, then a chain of cards each placed or moved onto the one below; the chain starts on the
        untouched part's top (its *root*, a table card) or, in a pile that was empty at some point, with a filled
        hand card. So the placed hand cards lie on at most five vertex-disjoint paths of the placement graph, each
        rooted at a table card or at a hand card (at most `slots` of those), such that every current top is on a
        path (a top either stays, as a root, or moves), a pile has at most one root, the cards above a root were
        moved (they are on paths) and the cards below it were not (they are on none). Paths stay within a
        connected component; each component's best, per number of paths and of fills, is found exactly by a small
        search and cached (the pile rules are applied within the component), and the components share out the
        five piles; the component that holds the whole hand is asked only about the piles the others leave it.
        Returns `cap` if a component's search is too big.

        With `need` > 0 only whether the bound reaches `need` matters: each component's search then drops what
        cannot reach its share (`need` less every other component's hand cards), and if no share-out reaches
        `need` the answer is need - 1, still a bound."""
        above: dict[int, int] = {}
        below: dict[int, int] = {}
        pile_masks = [mask_of(c for c in pile if anchors >> c & 1) for pile in layout]
        under_of = self.piles.under
        for pile in layout:
            below.update(zip(pile, under_of(pile), strict=True))
            over = 0
            for c in reversed(pile):
                above[c] = over
                over |= 1 << c
        nodes = mask | anchors
        total = mask.bit_count()
        rest = nodes
        parts: list[tuple[int, int, int, tuple[tuple[int, int], ...], tuple[tuple[int, bool], ...]]] = []
        while rest:
            group = component(rest & -rest, rest)
            rest &= ~group
            if not group & (mask | tops):
                continue
            table = group & anchors
            shape = tuple((above[c] & group, below[c] & group) for c in cards_of(table))
            owned = tuple((whole, emptiable[i]) for i, whole in enumerate(pile_masks) if whole and not whole & ~group)
            parts.append((group & mask, table, group & tops, shape, owned))
        parts.sort(key=lambda part: part[0] != 0)  # the components without hand cards first
        best: dict[tuple[int, int], int] = {(0, 0): 0}
        for at, (hand, table, required, shape, owned) in enumerate(parts):
            target = need - (total - hand.bit_count())
            # The last component, when it holds every hand card, needs only its value with the piles the others
            # leave (they make no fills: a fill is a hand card), not its whole table.
            only = None
            if at == len(parts) - 1 and hand == mask:
                paths = NUM_PILES - min(j for j, _ in best)
                only = (paths, min(paths, slots))
            values = self._values(hand, table, required, shape, owned, slots, target, only)
            if values is None:
                return cap
            merged: dict[tuple[int, int], int] = {}
            for (j0, f0), v0 in best.items():
                for (j1, f1), v1 in values.items():
                    j = j0 + j1
                    f = f0 + f1
                    if j > NUM_PILES or f > slots:
                        continue
                    if merged.get((j, f), -1) < v0 + v1:
                        merged[(j, f)] = v0 + v1
            if not merged:
                return max(need - 1, 0)  # no share-out reaches `need` (or keeps every top on five piles)
            best = merged
        top = max(best.values())
        return top if top >= need else need - 1

    def _values(
        self,
        hand: int,
        table: int,
        required: int,
        shape: tuple[tuple[int, int], ...],
        owned: tuple[tuple[int, bool], ...],
        slots: int,
        target: int,
        only: tuple[int, int] | None = None,
    ) -> dict[tuple[int, int], int] | None:
        """For one component: (paths, of which fill-rooted) -> the most hand cards such paths can cover under the
        rules of `bound` (`shape`: per table card, the component's cards above and below it in its pile;
        `owned`: the piles wholly in the component, and whether each can be emptied; at most `slots` fills);
        infeasible pairs are left out, and so are those that cannot cover `target` cards. With `only`, just that
        pair. None past the search budget.

        Each value is found by yes/no questions — can `level` hand cards be covered? — rather than by a search
        for the maximum: with a fixed level the search can drop every branch that has cut off too many hand cards
        (`_outlook`), which a search for the maximum cannot."""
        target = max(target, 0)
        key = (hand, table, required, shape, owned, slots, target, only, self.flip)
        if key in self.cache:
            return self.cache[key]
        place = self.place
        nodes = hand | table
        full = hand.bit_count()
        over: dict[int, int] = {}
        under: dict[int, int] = {}
        for c, (a, b) in zip(cards_of(table), shape, strict=True):
            over[c] = a
            under[c] = b
        memo: dict[tuple[int, int, int, int, int, int, int], bool] = {}
        budget = [self.budget]
        # Roots with the fewest cards above them first (a top first): the cover found first then asks the fewest
        # moves, which makes it the better guide for the search (see `Search.root_bound`).
        root_order = sorted(cards_of(table), key=lambda c: (over[c].bit_count(), c))
        flip = self.flip

        def covers(level: int, used: int, end: int, paths: int, fills: int, moved: int, roots: int, floor: int) -> bool:
            """Whether `level` hand cards can be covered. `used`: cards on paths or buried under a root; `end`: the
            last card of the path being made (-1 between paths); `moved`: cards above a root, which must be on
            paths and cannot be roots. A pile wholly in the component needs a root, or all its cards on paths if
            it can be emptied. The paths are unordered, so they are made in one order: table roots rising, then
            fills rising (`floor`: the last root, plus 64 once fills began)."""
            state = (level, used, end, paths, fills, roots, floor)
            known = memo.get(state)
            if known is not None:
                return known
            budget[0] -= 1
            if budget[0] < 0:
                raise _TooBig
            self.work += 1
            covered = (used & hand).bit_count()
            if end >= 0:
                nxt = place[end] & nodes & ~used
                for w in (cards_of(nxt & hand) + cards_of(nxt & table))[:: -1 if flip else 1]:
                    if covers(level, used | 1 << w, w, paths, fills, moved, roots, floor):
                        memo[state] = True
                        self.cover[w] = end
                        return True
                memo[state] = found = covers(level, used, -1, paths, fills, moved, roots, floor)
                return found
            must = (required | moved) & ~used
            if (
                covered >= level
                and not must
                and all(whole & roots or (can_empty and not whole & ~used) for whole, can_empty in owned)
            ):
                memo[state] = True
                return True
            # The outlook costs more than a step along a path, so it is taken only between paths.
            more = _outlook(nodes & ~used, must, hand, paths, fills)
            if not paths or more < 0 or covered + more < level:
                memo[state] = False
                return False
            if floor < 64:
                for at in range(floor + 1, len(root_order)):
                    r = root_order[at]
                    if (used | moved) >> r & 1 or under[r] & used:
                        continue  # taken, or a card under it was moved, so it was lifted too: not a root
                    later = moved | over[r]
                    if covers(level, used | 1 << r | under[r], r, paths - 1, fills, later, roots | 1 << r, at):
                        memo[state] = True
                        return True
            if fills:
                for r in cards_of(hand & ~used & -(1 << max(floor - 63, 0))):
                    if covers(level, used | 1 << r, r, paths - 1, fills - 1, moved, roots, 64 + r):
                        memo[state] = True
                        self.cover[r] = -1
                        return True
            memo[state] = False
            return False

        # The largest pair first, asking rising levels until one fails; every smaller pair then starts from the
        # least value of the pairs just above it (a value can only fall as paths or fills are taken away) and asks
        # falling levels. So each pair asks at most one more level than its value drops, and most ask one.
        values: dict[tuple[int, int], int] = {}
        most_fills = min(slots, NUM_PILES)
        try:
            pairs = [only] if only else [(j, f) for f in range(most_fills, -1, -1) for j in range(NUM_PILES, f - 1, -1)]
            for paths, fills in pairs:
                above = [values.get(pair, -1) for pair in ((paths + 1, fills), (paths, fills + 1))
                         if not only and pair[0] <= NUM_PILES and pair[1] <= min(pair[0], most_fills)]  # fmt: skip
                if not above:
                    level = target
                    while level <= full and covers(level, 0, -1, paths, fills, 0, 0, -1):
                        level += 1
                    level -= 1
                else:
                    level = min(above)
                    while level >= target and not covers(level, 0, -1, paths, fills, 0, 0, -1):
                        level -= 1
                if level >= target:
                    values[(paths, fills)] = level
        except _TooBig:
            self.cache[key] = None
            return None
        self.cache[key] = values
        return values


def _outlook(free: int, must: int, hand: int, paths: int, fills: int) -> int:
    """How many more hand cards `paths` new paths over the `free` cards can cover, or -1 if they cannot cover every
    card of `must`. A path stays within one connected group of the free cards, so every group holding a card of
    `must` needs a path of its own, and a group of hand cards alone needs a fill to start one."""
    gain = 0
    forced = 0
    optional: list[int] = []
    while free:
        group = component(free & -free, free)
        free &= ~group
        count = (group & hand).bit_count()
        if group & must:
            forced += 1
            gain += count
        elif count and (fills or group & ~hand):
            optional.append(count)
    if forced > paths:
        return -1
    optional.sort(reverse=True)
    return gain + sum(optional[: paths - forced])
