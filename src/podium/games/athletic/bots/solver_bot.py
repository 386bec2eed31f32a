"""The Athletic Games "solver" bot: each turn it places the most cards it can, using the exact solver.

At the start of its turn (or whenever the view differs from what its plan expects) it solves the position in its
view — its hand and the full piles — and then plays the plan's steps one per `act` call, then ends the turn.
Positions too large for the solver's node budget fall back to a greedy turn (placements only, each chosen to keep
the most cards placeable afterwards by the solver's bound), so the bot always answers quickly.
"""

from __future__ import annotations

from podium.agents.base import Agent
from podium.core.contract import Action, Game, View
from podium.games.athletic.actions import END_ACTION, AthleticAction
from podium.games.athletic.hint import BOT_NODE_LIMIT, best_turn
from podium.games.athletic.view import AthleticView, athletic_view


class AthleticSolverAgent(Agent):
    name = "solver"
    description = (
        "places the most cards possible each turn with the exact best-turn solver, whatever that leaves on the table "
        "for the next player (the heuristic bot also weighs that)"
    )

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self._plan: list[AthleticAction] = []
        self._expect: tuple[object, ...] | None = None

    @staticmethod
    def _key(view: AthleticView) -> tuple[object, ...]:
        return (view["turn"], tuple(view["hand"] or ()), tuple(tuple(p) for p in view["piles"]))

    def act(self, view: View, legal: list[Action]) -> Action:
        typed = athletic_view(view)
        key = self._key(typed)
        if key != self._expect:
            self._plan = best_turn(typed, BOT_NODE_LIMIT).actions
            self._expect = key
        if self._plan:
            step = self._plan.pop(0)
            if step in legal:
                self._expect = None if not self._plan else self._after(typed, step)
                return step
            self._plan = []
        self._expect = None
        return END_ACTION if END_ACTION in legal else legal[-1]

    def _after(self, view: AthleticView, step: AthleticAction) -> tuple[object, ...]:
        """The view key expected after `step` (so that the next call knows its plan still holds)."""
        hand = list(view["hand"] or ())
        piles = [list(p) for p in view["piles"]]
        data = step.to_json()
        if data["type"] == "move":
            piles[data["to"]].append(piles[data["from"]].pop())
        else:
            hand.remove(data["card"])
            piles[data["pile"]].append(data["card"])
        return (view["turn"], tuple(hand), tuple(tuple(p) for p in piles))
