"""ISMCTS iterations per second now against a frozen copy of the ISMCTS of before the speed work (issue 13 target 6),
both measured in the same run on the same positions, so that the machine's load cancels out of the ratio.

    python bench/ismcts_speed.py                # every game, about a minute on a quiet core
    python bench/ismcts_speed.py --quick        # fewer positions and iterations
    python bench/ismcts_speed.py --game golf

The baseline is `bench/baselines/ismcts_v0.py` with the per-game playouts and turn macros of that day
(`bench/baselines/ismcts_*_v0.py`); "now" is `podium.agents.ismcts` with the games' current facets. Each game is
searched in the form its `hard` preset uses (Golf flat, `depth=1`; Olympicards the tree; Athletic Games whole turns)
and, for Golf and Olympicards, the other form too. The positions are seeded mid-game decision points (2 players,
from games between heuristic bots, only decisions with a real choice). The two bots alternate position by position,
so that a change in the machine's load hits both alike. `rate()` and `measure()` may be called by other benchmarks
(bench/speed.py).

An iteration is one playout (one candidate turn and its rollout with whole turns). Where the algorithm changed (Golf:
pruned root moves, another playout policy; see docs/bots.md) an iteration is not the same work as before: the ratio is
then speed only, and the strength is checked separately (bench/strength.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from podium.agents.base import Agent, make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.contract import Action, Game, View
from podium.core.registry import get_game
from podium.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent / "baselines"))

# (game, label, rule options, mode, "now" spec, baseline options)
CASES: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("golf", "Golf four-card", {}, "flat", "ismcts:depth=1"),
    ("golf", "Golf four-card", {}, "tree", "ismcts"),
    ("golf", "Golf six-card", {"variant": "six"}, "flat", "ismcts:depth=1"),
    ("golf", "Golf six-card", {"variant": "six"}, "tree", "ismcts"),
    ("olympicards", "Olympicards", {}, "tree", "ismcts"),
    ("olympicards", "Olympicards", {}, "flat", "ismcts:depth=1"),
    ("athletic", "Athletic Games", {}, "turn", "ismcts:macro=turn"),
]

Point = tuple[int, View, list[Action]]


def positions(game: Game, options: dict[str, Any], count: int, seed: int) -> list[Point]:
    """`count` decision points with at least two legal actions, from seeded heuristic-vs-heuristic games."""
    out: list[Point] = []
    rng = Rng(seed)
    game_seed = seed
    while len(out) < count:
        state = game.new_game(game.config(options), 2, game_seed)
        agents = [make_agent("heuristic", game, p, game_seed + p) for p in range(2)]
        game_seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            legal = state.legal_actions()
            if len(legal) > 1 and rng.randbelow(6) == 0:
                out.append((p, view, legal))
            state.apply(agents[p].act(view, legal))
    return out


def baseline_bot(game: Game, seat: int, seed: int, mode: str, iterations: int) -> Any:
    """The frozen ISMCTS of before, with that day's facets of `game`."""
    import ismcts_v0

    playout: Any = None
    macro: Any = None
    if game.name == "golf":
        from ismcts_golf_playout_v0 import GolfPlayout

        playout = GolfPlayout()
    elif game.name == "olympicards":
        from ismcts_olympicards_playout_v0 import OlympicardsPlayout

        playout = OlympicardsPlayout()
    elif game.name == "athletic":
        from ismcts_athletic_playout_v0 import AthleticPlayout
        from ismcts_athletic_turns_v0 import AthleticTurns

        playout = AthleticPlayout()
        if mode == "turn":
            macro = AthleticTurns()
    return ismcts_v0.ISMCTS(
        game, seat, seed, iterations=iterations, playout=playout, depth=1 if mode == "flat" else 0, macro=macro
    )


def now_bot(game: Game, seat: int, seed: int, spec: str, iterations: int) -> ISMCTS:
    bot = make_agent(f"{spec}:iterations={iterations}", game, seat, seed)
    assert isinstance(bot, ISMCTS)
    return bot


def rate(bots: list[Agent], points: list[Point], repeat: int = 1) -> tuple[float, float]:
    """(iterations per second, mean ms per decision) of `bots[i]` deciding at `points[i]`."""
    iterations = 0
    seconds = 0.0
    for _ in range(repeat):
        for bot, (_, view, legal) in zip(bots, points, strict=True):
            start = time.perf_counter()
            bot.act(view, legal)
            seconds += time.perf_counter() - start
            iterations += getattr(bot, "last_iterations", 0)
    return iterations / seconds if seconds else 0.0, seconds / (len(points) * repeat) * 1000


def measure(
    game_name: str, options: dict[str, Any], mode: str, spec: str, count: int, iterations: int
) -> dict[str, float]:
    """Iterations per second of the baseline and of today's ISMCTS on the same `count` positions, alternating
    position by position; the ratio now / baseline."""
    game = get_game(game_name)
    points = positions(game, options, count, seed=7)
    base_its = base_s = now_its = now_s = 0.0
    for i, (seat, view, legal) in enumerate(points):
        pair = [
            (True, baseline_bot(game, seat, 5 + i, mode, iterations)),
            (False, now_bot(game, seat, 5 + i, spec, iterations)),
        ]
        if i % 2:
            pair.reverse()
        for is_base, bot in pair:
            start = time.perf_counter()
            bot.act(view, legal)
            spent = time.perf_counter() - start
            if is_base:
                base_its += bot.last_iterations
                base_s += spent
            else:
                now_its += bot.last_iterations
                now_s += spent
    base = base_its / base_s if base_s else 0.0
    now = now_its / now_s if now_s else 0.0
    return {
        "baseline_it_s": base,
        "now_it_s": now,
        "ratio": now / base if base else 0.0,
        "baseline_ms": base_s / len(points) * 1000,
        "now_ms": now_s / len(points) * 1000,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--quick", action="store_true", help="fewer positions and iterations")
    args = parser.parse_args(argv)
    count = 6 if args.quick else 20
    iterations = 100 if args.quick else 300
    print(f"ISMCTS iterations/s, now vs the frozen baseline (bench/baselines), {count} positions, {iterations} it")
    for game_name, label, options, mode, spec in CASES:
        if args.game and game_name != args.game:
            continue
        out = measure(game_name, options, mode, spec, count, iterations)
        print(
            f"  {label:16} {mode:4}  baseline {out['baseline_it_s']:8.0f} it/s   now {out['now_it_s']:8.0f} it/s"
            f"   = {out['ratio']:5.2f}x   ({out['baseline_ms']:.0f} -> {out['now_ms']:.0f} ms/decision)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
