"""podium's ISMCTS against OpenSpiel's ISMCTS, two players, the same simulations per move (docs/openspiel.md).

    python bench/openspiel_tournament.py --game golf --games 400 --sims 50 --out golf.json

The game is played through `podium.openspiel` (explicit chance, outcomes drawn with their probabilities from a
seeded generator). OpenSpiel's side is `open_spiel.python.algorithms.ismcts.ISMCTSBot` as shipped: random-rollout
evaluation (`RandomRolloutEvaluator`, one rollout to the end of the game), UCT constant 2 (returns are in [-1, 1]),
a new world sampled for every simulation (`resample_from_infostate`). podium's side is its `ismcts` bot with the same
number of iterations and its defaults otherwise (the game's fast playout and, where the game has them, whole-turn
candidates), or `--podium SPEC` for another spec, e.g. `ismcts:playout=random`. It decides from its seat's view.
The seats alternate from game to game. A won game scores 1, a tie 1/2; the 95% interval is Wilson's for the score.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import podium.openspiel  # noqa: F401  (registers the games)
from podium.agents.base import make_agent

# One hole of Golf, a short Athletic race and the whole of Olympicards: OpenSpiel's rollouts play to the end of the
# game through the Python adapter, so the full nine holes or a 1000-turn Athletic race would take days on two cores.
CONFIGS: dict[str, dict[str, Any]] = {
    "golf": {"rounds": 1},
    "athletic": {"medals_to_win": 1, "max_turns": 20},
    "olympicards": {},
}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(
    name: str, sims: int, seed: int, podium_seat: int, podium_spec: str, podium_iterations: int
) -> tuple[float, dict[str, float]]:
    """One game; podium's result (1 win, 0.5 tie, 0 loss) and each side's thinking time."""
    game = pyspiel.load_game(f"podium_{name}", {"players": 2, **CONFIGS[name]})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed + 1))
    theirs = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=sims, random_state=np.random.RandomState(seed + 2)
    )
    ours = make_agent(podium_spec, game.podium_game, podium_seat, seed + 3, iterations=podium_iterations)
    state = game.new_initial_state()
    spent = {"podium": 0.0, "openspiel": 0.0}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        start = time.perf_counter()
        if state.current_player() == podium_seat:
            podium_state = state.podium_state
            action = ours.act(podium_state.view(podium_seat), podium_state.legal_actions()).id
            spent["podium"] += time.perf_counter() - start
        else:
            action = int(theirs.step(state))
            spent["openspiel"] += time.perf_counter() - start
        state.apply_action(action)
    returns = state.returns()
    mine, other = returns[podium_seat], returns[1 - podium_seat]
    return (1.0 if mine > other else 0.5 if mine == other else 0.0), spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(CONFIGS), required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--sims", type=int, default=50, help="simulations per move, both sides")
    parser.add_argument("--podium", default="ismcts", help="podium's bot spec (its iterations: --sims)")
    parser.add_argument(
        "--podium-iterations", type=int, help="podium's iterations per move instead of --sims (e.g. for equal time)"
    )
    parser.add_argument(
        "--ties-to-lowest-id",
        action="store_true",
        help="podium's ISMCTS as before its fix: visit ties to the lowest id (bench/ismcts_visit_ties.py)",
    )
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--out", type=Path, help="write the results as JSON here (after every game)")
    args = parser.parse_args(argv)
    if args.ties_to_lowest_id:
        from ismcts_visit_ties import act_ties_to_lowest_id  # bench/, beside this script
        from podium.agents import ismcts as podium_ismcts

        podium_ismcts.ISMCTS.act = act_ties_to_lowest_id  # type: ignore[method-assign]
    score = 0.0
    wins = ties = 0
    spent = {"podium": 0.0, "openspiel": 0.0}
    started = time.perf_counter()
    for index in range(args.games):
        ours = args.podium_iterations or args.sims
        result, used = play(args.game, args.sims, args.seed * 100_003 + index, index % 2, args.podium, ours)
        score += result
        wins += result == 1.0
        ties += result == 0.5
        for side in spent:
            spent[side] += used[side]
        n = index + 1
        low, high = wilson(score, n)
        summary = {
            "game": args.game,
            "config": CONFIGS[args.game],
            "players": 2,
            "sims": args.sims,
            "podium": args.podium,
            "podium_iterations": ours,
            "ties_by_reward": args.ties_by_reward,
            "games": n,
            "podium_wins": wins,
            "ties": ties,
            "openspiel_wins": n - wins - ties,
            "podium_score": score / n,
            "wilson95": [low, high],
            "seconds": time.perf_counter() - started,
            "think_seconds": spent,
        }
        if args.out:
            args.out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        if n % 10 == 0 or n == args.games:
            print(
                f"{args.game} {n}/{args.games}: podium {wins} ties {ties} openspiel {n - wins - ties}, "
                f"score {score / n:.3f} [{low:.3f}, {high:.3f}], {time.perf_counter() - started:.0f}s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
