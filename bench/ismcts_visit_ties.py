"""Why podium's ISMCTS lost to OpenSpiel's at a few simulations per move in Olympicards (docs/openspiel.md), and
what the fix now in `ISMCTS.act` is worth.

    python bench/ismcts_visit_ties.py --games 100

With few iterations the root's actions often end with equal visits (two actions and 8 iterations: 4 and 4; more
actions than iterations: one each). `ISMCTS.act` used to take the most visited one with ties going to the lowest id:
in Olympicards that is `withdraw` (id 0) whenever it is among them, else the lowest-numbered play, whatever the
playouts said; it now breaks such ties by mean reward. This plays podium's `ismcts` (8 iterations) against `random`
in 2-player Olympicards, seats alternating, once with the old rule (patched here, in this process only) and once as
shipped, and prints both scores (a win 1, a tie 1/2).
"""

from __future__ import annotations

import argparse
import sys

from podium.agents import ismcts
from podium.agents.base import make_agent
from podium.core.contract import Action, View
from podium.core.registry import get_game

SHIPPED = ismcts.ISMCTS.act


def act_ties_to_lowest_id(self: ismcts.ISMCTS, view: View, legal: list[Action]) -> Action:
    """`ISMCTS.act` as it was for a tree search: the most visited root action, ties going to the lowest id."""
    if self.macro is not None or self.depth == 1:
        return SHIPPED(self, view, legal)
    offered = len(legal)
    if offered > 1:
        legal = self.playout.prune(view, legal)
    if len(legal) == 1:
        return legal[0]
    root = self.search(view, legal if len(legal) < offered else None)
    best: Action | None = None
    best_visits = -1
    for action in legal:
        child = root.children.get(action.id)
        if child is not None and child.visits > best_visits:
            best, best_visits = action, child.visits
    return best if best is not None else legal[self.rng.randbelow(len(legal))]


def score(games: int, iterations: int) -> float:
    game = get_game("olympicards")
    config = game.config()
    total = 0.0
    for index in range(games):
        seat = index % 2
        bots = {
            seat: make_agent("ismcts", game, seat, index, iterations=iterations),
            1 - seat: make_agent("random", game, 1 - seat, index + 7),
        }
        state = game.new_game(config, 2, index)
        while (player := state.current_player) is not None:
            state.apply(bots[player].act(state.view(player), state.legal_actions()))
        winners = state.result().winners
        total += 1.0 if winners == (seat,) else 0.5 if seat in winners else 0.0
    return total / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=8)
    args = parser.parse_args(argv)
    print(f"podium ismcts:iterations={args.iterations} against random, Olympicards 2p, {args.games} games")
    ismcts.ISMCTS.act = act_ties_to_lowest_id  # type: ignore[method-assign]
    print(f"  before: ties to the lowest id              {score(args.games, args.iterations):.3f}")
    ismcts.ISMCTS.act = SHIPPED  # type: ignore[method-assign]
    print(f"  as shipped: ties broken by mean reward     {score(args.games, args.iterations):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
