"""ISMCTS iterations per second now against a frozen copy of the ISMCTS of before the speed work (issue 13 target 6),
both measured in the same run on the same positions, so that the machine's load cancels out of the ratio.

    python bench/ismcts_speed.py                # every game, about a minute on a quiet core
    python bench/ismcts_speed.py --quick        # fewer positions and iterations
    python bench/ismcts_speed.py --game golf

The baseline is `bench/baselines/ismcts_v0.py` with the per-game playouts and turn macros of that day
(`bench/baselines/ismcts_*_v0.py`); "now" is `podium.agents.ismcts` with the games' current facets. Both run on
today's engines, `determinize` and `Rng` (what was made faster there speeds both up): the ratio is what the search
itself gained — the per-decision samplers (`Game.determinizer`, `Playout.sampler`), the search loops and the playouts.
Each game is searched in the form its `hard` preset uses (Golf flat, `depth=1`; Olympicards the tree; Athletic Games
whole turns) and, for Golf and Olympicards, the other form too. The positions are seeded mid-game decision points (2
players, from games between heuristic bots, only decisions with a real choice). The two bots alternate position by
position, so that a change in the machine's load hits both alike, and each is timed in CPU time of the process
(`time.process_time`), which other processes' load does not count. `rate()` and `measure()` may be called by other
benchmarks, `speed_lines()` is bench/speed.py's target 6.

An iteration is one playout (one candidate turn and its rollout with whole turns). Where the algorithm changed (Golf:
pruned root moves, another playout policy that plays about twice as many turns before it scores, weighted samples;
see docs/bots.md) an iteration is not the same work as before: the ratio is then speed only, and the strength is
checked separately (bench/strength.py). The lines marked "v0 playout" search Golf with the playout of before in both
bots (the same decisions at the same seed; a test checked it against this frozen search until issue 27), so that
they measure the search, the sampling and the engine calls alone.
"""

from __future__ import annotations

import argparse
import os
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

# (game, label, rule options, mode, "now" spec); a spec ending in ":v0" gives "now" the baseline's playout (below)
CASES: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("golf", "Golf four-card", {}, "flat", "ismcts:depth=1"),
    ("golf", "Golf four-card", {}, "tree", "ismcts"),
    ("golf", "Golf six-card", {"variant": "six"}, "flat", "ismcts:depth=1"),
    ("golf", "Golf six-card", {"variant": "six"}, "tree", "ismcts"),
    ("golf", "Golf four-card", {}, "flat", "ismcts:depth=1:v0"),
    ("golf", "Golf four-card", {}, "tree", "ismcts:v0"),
    ("golf", "Golf six-card", {"variant": "six"}, "flat", "ismcts:depth=1:v0"),
    ("olympicards", "Olympicards", {}, "tree", "ismcts"),
    ("olympicards", "Olympicards", {}, "flat", "ismcts:depth=1"),
    ("athletic", "Athletic Games", {}, "turn", "ismcts:macro=turn"),
]
V0 = ":v0"

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


def old_playout(game: Game) -> Any:
    """That day's playout of `game`."""
    if game.name == "golf":
        from ismcts_golf_playout_v0 import GolfPlayout

        return GolfPlayout()
    if game.name == "olympicards":
        from ismcts_olympicards_playout_v0 import OlympicardsPlayout

        return OlympicardsPlayout()
    from ismcts_athletic_playout_v0 import AthleticPlayout

    return AthleticPlayout()


def baseline_bot(game: Game, seat: int, seed: int, mode: str, iterations: int) -> Any:
    """The frozen ISMCTS of before, with that day's facets of `game`."""
    import ismcts_v0

    macro: Any = None
    if game.name == "athletic" and mode == "turn":
        from ismcts_athletic_turns_v0 import AthleticTurns

        macro = AthleticTurns()
    return ismcts_v0.ISMCTS(
        game,
        seat,
        seed,
        iterations=iterations,
        playout=old_playout(game),
        depth=1 if mode == "flat" else 0,
        macro=macro,
    )


