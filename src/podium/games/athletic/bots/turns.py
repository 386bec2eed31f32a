"""Whole-turn candidates and a turn-by-turn rollout for ISMCTS in Athletic Games (`ismcts:macro=turn`).

Why whole turns. Within a turn, placing the most cards is a puzzle the exact solver does perfectly; what a search can
add is the choice between the *end positions* of good turns, which the solver ignores (it stops at the first plan
with the most placements) and the heuristic judges only by counting the unseen cards that fit the tops:
- **the layout left behind**: the next player's chance to clear their hand depends on it, and it can be estimated
  directly by letting sampled opponent hands solve it — decisive when the opponent wins by clearing;
- **the cards kept** when the hand cannot be cleared, or which card fills an empty slot: some leftovers fit the next
  table far better than others.

Candidates (`candidates`), all from the view only (the seat's own hand and the public piles), so each is legal in
every sampled world, deduplicated by end state (cards left, final layout), at most `MAX_CANDIDATES`:
1. the heuristic bot's turn (the solver's maximum plan, then the moves that leave the fewest fitting unseen cards) —
   first, so that it wins ties and survives the search's halving rounds;
2. the same plan with other final rearrangements: no move at all, and the next-best layouts by the same count;
3. when an opponent is one medal from winning (and this turn does not win): the plan stopped after fewer placements,
   down to none — denying them the clear is worth more than a card placed (up to `MAX_CANDIDATES_THREAT`);
4. when the hand cannot be cleared (and no opponent wins by clearing next): the plan stopped before its last
   placement, with its best rearrangement — a card kept back for the next turn. A card in hand costs little (in
   15,000 heuristic games a card more in hand moved the mover's win chance by about +0.03 in log-odds), and a card
   that fits now may be the one that completes a clear later; the search weighs it against the full plan;
5. other turns placing the maximum: the plan's last placement made any other way (any layout reachable by moves
   from the position before it, any card on any pile it fits) and, when the hand cannot be cleared, the solver's
   plan for the hand without one of the placed cards (so it keeps that card), each with its best rearrangement;
   first one per set of cards kept, then one per set of tops, each ranked by the fitting-unseen count.
Otherwise clearing the hand is never given up (a medal is a medal) and no plan places fewer than the maximum less one.

Rollout (`rollout`): from the sampled world after a candidate, `ROLLOUT_ROUNDS` (2) rounds of turns — every other
player, then the searcher, twice — the first round with the solver's quick turn (`solver.quick`: the exact maximum
found by asking the bound first, the plan read off the proof; node budget `ROLLOUT_NODES`, greedy past it, greedy at
once for hands over `ROLLOUT_SOLVED_HAND`: slow to solve and rarely cleared), the second with the solver module's
greedy turn (cheap; it only has to tell who is ahead after the replies), no rearrangement. The quick turn replaced
`solve` with the same budget (issue 13): on 3,544 rollout positions it took 0.69 of the time and lost 813 cards
against the exact maxima where `solve` and its greedy fallback lost 2,491 (docs/bots.md).
The second round measured clearly better than stopping after one (59–61% against 54% in the same 100 tuning games,
docs/bots.md): a layout's or a kept card's effect shows in more than the very next turn. The position is then scored
like the `fast` playout (`athletic_score`: medals − 1/7 per card in hand, turned into win chances with a normal model
whose spread grows with the medals still needed). Solved turns are cached per (hand, layout) for the whole decision:
candidates that leave the same layout face the same replies.
"""

from __future__ import annotations

import heapq

from podium.agents.macros import MacroSet
from podium.core.contract import Action, State, View
from podium.core.rng import Rng
from podium.games.athletic.actions import END_ACTION, MOVE, AthleticAction, fill_action, play_action
from podium.games.athletic.bots.playout import athletic_score
from podium.games.athletic.bots.table import MAX_LAYOUTS, Layout, friendliness, layout_key, move_tree, route_to
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, PLACE, cards_of, mask_of
from podium.games.athletic.hint import BOT_NODE_LIMIT, best_turn
from podium.games.athletic.solver import SearchLimit, greedy, position_of, solve
from podium.games.athletic.solver.quick import quick_turn
from podium.games.athletic.state import AthleticState
from podium.games.athletic.view import athletic_view

MAX_CANDIDATES = 10
MAX_CANDIDATES_THREAT = 16  # when an opponent wins by clearing their next hand
SPOIL_VARIANTS = 3  # final layouts of the main plan besides the heuristic's choice and "no move"
VARIANT_NODES = 2_000  # solver budget for each plan keeping another card (skipped past it)
ROLLOUT_NODES = 300  # solver budget per rollout turn (greedy past it)
ROLLOUT_SOLVED_HAND = 8  # larger hands are played greedily in rollouts: slow to solve, and they rarely clear
SOLVED_ROUNDS = 1  # of which the first rounds use the solver, the rest the greedy turn
ROLLOUT_ROUNDS = 2  # rounds of turns played after a candidate before the position is scored


