"""The Athletic Games heuristic bot: the solver's best turn, ties broken by what it leaves for the next player.

Reasoning (RULES.md A):
- **Place as many cards as possible.** A medal needs an empty hand at the end of a turn, and a turn that does not
  win one draws 3 more cards, so every card placed now is a card less to get rid of later. The exact solver
  (`podium.games.athletic.solver`) finds the most hand cards that can be placed this turn and a plan that does it;
  the bot follows that plan step by step (re-solving if the position is not the one it planned for).
- **Leave the table bad for the next player.** Among the end positions of equally good turns, the bot prefers the
  one that offers the next player least: after its last placement it may still rearrange the table with moves, and
  it picks the reachable layout that minimises the number of cards it has not seen (which is where the next hand
  comes from) that fit on the tops, counting an empty slot as a gift (any card may fill it, `EMPTY_SLOT`). Moves
  are made only when they lower that count.
- **Fallback.** If the solver's search grows past `node_limit` positions (very tall piles make the table moves
  explode), the bot takes the solver module's greedy turn (placements only) and ends the turn.

Options: `noise` (probability of a random legal action, for the `easy` level), `node_limit`.
"""

from __future__ import annotations

from collections import deque

from podium.agents.base import NoisyAgent
from podium.core.contract import Action, Game, View
from podium.games.athletic.actions import END_ACTION, FILL, MOVE, PLAY, AthleticAction, move_action
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, PLACE, parse_card
from podium.games.athletic.solver import SearchLimit, greedy, solve

Layout = tuple[tuple[int, ...], ...]
EMPTY_SLOT = 12  # an empty slot takes any card: worth more to the next player than any top
MAX_LAYOUTS = 400  # layouts examined for the final rearrangement


class AthleticHeuristic(NoisyAgent):
    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, noise: float = 0.0, node_limit: int = 20_000) -> None:
        super().__init__(game, seat, seed, noise)
        self.node_limit = int(node_limit)
        self._plan: list[AthleticAction] = []
        self._plan_turn = -1

    def act(self, view: View, legal: list[Action]) -> Action:
        blunder = self.blunder(legal)
        if blunder is not None:
            self._plan = []
            return blunder
        if self._plan and self._plan_turn == view["turn"] and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = self.plan(view)
        self._plan_turn = view["turn"]
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        return END_ACTION if END_ACTION in legal else legal[-1]

    def plan(self, view: View) -> list[AthleticAction]:
        """The rest of this turn: the solver's plan, then the moves that spoil the table, then `end`."""
        config = view["config"]
        up = config.get("step") == "up"
        moves_allowed = bool(config.get("table_moves", True))
        hand = [parse_card(t) for t in view["hand"]]
        piles = [[parse_card(t) for t in p] for p in view["piles"]]
        layout = [list(p) for p in piles]
        seen: list[Layout] = [_key(layout)]
        for a, b in reversed(view.get("moves_since_placement", [])):
            layout[a].append(layout[b].pop())
            seen.append(_key(layout))
        try:
            solved = solve(hand, piles, up_only=up, table_moves=moves_allowed, seen=seen, node_limit=self.node_limit)
            actions = list(solved.actions)
        except SearchLimit:
            return [*greedy(hand, piles, up_only=up), END_ACTION]
        # Replay the plan to find the final position and the layouts its last segment has seen.
        final = [list(p) for p in piles]
        left = set(hand)
        segment: set[Layout] = set(seen) if not any(a.kind in (PLAY, FILL) for a in actions) else set()
        for a in actions:
            if a.kind == MOVE:
                final[a.pile].append(final[a.source].pop())
            else:
                final[a.pile].append(a.card)
                left.discard(a.card)
                segment = set()
            segment.add(_key(final))
        if moves_allowed:
            actions += _spoil(final, left, up, segment)
        actions.append(END_ACTION)
        return actions


def _key(piles: list[list[int]]) -> Layout:
    return tuple(tuple(p) for p in piles)


def _friendliness(layout: Layout, unseen: int, up: bool) -> int:
    """How many unseen cards fit on the tops (an empty slot counts `EMPTY_SLOT`): what the next player may find."""
    total = 0
    place = PLACE[up]
    for pile in layout:
        total += (place[pile[-1]] & unseen).bit_count() if pile else EMPTY_SLOT
    return total


def _spoil(final: list[list[int]], hand_left: set[int], up: bool, segment: set[Layout]) -> list[AthleticAction]:
    """Moves (breadth-first, never repeating a layout of this segment) to the reachable layout that offers the next
    player least; none if no layout beats the current one."""
    table = {c for p in final for c in p}
    unseen = 0
    for c in range(NUM_CARDS):
        if c not in table and c not in hand_left:
            unseen |= 1 << c
    start = _key(final)
    place = PLACE[up]
    best, best_score = start, _friendliness(start, unseen, up)
    parent: dict[Layout, tuple[Layout, int, int] | None] = {start: None}
    queue = deque([start])
    while queue and len(parent) < MAX_LAYOUTS:
        layout = queue.popleft()
        for a in range(NUM_PILES):
            src = layout[a]
            if not src:
                continue
            x = src[-1]
            for b in range(NUM_PILES):
                dst = layout[b]
                if b == a or not dst or not place[dst[-1]] >> x & 1:
                    continue
                piles = list(layout)
                piles[a] = src[:-1]
                piles[b] = (*dst, x)
                nxt = tuple(piles)
                if nxt in parent or nxt in segment:
                    continue
                parent[nxt] = (layout, a, b)
                queue.append(nxt)
                score = _friendliness(nxt, unseen, up)
                if score < best_score:
                    best, best_score = nxt, score
    route: list[AthleticAction] = []
    node = best
    while parent[node] is not None:
        previous, a, b = parent[node]  # type: ignore[misc]
        route.append(move_action(a, b))
        node = previous
    route.reverse()
    return route
