"""The exact best-turn solver of Athletic Games: the most hand cards a player can place this turn, and a plan.

`solve` (and `solve_view`, from a player's view) proves the maximum and returns a `Plan`; past its node budget it
raises `SearchLimit`, and the callers then take `greedy` (placements only). `describe` puts a plan in one line.

Modules, each one job:
- `position`: the position (hand as a card set, the five piles as a layout), moves, and the position of a view;
- `graph`: the placement graph over card sets, bit-parallel;
- `bounds`: the plain upper bound, asked at every position searched;
- `chains`: the chain bound and its cover, switched on when a solve escalates;
- `search`: the exact search (threshold questions, memo, escalation, guide) and the plan; its docstring explains
  the algorithm, the no-repeat rule and the tie-break between plans placing the maximum;
- `greedy`: the fallback turn;
- `plan`: the answer, and its description.

Exactness is checked in tests/games/athletic/test_athletic_solver.py against a brute-force enumeration of every
position reachable by legal action sequences (the tests' `athletic_oracle`), on thousands of random small
positions, and against an enumeration through the engine itself (with its no-repeat rule) for positions in the
middle of a turn.
"""

from podium.games.athletic.solver.greedy import greedy, greedy_view
from podium.games.athletic.solver.plan import Plan, describe
from podium.games.athletic.solver.position import Layout, Position, layout_moves, position_of
from podium.games.athletic.solver.search import SearchLimit, solve, solve_view

__all__ = [
    "Layout",
    "Plan",
    "Position",
    "SearchLimit",
    "describe",
    "greedy",
    "greedy_view",
    "layout_moves",
    "position_of",
    "solve",
    "solve_view",
]