def _rearrangements(
    final: Layout, unseen: int, place: tuple[int, ...], segment: set[Layout], count: int
) -> list[list[Action]]:
    """The `count` best routes of moves from `final` to the layouts reachable without repeating one of `segment`
    (fewest fitting unseen cards, then shortest route); the empty route (no move) is among them if nothing beats it."""
    parent = move_tree(final, place, segment)
    # Stable (as sorted()[:count]): among equal counts the breadth-first order (shortest route, then the
    # heuristic's) comes first.
    ranked = heapq.nsmallest(count, parent, key=lambda lay: friendliness(lay, unseen, place))
    return [list(route_to(parent, goal)) for goal in ranked]


class AthleticTurns(MacroSet):
    name = "turn"

    def __init__(self) -> None:
        self._cache: dict[tuple[int, tuple[int, ...], bool], list[AthleticAction]] = {}

    # -- candidates -------------------------------------------------------------------------------------------

    def candidates(self, view: View) -> list[list[Action]]:
        self._cache = {}
        typed = athletic_view(view)
        best = best_turn(typed, BOT_NODE_LIMIT)  # the main plan, with the heuristic's budget
        if best.plan is None:
            return [[*best.actions, END_ACTION]]
        main = best.plan
        hand, piles, seen, up, moves_allowed = position_of(typed)
        place = PLACE[up]
        hand_mask = mask_of(hand)
        table_mask = mask_of(c for p in piles for c in p)
        unseen = ((1 << NUM_CARDS) - 1) & ~(table_mask | hand_mask)
        # Turns placing the maximum, as (actions, cards kept, final layout, layouts of the last segment).
        turns: list[tuple[list[Action], int, Layout, set[Layout]]] = [_replay(main.actions, hand_mask, piles, seen)]
        if 0 < main.placed < len(hand):
            for c in hand:
                rest = [h for h in hand if h != c]
                try:
                    other = solve(
                        rest, piles, up_only=up, table_moves=moves_allowed, seen=seen, node_limit=VARIANT_NODES
                    )
                except SearchLimit:
                    continue
                if other.placed == main.placed:
                    turns.append(_replay(other.actions, hand_mask, piles, seen))
        if main.placed > 0:
            turns += _last_placements(main.actions, hand_mask, piles, seen, place, moves_allowed)
        me = typed["player"]
        assert me is not None  # position_of refuses a spectator's view
        target = typed["config"]["medals_to_win"]
        threat = any(m + 1 >= target for j, m in enumerate(typed["medals"]) if j != me)
        winning = main.placed == len(hand) > 0 and typed["medals"][me] + 1 >= target
        cap = MAX_CANDIDATES_THREAT if threat and not winning else MAX_CANDIDATES
        out: list[list[Action]] = []
        ends: set[tuple[int, Layout]] = set()

        def add(turn: list[Action], end: tuple[int, Layout]) -> None:
            if end not in ends and len(out) < cap:
                ends.add(end)
                out.append([*turn, END_ACTION])

        def spoiled(actions: list[Action], kept: int, final: Layout, segment: set[Layout], more: int = 0) -> None:
            """Add the turn with the heuristic's rearrangement; with `more`, also the turn with no move and with
            the next `more` best rearrangements."""
            if not moves_allowed:
                add(actions, (kept, final))
                return
            routes = _rearrangements(final, unseen, place, segment, 1 + more)
            best = routes[0] if _better(routes[0], final, unseen, place) else []
            add([*actions, *best], (kept, _after(final, best)))
            if more:
                add(actions, (kept, final))
                for route in routes[1:]:
                    add([*actions, *route], (kept, _after(final, route)))

        # 1. The heuristic's turn; 2. the same plan with other final rearrangements.
        spoiled(*turns[0], more=SPOIL_VARIANTS)
        # 3. When an opponent is one medal from winning, what they are left matters more than the cards placed:
        # the plan stopped after fewer placements (each with its best rearrangement).
        if threat and not winning:
            stops = [i for i, a in enumerate(main.actions) if a.kind != MOVE]
            for i in [-1, *stops[:-1]]:
                spoiled(*_replay(main.actions[: i + 1], hand_mask, piles, seen))
        # 4. A hand that cannot be cleared: the plan stopped before its last placement (issue 17: 60.1% against the
        # heuristic over 1,200 games with it, 57.6% over 800 without; docs/bots.md). Before the others, so that the
        # cap never drops it.
        elif 0 < main.placed < len(hand):
            stops = [i for i, a in enumerate(main.actions) if a.kind != MOVE]
            spoiled(*_replay(main.actions[: stops[-2] + 1] if len(stops) > 1 else [], hand_mask, piles, seen))
        # 5. Other maximum turns: first the one leaving the fewest fitting unseen cards for each other set of
        # cards kept, then one per other set of tops (what the next player meets), then the rest, each by that count.
        others = sorted(turns[1:], key=lambda t: friendliness(t[2], unseen, place))
        firsts: dict[object, tuple[list[Action], int, Layout, set[Layout]]] = {}
        for t in others:
            firsts.setdefault(t[1], t)
        for t in others:
            firsts.setdefault((t[1], tuple(p[-1] if p else -1 for p in t[2])), t)
        for t in [*firsts.values(), *others]:
            if len(out) >= cap:
                break
            spoiled(*t)
        return out

    # -- rollout ----------------------------------------------------------------------------------------------

    def rollout(self, world: State, seat: int, rng: Rng) -> list[float]:
        assert isinstance(world, AthleticState)
        s = world
        n = s.num_players
        for turn in range(n * ROLLOUT_ROUNDS):
            p = s.current
            if p is None:
                break
            for action in self._turn(s, p, turn < n * SOLVED_ROUNDS):
                s.step(action)
            s.step(END_ACTION)
        return athletic_score(s)

    def _turn(self, s: AthleticState, p: int, solved: bool) -> list[AthleticAction]:
        # The engine keeps the hand's mask and the piles' codes (one int per pile, distinct for distinct piles):
        # a key as exact as (hand, piles) without building a tuple per pile.
        key = (s.hand_masks[p], tuple(s.codes), solved)
        plan = self._cache.get(key)
        if plan is None:
            hand = s.hands[p]
            up = s.config.up_only
            if len(hand) > ROLLOUT_SOLVED_HAND or not solved:
                plan = greedy(hand, s.piles, up_only=up)
                self._cache[key] = plan
                return plan
            plan = quick_turn(hand, s.piles, up_only=up, table_moves=s.config.table_moves, node_limit=ROLLOUT_NODES)
            self._cache[key] = plan
        return plan


