"""Bot speed: ISMCTS iterations per second per game, and the time per decision of every bot, on one core.

    python bench/agents.py                  # about a minute
    python bench/agents.py --quick          # a few seconds per game
    python bench/agents.py --game golf

For each game it collects the same seeded mid-game decision points (2 players, positions from games between
heuristic bots, only decisions with a real choice) and measures there:
- baseline: random playouts per second from those positions (`determinize(view)` + uniformly random actions to
  the end of the game), the unit every search bot pays for;
- ISMCTS iterations per second, tree search over single steps and flat (`depth=1`), each with its game's default
  playout (`macro=step`), and where the game has whole-turn candidates the turn search (`macro=turn`, the default
  there; an iteration is one candidate turn plus its rollout), with the ratio to the baseline;
- the time per decision (mean ms) of each bot and difficulty preset, also in units of one random playout.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.agents.macros import macro_names
from podium.core.contract import Action, Game, View
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng

GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("golf", "golf (four-card)", {}),
    ("golf", "golf (six-card)", {"variant": "six"}),
    ("olympicards", "olympicards", {}),
    ("athletic", "athletic", {}),
]
BOTS = ["random", "heuristic", "easy", "medium", "hard"]


def positions(game: Game, options: dict[str, Any], count: int, seed: int) -> list[tuple[int, View, list[Action]]]:
    """`count` decision points with at least two legal actions, from seeded heuristic-vs-heuristic games."""
    out: list[tuple[int, View, list[Action]]] = []
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


def random_playouts(game: Game, points: list[tuple[int, View, list[Action]]], repeat: int) -> float:
    rng = Rng(1)
    start = time.perf_counter()
    done = 0
    for _ in range(repeat):
        for _, view, _ in points:
            world = game.determinize(view, rng)
            while not world.is_over:
                legal = world.legal_actions()
                world.apply(legal[rng.randbelow(len(legal))])
            done += 1
    return done / (time.perf_counter() - start)


def ismcts_rate(game: Game, points: list[tuple[int, View, list[Action]]], spec: str) -> float:
    iterations = 0
    seconds = 0.0
    for seat, view, legal in points:
        bot = make_agent(spec, game, seat, 5)
        assert isinstance(bot, ISMCTS)
        start = time.perf_counter()
        bot.act(view, legal)
        seconds += time.perf_counter() - start
        iterations += bot.last_iterations
    return iterations / seconds


def decision_ms(game: Game, points: list[tuple[int, View, list[Action]]], spec: str) -> float:
    """Mean ms per decision of a fresh bot (so a bot that plans a whole turn, like Athletic's, plans every time)."""
    bots = [make_agent(spec, game, seat, 1000 + i) for i, (seat, _, _) in enumerate(points)]
    start = time.perf_counter()
    for bot, (_, view, legal) in zip(bots, points, strict=True):
        bot.act(view, legal)
    return (time.perf_counter() - start) / len(points) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted({g for g, _, _ in GAMES}), default=None)
    parser.add_argument("--quick", action="store_true", help="fewer positions and iterations")
    args = parser.parse_args(argv)
    count = 6 if args.quick else 20
    iterations = 100 if args.quick else 300
    known = set(game_names())
    for name, label, options in GAMES:
        if (args.game and name != args.game) or name not in known:
            continue
        game = get_game(name)
        try:
            make_agent("heuristic", game, 0, 0)
        except Exception as exc:  # a game whose bots are not written yet
            print(f"\n{label}: skipped ({exc})")
            continue
        points = positions(game, options, count, seed=7)
        base = random_playouts(game, points, 1 if args.quick else 3)
        print(f"\n{label}: {len(points)} positions")
        print(f"  baseline  random playouts (determinize + play to the end)  {base:9.0f} /s")
        modes = [
            ("tree", f"ismcts:iterations={iterations}:macro=step"),
            ("flat", f"ismcts:iterations={iterations}:depth=1:macro=step"),
        ]
        if "turn" in macro_names(name):  # whole-turn search (the default where a game provides it)
            modes.append(("turn", f"ismcts:iterations={iterations}:macro=turn"))
        for mode, spec in modes:
            rate = ismcts_rate(game, points, spec)
            print(f"  ISMCTS {mode:4}  iterations                                  {rate:9.0f} /s"
                  f"   = {rate / base:5.2f}x the random playout rate")  # fmt: skip
        playout_ms = 1000.0 / base
        for bot in BOTS:
            ms = decision_ms(game, points, bot)
            print(f"  decision  {bot:9} {ms:10.3f} ms   = {ms / playout_ms:8.2f} random playouts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
