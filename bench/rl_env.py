"""Speed of podium.rl's PettingZoo environment against the raw engine, measured in the same run (issue 15).

For every installed game with an encoding, at 2 players and at its most players, default rules: random games are
played on the raw engine (`legal_actions()`, a uniformly random choice with `Rng.randbelow`, `apply()`), recording
the action ids; then the same games are replayed through `aec_env` the way an agent plays one (`agent_iter()`,
`last()` - which builds the observation and the action mask - and `step(id)`). Both are timed over the same games,
best of `--repeat` interleaved runs, in CPU time of this process (`time.process_time`: the machine is shared,
and waiting for a core is not the code's cost); the ratio aec / raw is the figure of the issue (at most 3).

    .venv/bin/python bench/rl_env.py            # about a minute
    .venv/bin/python bench/rl_env.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import time

from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.rl import aec_env
from podium.rl.common import supported_games


def raw_games(name: str, players: int, seeds: range) -> tuple[float, dict[int, list[int]], int]:
    game = get_game(name)
    config = game.config({})
    ids: dict[int, list[int]] = {}
    steps = 0
    start = time.process_time()
    for seed in seeds:
        state = game.new_game(config, players, seed)
        chooser = Rng(seed ^ 0xBE7C4)
        played = []
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[chooser.randbelow(len(legal))]
            state.apply(action)
            played.append(action.id)
        ids[seed] = played
        steps += len(played)
    return time.process_time() - start, ids, steps


def aec_games(name: str, players: int, ids: dict[int, list[int]]) -> float:
    env = aec_env(name, players)
    start = time.process_time()
    for seed, played in ids.items():
        env.reset(seed=seed)
        actions = iter(played)
        for _agent in env.agent_iter():
            _observation, _reward, termination, truncation, _info = env.last()
            env.step(None if termination or truncation else next(actions))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved runs; the best of each is kept")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every one")
    args = parser.parse_args()
    repeat = 2 if args.quick else args.repeat
    budget = 4_000 if args.quick else 40_000  # actions per measurement and game, roughly
    print(f"{'game':<12} {'players':>7} {'actions':>8} {'raw µs/action':>14} {'aec µs/action':>14} {'aec / raw':>9}")
    worst = 0.0
    for name in args.game or supported_games():
        game = get_game(name)
        for players in sorted({game.min_players, game.max_players}):
            _, _, sample_steps = raw_games(name, players, range(3))
            games = max(3, budget * 3 // max(1, sample_steps))
            raw_best = aec_best = float("inf")
            steps = 0
            for _ in range(repeat):
                raw, ids, steps = raw_games(name, players, range(games))
                raw_best = min(raw_best, raw)
                aec_best = min(aec_best, aec_games(name, players, ids))
            ratio = aec_best / raw_best
            worst = max(worst, ratio)
            print(
                f"{name:<12} {players:>7} {steps:>8} {raw_best / steps * 1e6:>14.2f} "
                f"{aec_best / steps * 1e6:>14.2f} {ratio:>8.2f}×"
            )
    print(f"largest ratio: {worst:.2f}× (issue 15: at most 3×)")


if __name__ == "__main__":
    main()
