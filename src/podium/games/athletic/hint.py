"""The best turn for the seat to move, from that seat's view: the one "solve, and past the budget, a quick greedy
plan" (`best_turn`) used by the hint (terminal and browser) and by the bots, and their node budgets.

A hint is computed from the seat's own view, so it can reveal nothing the seat does not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from podium.core.contract import JsonDict, View
from podium.games.athletic.actions import AthleticAction
from podium.games.athletic.solver import Plan, SearchLimit, greedy_view, solve_view
from podium.games.athletic.view import AthleticView, athletic_view

HINT_NODE_LIMIT = 300_000  # a few seconds at most; the terminal's and the browser's hint alike
# A bot's turn: about half a second of search at most. The solver bot's budget, the heuristic's default
# `node_limit` and the turn search's main plan (which starts from the heuristic's turn).
BOT_NODE_LIMIT = 20_000


@dataclass(frozen=True)
class BestTurn:
    """`plan` is the proven best turn, or None when the position was too large for the budget; then `actions` is
    a quick plan without table moves."""

    plan: Plan | None
    actions: list[AthleticAction]

    @property
    def note(self) -> str | None:
        if self.plan is not None:
            return None
        return f"too large to solve exactly in time; a quick plan without moves places {len(self.actions)}"


def best_turn(view: AthleticView, node_limit: int) -> BestTurn:
    """The solver's plan for the seat that owns `view`, or past `node_limit` nodes the greedy turn."""
    try:
        plan = solve_view(view, node_limit=node_limit)
    except SearchLimit:
        return BestTurn(None, greedy_view(view))
    return BestTurn(plan, list(plan.actions))


def hint(view: View) -> JsonDict:
    """The hint as the web protocol sends it: cards placed (None when not proven), the steps as text and as JSON."""
    best = best_turn(athletic_view(view), HINT_NODE_LIMIT)
    answer: JsonDict = {
        "placed": best.plan.placed if best.plan is not None else None,
        "steps": [a.text() for a in best.actions],
        "actions": [a.to_json() for a in best.actions],
    }
    if best.note is not None:
        answer["note"] = best.note
    return answer
