"""Golf engine speed: random playouts of 2-player four-card and six-card Golf (9 holes), on one core.

    python bench/golf_engine.py            # about 20 s
    python bench/golf_engine.py --games 200 --check

For each variant it measures, with a fixed seed:
- engine (best of three runs): `legal_actions()` + a random choice (the project's `Rng.randbelow`, as the
  random bot does) + `apply()`, as actions/s and 9-hole games/s;
- loop baseline: a bare Python loop over the same number of steps that only copies a small tuple into a list and
  makes the same random choice — the floor any engine step pays in the interpreter;
- serialising baseline: the same action sequence replayed with a `to_dict()`/`from_dict()` round trip before each
  step (what a naive engine that rebuilds its state from data would pay), on a sample of the games;
- clone: `clone()` calls/s on mid-game states (what search bots pay per simulation).
The ratios are printed so that numbers from different machines can be compared. `--check` exits non-zero if
six-card actions/s is below the issue's acceptance target (250,000).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from podium.core.rng import Rng
from podium.games.golf import GAME, GolfAction, GolfState

TARGET = 250_000  # six-card random actions/s (issue acceptance)
SEED = 20240601


@dataclass
class Run:
    games: int
    actions: int
    seconds: float
    moves: list[list[int]]  # per game, the action ids (for the replay baselines)


def play_games(options: dict[str, object], games: int, seed: int, record: bool) -> Run:
    config = GAME.config(options)
    chooser = Rng(seed)
    randbelow = chooser.randbelow
    moves: list[list[int]] = []
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        state = GAME.new_game(config, 2, seed + g)
        legal_actions = state.legal_actions
        apply = state.apply
        ids: list[int] = []
        while not state.is_over:
            legal = legal_actions()
            action = legal[randbelow(len(legal))]
            apply(action)
            if record:
                ids.append(action.id)
            actions += 1
        if record:
            moves.append(ids)
    return Run(games, actions, time.perf_counter() - start, moves)


def loop_baseline(actions: int, seed: int) -> float:
    chooser = Rng(seed)
    randbelow = chooser.randbelow
    options: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
    start = time.perf_counter()
    for _ in range(actions):
        legal = list(options)
        legal[randbelow(len(legal))]
    return time.perf_counter() - start


def serialising_baseline(options: dict[str, object], moves: list[list[int]], seed: int) -> tuple[int, float]:
    config = GAME.config(options)
    actions = 0
    start = time.perf_counter()
    for g, ids in enumerate(moves):
        state = GAME.new_game(config, 2, seed + g)
        for action_id in ids:
            state = GolfState.from_dict(state.to_dict())
            state.apply(GAME.action_from_id(action_id, config))
            actions += 1
    return actions, time.perf_counter() - start


def clone_rate(options: dict[str, object], seed: int, clones: int) -> float:
    config = GAME.config(options)
    state = GAME.new_game(config, 2, seed)
    rng = Rng(seed)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    clone: Callable[[], GolfState] = state.clone
    start = time.perf_counter()
    for _ in range(clones):
        clone()
    return clones / (time.perf_counter() - start)


def check_replay(options: dict[str, object], run: Run, seed: int) -> None:
    """The recorded ids replay to finished games (guards the bench against measuring something else)."""
    config = GAME.config(options)
    for g, ids in enumerate(run.moves[:20]):
        state = GAME.new_game(config, 2, seed + g)
        for action_id in ids:
            action: GolfAction = GAME.action_from_id(action_id, config)
            state.apply(action)
        assert state.is_over


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=0, help="games per variant (default: 5000 four, 2000 six)")
    parser.add_argument("--check", action="store_true", help=f"fail if six-card is below {TARGET:,} actions/s")
    args = parser.parse_args(argv)
    variants = [
        ("four-card", {"variant": "four"}, args.games or 5000),
        ("six-card", {"variant": "six"}, args.games or 2000),
    ]
    print(f"Golf engine bench: 2 players, 9 holes, seed {SEED}, Python {sys.version.split()[0]}")
    print()
    failed = False
    for label, options, games in variants:
        play_games(options, max(1, games // 20), SEED + 7, record=False)  # warm-up
        # Best of three runs of the same games: the machine's other load only ever slows a run down.
        run = min((play_games(options, games, SEED, record=True) for _ in range(3)), key=lambda r: r.seconds)
        check_replay(options, run, SEED)
        rate = run.actions / run.seconds
        loop = min(loop_baseline(run.actions, SEED) for _ in range(3))
        sample = run.moves[: max(1, games // 50)]
        ser_actions, ser_seconds = serialising_baseline(options, sample, SEED)
        ser_rate = ser_actions / ser_seconds
        clones = clone_rate(options, SEED, 100_000)
        print(f"{label}: {run.games} games, {run.actions:,} actions ({run.actions / run.games:.0f} per game)")
        print(f"  engine            {rate:11,.0f} actions/s  {run.games / run.seconds:7,.0f} games/s")
        ratio = run.seconds / loop
        print(f"  loop baseline     {run.actions / loop:11,.0f} steps/s    engine step = {ratio:.1f}x a bare step")
        print(f"  to_dict replay    {ser_rate:11,.0f} actions/s  engine is {rate / ser_rate:.1f}x faster")
        print(f"  clone             {clones:11,.0f} clones/s")
        if label == "six-card":
            verdict = "ok" if rate >= TARGET else "BELOW TARGET"
            print(f"  target            {TARGET:11,} actions/s  {verdict} ({rate / TARGET:.2f}x the target)")
            failed = rate < TARGET
        print()
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
