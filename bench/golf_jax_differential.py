"""The long differential run of Golf's JAX batch engine against the reference engine (issue 33): at least a million
steps, four- and six-card, two to five players, the rule options that change play, random and heuristic moves,
every step checked (`podium.games.golf.jax.differential`: legal ids, every seat's observation, seat, round, scores,
game end, utilities). Prints one line per batch and the totals; exits 1 at the first mismatch.

    nice .venv/bin/python bench/golf_jax_differential.py --steps 1000000 > differential.log
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from typing import Any

from podium.games.golf.config import GolfConfig
from podium.games.golf.jax.differential import Compiled, Mismatch, run

VARIANTS: list[dict[str, Any]] = [
    {"rounds": 3},
    {"rounds": 2, "knock": "after", "peek": "near", "discard_take_must_swap": True, "round_turn_limit": 12},
    {"variant": "six", "rounds": 2},
    {"variant": "six", "rounds": 2, "flip_on_discard": "may", "six_scoring": "total", "round_turn_limit": 0},
    {"variant": "six", "rounds": 1, "flip_on_discard": "must", "final_turns": False,
     "values": "A=1,2=-2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=-5"},
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--games", type=int, default=256, help="games per batch (random moves)")
    parser.add_argument("--heuristic-games", type=int, default=32, help="games per batch with the heuristic's moves")
    parser.add_argument("--policies", choices=("both", "random"), default="both", help="random: no heuristic batches")
    parser.add_argument("--first-batch", type=int, default=0, help="batch number to start from (seeds differ)")
    args = parser.parse_args()
    compiled: dict[tuple[int, int], Compiled] = {}
    total = games = 0
    start = time.time()
    for batch in itertools.count(args.first_batch):
        for players, (v, rules) in itertools.product(range(2, 6), enumerate(VARIANTS)):
            if total >= args.steps:
                print(f"done: {total:,} steps, {games:,} games, {(time.time() - start) / 60:.1f} min, no mismatch")
                return
            key = (players, v)
            if key not in compiled:
                compiled[key] = Compiled.of(GolfConfig.from_options(rules), players)
            heuristic = batch % 2 == 1 and args.policies == "both"
            policy = "heuristic" if heuristic else "random"
            count = args.heuristic_games if heuristic else args.games
            try:
                report = run(compiled[key], count, seed=batch * 1000 + players * 10 + v, policy=policy)
            except Mismatch as exc:
                print(f"MISMATCH players={players} rules={rules} policy={policy} batch={batch}: {exc}", flush=True)
                sys.exit(1)
            total += report.steps
            games += report.games
            print(
                f"batch {batch} players {players} rules {rules} {policy}: {report.games} games, {report.steps:,} "
                f"steps, ends {report.ends}; total {total:,} steps", flush=True,
            )  # fmt: skip


if __name__ == "__main__":
    main()