def _replay(
    actions: list[AthleticAction], hand_mask: int, piles: list[list[int]], seen: list[Layout]
) -> tuple[list[Action], int, Layout, set[Layout]]:
    """(actions, cards kept, final layout, layouts seen since the last placement) of a plan."""
    final = [list(p) for p in piles]
    kept = hand_mask
    segment: set[Layout] = set(seen)
    for a in actions:
        if a.kind == MOVE:
            final[a.pile].append(final[a.source].pop())
        else:
            final[a.pile].append(a.card)
            kept &= ~(1 << a.card)
            segment = set()
        segment.add(layout_key(final))
    return list(actions), kept, layout_key(final), segment


def _last_placements(
    actions: list[AthleticAction],
    hand_mask: int,
    piles: list[list[int]],
    seen: list[Layout],
    place: tuple[int, ...],
    moves_allowed: bool,
) -> list[tuple[list[Action], int, Layout, set[Layout]]]:
    """Every other way to make the plan's last placement: keep the plan up to its second-to-last placement, then
    any layout reachable by moves (breadth-first, no repeated layout) and any hand card on any pile it fits. All
    of them place as many cards as the plan."""
    last = max(i for i, a in enumerate(actions) if a.kind != MOVE)
    cut = max((i for i, a in enumerate(actions[:last]) if a.kind != MOVE), default=-1) + 1
    prefix, mask, start, segment = _replay(actions[:cut], hand_mask, piles, seen)
    parent = move_tree(start, place, segment, MAX_LAYOUTS if moves_allowed else 1)
    out: list[tuple[list[Action], int, Layout, set[Layout]]] = []
    for layout in parent:
        route = route_to(parent, layout)
        for p in range(NUM_PILES):
            pile = layout[p]
            for c in cards_of(mask & place[pile[-1]] if pile else mask):
                lay = list(layout)
                lay[p] = (*pile, c)
                final = tuple(lay)
                step = play_action(c, p) if pile else fill_action(c, p)
                out.append(([*prefix, *route, step], mask & ~(1 << c), final, {final}))
    return out


def _better(route: list[Action], start: Layout, unseen: int, place: tuple[int, ...]) -> bool:
    """Whether the heuristic would make these moves: only when they lower the count of fitting unseen cards."""
    return bool(route) and friendliness(_after(start, route), unseen, place) < friendliness(start, unseen, place)


def _after(start: Layout, route: list[Action]) -> Layout:
    piles = [list(p) for p in start]
    for a in route:
        assert isinstance(a, AthleticAction) and a.kind == MOVE
        piles[a.pile].append(piles[a.source].pop())
    return layout_key(piles)


__all__ = ["AthleticTurns"]
