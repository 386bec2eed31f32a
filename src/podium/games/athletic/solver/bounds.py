"""The plain bound: an admissible upper bound on the hand cards still placeable from a position, cheap enough to
ask at every position the search expands (`Bounds.upper_bound`; its docstring lists the parts).

A position whose bound is below what the search asks of it fails at once, so most of the tree is cut off. Once a
solve escalates (see `podium.games.athletic.solver.search`), the bound also asks the chain bound (`Chains`).
"""

from __future__ import annotations

from podium.games.athletic.cards import NUM_PILES, ONTO, PLACE, cards_of, mask_of
from podium.games.athletic.solver.chains import Chains
from podium.games.athletic.solver.graph import COLUMNS, NOT_ONE, NOT_TEN, adjacent, component
from podium.games.athletic.solver.position import Layout, PileSets


class _Lifts(dict[tuple[int, ...], tuple[tuple[int, int], ...]]):
    """Per pile (bottom to top), per card: the cards it could be lifted onto, less those under it in the pile, and
    the card as a set. Made on first use and kept, for every search of one step rule (`_LIFTS`): the table-moves
    fixpoint of `Bounds.upper_bound` asks it about every pile of every layout it bounds, and the same piles recur
    across a search's layouts and across the searches of one game (the rollouts' quick turns). Emptied when it
    holds LIFTS_KEPT piles, which bounds its memory in a long-lived process."""

    def __init__(self, onto: tuple[int, ...]) -> None:
        super().__init__()
        self.onto = onto

    def __missing__(self, pile: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        if len(self) >= LIFTS_KEPT:
            self.clear()
        onto = self.onto
        row = []
        below = 0
        for c in pile:
            row.append((onto[c] & ~below, 1 << c))
            below |= 1 << c
        lifts = self[pile] = tuple(row)
        return lifts


LIFTS_KEPT = 20_000
_LIFTS = (_Lifts(ONTO[False]), _Lifts(ONTO[True]))  # by `up_only`


class Bounds:
    """The plain bound of one solve's rules (`up_only`, `table_moves`), with its caches; `chains`, once set, adds
    the chain bound."""

    def __init__(self, up_only: bool, table_moves: bool, piles: PileSets | None = None) -> None:
        self.place = PLACE[up_only]
        self.onto = ONTO[up_only]
        self.up_only = up_only
        self.table_moves = table_moves
        self.piles = piles if piles is not None else PileSets()
        self.pile_cache: dict[tuple[object, ...], int] = {}
        self.lifts = _LIFTS[up_only]
        self.chains: Chains | None = None

    def upper_bound(self, mask: int, layout: Layout, need: int = 0) -> int:
        """An admissible bound on the hand cards still placeable from (mask, layout); once the bound is known to be
        below `need`, the costlier parts are skipped (the value returned is then only that it is below `need`).

        1. Anchors: the tops, and with table moves every table card that could be uncovered (each card above it
           has somewhere it could go). A hand card is *reached* if a chain of placements links it to an anchor.
        2. A card not reached can only be placed after a fill, and then only on cards of its own connected group
           of unreached cards, so each such group needs a pile whose bottom is a filled card: at most `slots`
           groups (piles empty now or that could be emptied) count.
        3. Every placed card rests on its own support — a different card, or a slot bottom — so at most a maximum
           matching of candidate cards to supports (anchors, hand cards, slots) can be placed.
        4. The piles are counted too (`_pile_bound`): five piles hold at most five chains of placed cards.
        5. Once the search has escalated, the chain bound (`Chains.bound`), when `chains.asked(need)`.
        """
        anchors = 0
        slots = 0
        for p in layout:
            if p:
                anchors |= 1 << p[-1]
            else:
                slots += 1
        if self.table_moves:
            # Fixpoint: a card can be lifted only onto a card that could be a top (an uncoverable table card or a
            # reachable hand card) and that does not lie under it in its own pile; what it covers then counts.
            lifts = self.lifts
            rows = [lifts[p] for p in layout]
            depth = [len(p) - 1 for p in layout]  # index of the deepest card known to be uncoverable
            grew = True
            while grew:
                grew = False
                for i in range(NUM_PILES):
                    j = depth[i]
                    row = rows[i]
                    while j >= 0:
                        fits, card = row[j]
                        others = anchors ^ card  # anchors less this card: the card at `depth` is one
                        # With a slot, a filled hand card can be a top too. Without one, a hand card it could go on
                        # rests on a chain from another pile's root, which cannot pass through the lifted card
                        # itself (that card is then on top of its own pile).
                        if not (fits & others or (fits & mask and (slots or fits & self._reach(others, mask)))):
                            break
                        j -= 1
                        if j >= 0:
                            anchors |= row[j][1]
                    if j != depth[i]:
                        grew = True
                        if j < 0:
                            slots += 1
                        depth[i] = j
        else:
            depth = [-1 if not p else 0 for p in layout]  # the empty piles are the ones that can be emptied
        reached = self._reach(anchors, mask)  # from the anchors the fixpoint found: it needs none reached before
        candidates = reached
        rest = mask & ~reached
        if rest and slots:
            groups = []
            while rest:
                group = component(rest & -rest, rest)
                groups.append(group)
                rest &= ~group
            groups.sort(key=int.bit_count, reverse=True)
            for group in groups[:slots]:
                candidates |= group
        first = len(self._owners(candidates, anchors | mask, min(slots, NUM_PILES)))
        if first <= 1 or first < need:
            return first
        bound = first
        emptiable = [d < 0 for d in depth]
        if slots:
            bound = self._pile_bound(mask, layout, anchors, emptiable, first)
            if bound < need:
                return bound
        chains = self.chains
        if chains is None or not chains.asked(need):
            return bound
        tops = 0
        for p in layout:
            if p:
                tops |= 1 << p[-1]
        found = chains.bound(mask, anchors, tops, min(slots, NUM_PILES), bound, layout, emptiable, need)
        return found if found < bound else bound

    def at_root(self, mask: int, layout: Layout, need: int) -> int:
        """`upper_bound` of a solve's root at escalation, the chains asked whether they reach `need` with the root's
        budget (`Chains.at_root`); the cover they find is left in `chains.cover`."""
        chains = self.chains
        assert chains is not None, "the chain bound is switched on at escalation"
        with chains.at_root():
            return self.upper_bound(mask, layout, need)

    def _pile_bound(self, mask: int, layout: Layout, anchors: int, emptiable: list[bool], cap: int) -> int:
        """The bound of the final layout's shape, which counts piles.

        At the end of the turn each pile is either *kept* (its bottom card never moved: an untouched part, then a
        chain of cards each placed or moved onto the one below, starting on an anchor of that pile) or was emptied
        (then it holds nothing, or a chain starting with a filled hand card). Only emptiable piles can be emptied.
        A chain stays within one connected group of the compatibility graph over hand cards and anchors; a group
        places at most min(n, m + f) of its n hand cards, m of which a maximum matching gives distinct supports,
        with f fill chains, and it needs a fill when it has no anchor in a kept pile. Every choice of the piles
        to keep is tried, unless the cards of the piles it empties would have nowhere to end (`_ashore`); for
        each, the fills go to the groups greedily (an over-estimate). The result is at most `cap` (a bound known
        already), and the search over the choices stops when it reaches it."""
        whole = self.piles.whole
        held = [whole(p) & anchors for p in layout]
        # The result depends on the layout only through each pile's anchors and whether it can be emptied, in any
        # pile order: layouts met by moves often share them.
        key = (mask, anchors, cap, tuple(sorted(zip(held, emptiable, strict=True))))
        known = self.pile_cache.get(key)
        if known is None:
            known = self.pile_cache[key] = self._pile_bound_of(mask, anchors, held, emptiable, cap)
        return known

    def _pile_bound_of(self, mask: int, anchors: int, held: list[int], emptiable: list[bool], cap: int) -> int:
        matched = self._matched(mask, anchors | mask)
        pool = mask | anchors
        groups: list[tuple[int, int, int, int]] = []  # (cards if anchored, more with fills, cards if opened, piles)
        useful = 0
        rest = mask
        while rest:
            group = component(rest & -rest, pool)
            hand = group & mask
            rest &= ~hand
            piles = 0
            for i in range(NUM_PILES):
                if held[i] & group:
                    piles |= 1 << i
            useful |= piles
            n = hand.bit_count()
            m = (matched & hand).bit_count()
            kept_gets = m if m < n else n
            groups.append((kept_gets, n - kept_gets, m + 1 if m < n else n, piles))
        fixed = 0
        free: list[int] = []
        spare = 0  # emptiable piles that anchor nothing: worth emptying when they can be (a fill is never worse)
        for i in range(NUM_PILES):
            if not emptiable[i]:
                fixed |= 1 << i
            elif useful >> i & 1:
                free.append(i)
            else:
                spare |= 1 << i
        # Every set of spare piles (a bit mask), the largest first: a choice counts the largest it can empty too.
        spares = sorted((sub for sub in range(spare + 1) if sub & spare == sub), key=int.bit_count, reverse=True)
        best = 0
        for choice in range(1 << len(free)):
            kept = fixed
            emptied = 0
            for j, i in enumerate(free):
                if choice >> j & 1:
                    kept |= 1 << i
                else:
                    emptied |= 1 << i
            if not _ashore(held, mask, emptied):
                continue
            fills = len(free) - choice.bit_count()
            if spare:  # else `spares` is [0], and `emptied` was just found ashore: no call for nothing
                fills += next(sub.bit_count() for sub in spares if _ashore(held, mask, emptied | sub))
            base = 0
            units = 0
            firsts: list[int] = []
            extras: list[int] = []
            for kept_gets, more, opened_gets, piles in groups:
                if piles & kept:
                    base += kept_gets
                    units += more
                else:
                    firsts.append(opened_gets)
                    extras.append(kept_gets + more - opened_gets)
            firsts.sort(reverse=True)
            extras.sort(reverse=True)
            top = base + min(fills, units)
            opened = 0
            unlocked = units
            for j in range(min(fills, len(firsts))):
                opened += firsts[j]
                unlocked += extras[j]
                top = max(top, base + opened + min(fills - j - 1, unlocked))
            if top > best:
                best = top
                if best >= cap:
                    return cap
        return best

    def _matched(self, left: int, supports: int) -> int:
        """The cards of `left` covered by a maximum matching of them to distinct supports they may go on."""
        return mask_of(self._owners(left, supports, 0).values())

    def _reach(self, anchors: int, mask: int) -> int:
        """Hand cards linked to an anchor by a chain of placements."""
        reached = 0
        left = mask  # not reached yet
        frontier = anchors
        down = not self.up_only
        while frontier:
            # `graph.same_value(frontier)` written out: this runs a few times at every bound, where the call costs
            # more than the expression.
            folded = frontier | frontier >> 30
            grow = ((folded | folded >> 10 | folded >> 20) & 0x3FF) * COLUMNS | (frontier << 1 & NOT_ONE)
            if down:
                grow |= frontier >> 1 & NOT_TEN
            grow &= left
            reached |= grow
            left ^= grow
            frontier = grow
        return reached

    def _owners(self, left: int, supports: int, slots: int) -> dict[int, int]:
        """A maximum matching of the cards of `left` to distinct supports they may go on, or to one of `slots` empty
        slots, as support -> card: a support card as its set (one bit, which the greedy pass has at hand), a slot as
        -1 .. -slots. Kuhn's augmenting paths, started from a greedy matching: most cards find a free support at once
        (a bit test), so few need the search."""
        onto = self.onto
        owner: dict[int, int] = {}
        untaken = supports  # the supports no card has yet
        free_slots = slots
        waiting: list[int] = []
        while left:  # the cards of `left`, rising, without the list `cards_of` would make
            c = (left & -left).bit_length() - 1
            left &= left - 1
            free = onto[c] & untaken
            if free:
                low = free & -free
                untaken ^= low
                owner[low] = c
            elif free_slots:
                free_slots -= 1
                owner[free_slots - slots] = c  # -slots .. -1
            else:
                waiting.append(c)
        if not waiting:
            return owner
        slot_ids = [-k - 1 for k in range(slots)]

        def augment(c: int, tried: set[int]) -> bool:
            for s in [1 << t for t in cards_of(onto[c] & supports)] + slot_ids:
                if s in tried:
                    continue
                tried.add(s)
                holder = owner.get(s)
                if holder is None or augment(holder, tried):
                    owner[s] = c
                    return True
            return False

        for c in waiting:
            augment(c, set())
        return owner

    # -- search ---------------------------------------------------------------------------------------------------


def _ashore(held: list[int], hand: int, emptied: int) -> bool:
    """Whether the piles of `emptied` (a bit mask) can all be emptied, as far as their cards must end somewhere:
    each card of an emptied pile ends on a chain that goes down, through cards of emptied piles only, to a card of
    a pile that is kept (its anchors, `held`) or to a hand card. So every card of the emptied piles must be linked
    by such cards to a kept pile's anchor or to a hand card."""
    if not emptied:
        return True
    gone = 0
    ashore = hand
    for i, whole in enumerate(held):
        if emptied >> i & 1:
            gone |= whole
        else:
            ashore |= whole
    return not gone & ~component(adjacent(ashore) & gone, gone)
