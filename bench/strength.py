"""Head-to-head strength of two bots: N games, seats alternated, the same deal played from every seat.

    python bench/strength.py GAME BOT_A BOT_B [--games 400] [--players 2] [--workers 2] [--seed 1] [--first-game 0]
        [--rule K=V ...] [--json out.json]

Game pairs: deal seed s is played once with A in seat 0 and once with A in seat 1 (mirrored deals cut the luck of the
deal). A win counts 1, a shared win 1/2. With `--players P` > 2 one A plays P - 1 copies of B (each its own seeded bot):
deal seed s is played P times, A in seat 0, 1, …, P - 1 (rotated), and A's win share is compared with the fair share
1/P; "B's total" is then the mean of the B seats' totals. Game i of the run is deal seed + i // P with A in seat i % P;
`--first-game K` starts at game K (then --games more), so that a stopped run resumes exactly: `--seed S --first-game 50
--games 350` plays the games 50..399 of `--seed S --games 400`. Prints A's win rate with a 95% Wilson interval (on the
score share over the games), the mean final totals of A and B, A's median, mean, 99th percentile and longest time per
decision (wall clock; and the CPU time of the process, which a busy machine inflates less) and the machine's load
average at the start and the end (decision times on a shared machine are only comparable with it); with --json it writes
the numbers and each game's deal seed, A's seat, score and totals. For the strength tables of docs/bots.md; `podium
tournament` does the same for any number of different bots.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from podium.agents.base import make_agent
from podium.core.registry import get_game


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `share` observed over `n` trials."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


Played = tuple[float, list[float], int, float, float, float, float, list[float]]


def play_game(args: tuple[str, dict[str, str], str, str, int, int, int]) -> Played:
    """(A's score in 0/0.5/1, A's decision times, plies, seconds, A's longest decision, A's total, B's total, A's
    decision CPU times) for one game with A in seat `a_seat`."""
    game_name, rules, bot_a, bot_b, seed, a_seat, players = args
    game = get_game(game_name)
    config = game.config(rules)
    state = game.new_game(config, players, seed)
    names = [bot_a if seat == a_seat else bot_b for seat in range(players)]
    agents = [make_agent(name, game, seat, seed * 7919 + seat * 104729 + 17) for seat, name in enumerate(names)]
    plies = 0
    a_times: list[float] = []
    a_cpu: list[float] = []
    start = time.perf_counter()
    while not state.is_over:
        p = state.current_player
        assert p is not None
        t0 = time.perf_counter()
        c0 = time.process_time()
        action = agents[p].act(state.view(p), state.legal_actions())
        if p == a_seat:
            a_times.append(time.perf_counter() - t0)
            a_cpu.append(time.process_time() - c0)
        state.apply(action)
        plies += 1
    result = state.result()
    score = 1.0 / len(result.winners) if a_seat in result.winners else 0.0
    totals = result.scores
    return (
        score,
        a_times,
        plies,
        time.perf_counter() - start,
        max(a_times, default=0.0),
        float(totals[a_seat]),
        statistics.fmean(float(t) for q, t in enumerate(totals) if q != a_seat),
        a_cpu,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bot_a")
    parser.add_argument("bot_b")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first-game",
        type=_non_negative,
        default=0,
        metavar="K",
        help="start at game K of the run from --seed (to resume a stopped run exactly); default 0",
    )
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    rules = dict(r.split("=", 1) for r in args.rule)
    n = args.players
    games_range = range(args.first_game, args.first_game + args.games)
    jobs = [(args.game, rules, args.bot_a, args.bot_b, *game_of_run(args.seed, n, i), n) for i in games_range]
    start = time.perf_counter()
    load_start = os.getloadavg()[0]
    scores: list[float] = []
    times: list[float] = []
    cpu: list[float] = []
    totals_a: list[float] = []
    totals_b: list[float] = []
    longest = 0.0
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        games = pool.map(play_game, jobs, chunksize=1) if pool is not None else map(play_game, jobs)
        for i, out in enumerate(games):
            scores.append(out[0])
            times.extend(out[1])
            cpu.extend(out[7])
            longest = max(longest, out[4])
            totals_a.append(out[5])
            totals_b.append(out[6])
            if (i + 1) % 50 == 0:
                print(f"  {i + 1} games, A {sum(scores) / len(scores):.3f}", file=sys.stderr, flush=True)
            if (i + 1) % 10 == 0 and args.json:  # a long run stopped early still leaves its numbers so far
                seen = (scores, times, cpu, totals_a, totals_b)
                _write(args, rules, *seen, longest, start, load_start, partial=True)
    _write(args, rules, scores, times, cpu, totals_a, totals_b, longest, start, load_start, partial=False)
    return 0


def game_of_run(seed: int, players: int, i: int) -> tuple[int, int]:
    """(deal seed, A's seat) of game i of the run from `seed`: the same games whatever --first-game."""
    return seed + i // players, i % players


def _non_negative(text: str) -> int:
    """An argparse type: an integer >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, not {value}")
    return value


def _quantile(values: list[float], q: float) -> float:
    """The value below which a share `q` of `values` lies (the nearest rank; 0.0 when empty)."""
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def _write(
    args: argparse.Namespace,
    rules: dict[str, str],
    scores: list[float],
    times: list[float],
    cpu: list[float],
    totals_a: list[float],
    totals_b: list[float],
    longest: float,
    start: float,
    load_start: float,
    *,
    partial: bool,
) -> None:
    """Print the summary (unless `partial`) and write it to --json."""
    n = len(scores)
    mean = sum(scores) / n
    low, high = wilson(mean, n)
    seconds = time.perf_counter() - start
    median = statistics.median(times) if times else 0.0
    p99 = _quantile(times, 0.99)
    load_end = os.getloadavg()[0]
    out = {
        "game": args.game,
        "rules": rules,
        "a": args.bot_a,
        "b": args.bot_b,
        "players": args.players,
        "fair_share": 1 / args.players,
        "games": n,
        "win_rate": mean,
        "ci_low": low,
        "ci_high": high,
        "mean_total_a": statistics.fmean(totals_a),
        "mean_total_b": statistics.fmean(totals_b),
        "a_median_seconds_per_decision": median,
        "a_seconds_per_decision": statistics.fmean(times) if times else 0.0,
        "a_median_cpu_seconds_per_decision": statistics.median(cpu) if cpu else 0.0,
        "a_p99_seconds_per_decision": p99,
        "a_p99_cpu_seconds_per_decision": _quantile(cpu, 0.99),
        "a_longest_cpu_decision": max(cpu, default=0.0),
        "a_longest_decision": longest,
        "seconds": seconds,
        "load_average": [load_start, load_end],
        "seed": args.seed,
        "first_game": args.first_game,
        "per_game": [
            {
                "game": i,
                "deal_seed": game_of_run(args.seed, args.players, i)[0],
                "a_seat": game_of_run(args.seed, args.players, i)[1],
                "score": score,
                "total_a": total_a,
                "total_b": total_b,
            }
            for i, score, total_a, total_b in zip(
                range(args.first_game, args.first_game + n), scores, totals_a, totals_b, strict=True
            )
        ],
    }
    if not partial:
        print(
            f"{args.game} {' '.join(args.rule)} {args.players}p {args.bot_a} vs {args.bot_b}: {mean:.3f} "
            f"[{low:.3f}, {high:.3f}] over "
            f"{n} games (Wilson 95%); mean totals {out['mean_total_a']:.1f} vs {out['mean_total_b']:.1f}; A median "
            f"{median * 1000:.1f} ms/decision (CPU {out['a_median_cpu_seconds_per_decision'] * 1000:.1f}, mean "
            f"{out['a_seconds_per_decision'] * 1000:.1f}, p99 {p99 * 1000:.0f}, longest "
            f"{longest * 1000:.0f}; CPU p99 {out['a_p99_cpu_seconds_per_decision'] * 1000:.0f}, longest "
            f"{out['a_longest_cpu_decision'] * 1000:.0f}); {seconds:.0f} s; load {load_start:.1f} -> {load_end:.1f}"
        )
    out["partial"] = partial
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)


if __name__ == "__main__":
    raise SystemExit(main())
