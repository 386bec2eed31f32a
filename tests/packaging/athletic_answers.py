"""Print, as JSON, what the Athletic solver and `hard` bots answer in seeded games, and which of the modules that
PODIUM_USE_MYPYC=1 compiles were compiled. tests/packaging/test_mypyc_build.py runs it once on the compiled build and
once on the Python one, each taking podium from its own PYTHONPATH."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import podium
from podium.agents.base import make_agent
from podium.games.athletic import GAME
from podium.games.athletic.solver import SearchLimit, describe, greedy, solve
from podium.games.athletic.state import AthleticState

# by name: the solver package's own names `greedy` and `solve` are functions, not its modules
COMPILED: list[ModuleType] = [
    importlib.import_module(f"podium.games.athletic.{name}")
    for name in (
        "cards",
        *(f"solver.{m}" for m in ("bounds", "chains", "graph", "greedy", "plan", "position", "quick", "search")),
    )
]


def turn_start_answers(state: AthleticState) -> list[str]:
    """The solver's proven plan (with the nodes it searched) and the greedy turn for the player about to move."""
    seat = state.current
    assert seat is not None
    hand, piles = list(state.hands[seat]), [list(p) for p in state.piles]
    try:
        proven = solve(hand, piles, node_limit=200_000)
        solved = f"{describe(proven)} ({proven.nodes} nodes)"
    except SearchLimit:
        solved = "past the node limit"
    return [solved, " ".join(a.text() for a in greedy(hand, piles))]


def main() -> None:
    answers: list[str] = []
    for game_no in range(6):
        players = 2 + game_no % 3
        state = GAME.new_game(GAME.config(max_turns=120), players, 9100 + game_no)
        bots = [make_agent("hard:iterations=40", GAME, seat, 50 + game_no * 7 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current
            assert seat is not None
            if state.placed == 0 and not state.chain:
                answers += turn_start_answers(state)
            action = bots[seat].act(state.view(seat), state.legal_actions())
            answers.append(str(action))
            state.apply(action)
    print(
        json.dumps(
            {
                "podium": str(Path(podium.__file__ or "").parent),
                "compiled": {m.__name__: Path(m.__file__ or "").suffix == ".so" for m in COMPILED},
                "answers": answers,
            }
        )
    )


if __name__ == "__main__":
    main()