def now_bot(game: Game, seat: int, seed: int, spec: str, iterations: int) -> ISMCTS:
    """Today's ISMCTS by `spec`; a spec ending in ":v0" plays with the baseline's playout."""
    v0 = spec.endswith(V0)
    bot = make_agent(f"{spec.removesuffix(V0)}:iterations={iterations}", game, seat, seed)
    assert isinstance(bot, ISMCTS)
    if v0:
        bot.playout = old_playout(game)
    return bot


def rate(bots: list[Agent], points: list[Point], repeat: int = 1) -> tuple[float, float]:
    """(iterations per CPU second, mean CPU ms per decision) of `bots[i]` deciding at `points[i]`."""
    iterations = 0
    seconds = 0.0
    for _ in range(repeat):
        for bot, (_, view, legal) in zip(bots, points, strict=True):
            start = time.process_time()
            bot.act(view, legal)
            seconds += time.process_time() - start
            iterations += getattr(bot, "last_iterations", 0)
    return iterations / seconds if seconds else 0.0, seconds / (len(points) * repeat) * 1000


def measure(
    game_name: str, options: dict[str, Any], mode: str, spec: str, count: int, iterations: int
) -> dict[str, float]:
    """Iterations per CPU second of the baseline and of today's ISMCTS on the same `count` positions, alternating
    position by position, over the positions where both searched (a decision that runs no iteration — one candidate
    turn, or a single move left after pruning — would count its time against one side's rate alone); the ratio
    now / baseline."""
    game = get_game(game_name)
    points = positions(game, options, count, seed=7)
    base_its = base_s = now_its = now_s = 0.0
    searched = 0
    for i, (seat, view, legal) in enumerate(points):
        pair = [
            (True, baseline_bot(game, seat, 5 + i, mode, iterations)),
            (False, now_bot(game, seat, 5 + i, spec, iterations)),
        ]
        if i % 2:
            pair.reverse()
        spent: dict[bool, tuple[int, float]] = {}
        for is_base, bot in pair:
            start = time.process_time()
            bot.act(view, legal)
            spent[is_base] = (bot.last_iterations, time.process_time() - start)
        if spent[True][0] and spent[False][0]:
            searched += 1
            base_its += spent[True][0]
            base_s += spent[True][1]
            now_its += spent[False][0]
            now_s += spent[False][1]
    base = base_its / base_s if base_s else 0.0
    now = now_its / now_s if now_s else 0.0
    return {
        "baseline_it_s": base,
        "now_it_s": now,
        "ratio": now / base if base else 0.0,
        "baseline_ms": base_s / searched * 1000 if searched else 0.0,
        "now_ms": now_s / searched * 1000 if searched else 0.0,
    }


def label_of(label: str, mode: str, spec: str) -> str:
    return f"{label} {mode}" + (" (v0 playout)" if spec.endswith(V0) else "")


def speed_lines(quick: bool, game: str | None = None) -> list[tuple[str, str, str, float]]:
    """bench/speed.py's target 6: (case, now, baseline, ratio) per case of `CASES`."""
    count, iterations = (6, 100) if quick else (20, 300)
    lines = []
    for game_name, label, options, mode, spec in CASES:
        if game is None or game == game_name:
            out = measure(game_name, options, mode, spec, count, iterations)
            lines.append(
                (
                    f"ISMCTS {label_of(label, mode, spec)} (search alone vs frozen)",
                    f"{out['now_it_s']:,.0f} it/s",
                    f"{out['baseline_it_s']:,.0f} it/s",
                    out["ratio"],
                )
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--quick", action="store_true", help="fewer positions and iterations")
    args = parser.parse_args(argv)
    count = 6 if args.quick else 20
    iterations = 100 if args.quick else 300
    print(
        f"ISMCTS iterations per CPU second, now vs the frozen baseline (bench/baselines), {count} positions,"
        f" {iterations} iterations, load average {os.getloadavg()[0]:.1f}"
    )
    for game_name, label, options, mode, spec in CASES:
        if args.game and game_name != args.game:
            continue
        out = measure(game_name, options, mode, spec, count, iterations)
        print(
            f"  {label_of(label, mode, spec):32} baseline {out['baseline_it_s']:8.0f} it/s   now {out['now_it_s']:8.0f}"
            f" it/s   = {out['ratio']:5.2f}x   ({out['baseline_ms']:.0f} -> {out['now_ms']:.0f} CPU ms/decision)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
