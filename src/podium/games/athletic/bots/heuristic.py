"""The Athletic Games heuristic bot: the solver's best turn, ties broken by what it leaves for the next player.

Reasoning (the rules A-1 … A-8):
- **Place as many cards as possible.** A medal needs an empty hand at the end of a turn, and a turn that does not
  win one draws 3 more cards, so every card placed now is a card less to get rid of later. The exact solver
  (`podium.games.athletic.solver`) finds the most hand cards that can be placed this turn and a plan that does it;
  the bot follows that plan step by step (re-solving if the position is not the one it planned for).
- **Leave the table bad for the next player.** Among the end positions of equally good turns, the bot prefers the
  one that offers the next player least: after its last placement it may still rearrange the table with moves, and
  it picks the reachable layout that minimises the number of cards it has not seen (which is where the next hand
  comes from) that fit on the tops, counting an empty slot as a gift (any card may fill it). Moves are made only
  when they lower that count (`podium.games.athletic.bots.table`).
- **Fallback.** If the solver's search grows past `node_limit` positions (very tall piles make the table moves
  explode), the bot takes the greedy turn (placements only) and ends the turn (`podium.games.athletic.hint`).

Options: `noise` (probability of a random legal action, for the `easy` level), `node_limit`.
"""

from __future__ import annotations

from podium.agents.base import BotOption, NoisyAgent
from podium.core.contract import Action, Game, View
from podium.games.athletic.actions import END_ACTION, FILL, MOVE, PLAY, AthleticAction
from podium.games.athletic.bots.table import Layout, friendliness, layout_key, move_tree, route_to
from podium.games.athletic.cards import NUM_CARDS, PLACE
from podium.games.athletic.hint import BOT_NODE_LIMIT, best_turn
from podium.games.athletic.solver import position_of
from podium.games.athletic.view import AthleticView, athletic_view


class AthleticHeuristic(NoisyAgent):
    description = (
        "plays like a good human: the exact solver's turn that places the most cards, then the table "
        "rearrangement that leaves the fewest unseen cards fitting for the next player"
    )
    options = (
        *NoisyAgent.options,
        BotOption("node_limit", int, "solver positions searched before falling back to greedy placement", minimum=1),
    )
    name = "heuristic"

    def __init__(
        self, game: Game, seat: int, seed: int = 0, noise: float = 0.0, node_limit: int = BOT_NODE_LIMIT
    ) -> None:
        super().__init__(game, seat, seed, noise)
        self.node_limit = int(node_limit)
        self._plan: list[AthleticAction] = []
        self._plan_turn = -1

    def act(self, view: View, legal: list[Action]) -> Action:
        typed = athletic_view(view)
        blunder = self.blunder(legal)
        if blunder is not None:
            self._plan = []
            return blunder
        if self._plan and self._plan_turn == typed["turn"] and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = self.plan(typed)
        self._plan_turn = typed["turn"]
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        return END_ACTION if END_ACTION in legal else legal[-1]

    def plan(self, view: AthleticView) -> list[AthleticAction]:
        """The rest of this turn: the solver's plan, then the moves that spoil the table, then `end`."""
        best = best_turn(view, self.node_limit)
        if best.plan is None:
            return [*best.actions, END_ACTION]
        actions = list(best.actions)
        hand, piles, seen, up, moves_allowed = position_of(view)
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
            segment.add(layout_key(final))
        if moves_allowed:
            actions += _spoil(final, left, up, segment)
        actions.append(END_ACTION)
        return actions


def _spoil(final: list[list[int]], hand_left: set[int], up: bool, segment: set[Layout]) -> list[AthleticAction]:
    """Moves (breadth-first, never repeating a layout of this segment) to the reachable layout that offers the next
    player least; none if no layout beats the current one."""
    table = {c for p in final for c in p}
    unseen = 0
    for c in range(NUM_CARDS):
        if c not in table and c not in hand_left:
            unseen |= 1 << c
    place = PLACE[up]
    parent = move_tree(layout_key(final), place, segment)
    best = min(parent, key=lambda layout: friendliness(layout, unseen, place))  # the first of the least friendly
    return route_to(parent, best)
