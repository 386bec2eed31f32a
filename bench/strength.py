"""Head-to-head strength of two bots: N two-player games, seats alternated, the same deal played from both seats.

    python bench/strength.py GAME BOT_A BOT_B [--games 400] [--workers 2] [--seed 1] [--rule KEY=VALUE ...]

Game pairs: deal seed s is played once with A in seat 0 and once with A in seat 1 (mirrored deals cut the luck of
the deal). A win counts 1, a shared win 1/2. Prints A's win rate with a 95% confidence interval (normal
approximation on the per-game scores) and, with --json, writes the numbers. For the issue's strength table
(docs/bots.md); `podium tournament` does the same for any number of bots.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from podium.agents.base import make_agent
from podium.core.registry import get_game


def play_game(args: tuple[str, dict[str, str], str, str, int, int]) -> tuple[float, float, int, float, float]:
    """(A's score in 0/0.5/1, A's mean decision time, plies, seconds, A's longest decision) for one game with A in
    seat `a_seat`."""
    game_name, rules, bot_a, bot_b, seed, a_seat = args
    game = get_game(game_name)
    config = game.config(rules)
    state = game.new_game(config, 2, seed)
    names = [bot_a, bot_b] if a_seat == 0 else [bot_b, bot_a]
    agents = [make_agent(name, game, seat, seed * 7919 + seat * 104729 + 17) for seat, name in enumerate(names)]
    plies = 0
    a_time = 0.0
    a_moves = 0
    a_max = 0.0
    start = time.perf_counter()
    while not state.is_over:
        p = state.current_player
        assert p is not None
        t0 = time.perf_counter()
        action = agents[p].act(state.view(p), state.legal_actions())
        if p == a_seat:
            spent = time.perf_counter() - t0
            a_time += spent
            a_max = max(a_max, spent)
            a_moves += 1
        state.apply(action)
        plies += 1
    result = state.result()
    score = 1.0 / len(result.winners) if a_seat in result.winners else 0.0
    return score, a_time / max(1, a_moves), plies, time.perf_counter() - start, a_max


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bot_a")
    parser.add_argument("bot_b")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    rules = dict(r.split("=", 1) for r in args.rule)
    jobs = [(args.game, rules, args.bot_a, args.bot_b, args.seed + i // 2, i % 2) for i in range(args.games)]
    start = time.perf_counter()
    scores: list[float] = []
    times: list[float] = []
    longest = 0.0
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        games = pool.map(play_game, jobs, chunksize=1) if pool is not None else map(play_game, jobs)
        for i, out in enumerate(games):
            scores.append(out[0])
            times.append(out[1])
            longest = max(longest, out[4])
            if (i + 1) % 50 == 0:
                print(f"  {i + 1} games, A {sum(scores) / len(scores):.3f}", file=sys.stderr, flush=True)
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    seconds = time.perf_counter() - start
    out = {
        "game": args.game,
        "rules": rules,
        "a": args.bot_a,
        "b": args.bot_b,
        "games": n,
        "win_rate": mean,
        "ci_low": mean - half,
        "ci_high": mean + half,
        "a_seconds_per_decision": sum(times) / n,
        "a_longest_decision": longest,
        "seconds": seconds,
    }
    print(
        f"{args.game} {args.bot_a} vs {args.bot_b}: {mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] over {n} games; "
        f"A {out['a_seconds_per_decision'] * 1000:.1f} ms/decision (longest {longest * 1000:.0f} ms); {seconds:.0f} s"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
