"""Bench: the Athletic Games best-turn solver against a naive exhaustive search, in the same run.

    python bench/athletic_solver.py [--positions 10000] [--hard 200] [--naive 1000] [--seed 1] [--save F | --load F]

(a) `--positions` turn-start positions from simulated games between solver bots (2-5 players), and
(b) `--hard` positions with 12-25 cards in hand, from games between random bots (whose hands grow large).
For each set it prints the solver's mean / p99 / max time and nodes, then the naive exhaustive search
(`brute_force`, the solver tests' oracle: every position reachable by legal action sequences) on the first
`--naive` positions of the set, with a cap of `--naive-cap` visited positions: how many it finishes, and its time
on those.
The solver has a node cap too (`--cap`); positions beyond it are counted, not hidden.
`--save FILE` writes the collected positions as JSON and `--load FILE` reads them instead of simulating, so two
versions of the solver can be timed on the same positions (the solver bots' games depend on the solver's plans).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from podium.agents.base import make_agent
from podium.core.rng import Rng
from podium.games.athletic import GAME
from podium.games.athletic.solver import SearchLimit, solve

# The naive search is the solver tests' oracle; it lives with them, not in the shipped package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games" / "athletic"))
from athletic_oracle import brute_force

Position = tuple[list[int], list[list[int]]]


def _games(bots: str, seed: int) -> Iterator[tuple[object, ...]]:
    rng = Rng(seed)
    game_no = 0
    while True:
        players = 2 + rng.randbelow(4)
        state = GAME.new_game(GAME.config(max_turns=200), players, seed * 100_003 + game_no)
        agents = [make_agent(bots, GAME, s, seed + game_no * 7 + s) for s in range(players)]
        while not state.is_over:
            seat = state.current
            assert seat is not None
            if state.placed == 0 and not state.chain:
                yield (list(state.hands[seat]), [list(p) for p in state.piles])
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        game_no += 1


def simulated_positions(count: int, seed: int) -> list[Position]:
    out: list[Position] = []
    for hand, piles in _games("solver", seed):  # type: ignore[misc]
        out.append((hand, piles))
        if len(out) >= count:
            return out
    return out


def hard_positions(count: int, seed: int) -> list[Position]:
    out: list[Position] = []
    rng = Rng(seed)
    for hand, piles in _games("random", seed + 1):  # type: ignore[misc]
        if 12 <= len(hand) <= 25 and rng.randbelow(4) == 0:  # sample, so positions come from many games
            out.append((hand, piles))
            if len(out) >= count:
                return out
    return out


def _stats(label: str, times: list[float], nodes: list[int]) -> str:
    if not times:
        return f"  {label}: none"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"  {label}: n={len(times)}  mean {statistics.mean(times) * 1000:.2f} ms  p99 {p99 * 1000:.2f} ms  "
        f"max {ordered[-1] * 1000:.1f} ms  nodes mean {statistics.mean(nodes):.0f} max {max(nodes)}"
    )


def run_set(name: str, positions: list[Position], cap: int, naive: int, naive_cap: int) -> None:
    print(f"{name}: {len(positions)} positions, hand sizes {min(len(h) for h, _ in positions)}-"
          f"{max(len(h) for h, _ in positions)}")  # fmt: skip
    times, nodes, capped = [], [], 0
    values: list[int | None] = []
    for hand, piles in positions:
        started = time.perf_counter()
        try:
            plan = solve(hand, piles, node_limit=cap)
        except SearchLimit:
            capped += 1
            values.append(None)
            times.append(time.perf_counter() - started)
            nodes.append(cap)
            continue
        times.append(time.perf_counter() - started)
        nodes.append(plan.nodes)
        values.append(plan.placed)
    print(_stats("solver", times, nodes) + f"  over the {cap}-node cap: {capped}")
    n_times, n_nodes, s_times, finished, agree = [], [], [], 0, 0
    for i, (hand, piles) in enumerate(positions[:naive]):
        started = time.perf_counter()
        try:
            best, visited = brute_force(hand, piles, node_limit=naive_cap)
        except SearchLimit:
            continue
        n_times.append(time.perf_counter() - started)
        n_nodes.append(visited)
        s_times.append(times[i])
        finished += 1
        agree += values[i] == best
    print(_stats(f"naive on the {finished} of {min(naive, len(positions))} it finishes (cap {naive_cap})",
                 n_times, n_nodes))  # fmt: skip
    print(_stats("solver on those same positions", s_times, [1] * len(s_times)).split("  nodes")[0]
          + f"  (same answer on {agree} of {finished})")  # fmt: skip
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--hard", type=int, default=200)
    parser.add_argument("--naive", type=int, default=1000, help="positions per set given to the naive search")
    parser.add_argument("--naive-cap", type=int, default=20_000)
    parser.add_argument("--cap", type=int, default=40_000, help="solver node cap per position (about 1 s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write the collected positions to this JSON file")
    parser.add_argument("--load", help="read the positions from this JSON file instead of simulating games")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.load:
        with open(args.load) as f:
            data = json.load(f)
        simulated, hard = data["a"][: args.positions], data["b"][: args.hard]
    else:
        simulated = simulated_positions(args.positions, args.seed)
        hard = hard_positions(args.hard, args.seed)
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"a": simulated, "b": hard}, f)
    print(f"collected positions in {time.perf_counter() - started:.1f} s\n")
    run_set("(a) positions from solver-bot games", simulated, args.cap, args.naive, args.naive_cap)
    print()
    run_set("(b) hard positions (12-25 cards in hand, random-bot games)", hard, args.cap, min(args.naive, 50),
            args.naive_cap)  # fmt: skip
    print(f"\ntotal {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
