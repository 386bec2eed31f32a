"""Train MaskablePPO (sb3-contrib) on two-player Golf, then measure it against podium's `random` and `heuristic` bots.

Needs the `rl` and `train` extras: `pip install -e '.[rl,train]'` (sb3-contrib and torch). Run from the repository:

    .venv/bin/python examples/train_golf.py                      # the budget of docs/rl.md
    .venv/bin/python examples/train_golf.py --steps 20000 --games 100   # a quick look

The learner plays seat 0 or 1 (half the environments each) of default-rules Golf (four cards, nine holes) against
`random` in half the environments and `heuristic` in the other half, with the action mask (`action_masks()`), for
`--steps` of its own decisions. It is then evaluated greedily (the most likely legal action) over `--games` games
against each bot, half in each seat, on seeds it never trained on; a shared win counts 1/2. The summary gives the
win rate with its 95% Wilson interval, the mean utility and the training time (wall clock and CPU), as docs/rl.md
reports them.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from podium.rl import gym_env
from podium.sim.stats import wilson

EVAL_SEED = 10_000_000  # evaluation deals start here, far from the deals drawn in training


def make_env(opponent: str, seat: int) -> Any:
    return lambda: gym_env("golf", 2, opponents=opponent, seat=seat)


def evaluate(model: MaskablePPO, opponent: str, games: int) -> dict[str, Any]:
    wins = 0.0
    utility = 0.0
    for index in range(games):
        seat = index % 2
        env = gym_env("golf", 2, opponents=opponent, seat=seat)
        observation, _ = env.reset(seed=EVAL_SEED + index)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
            observation, step_reward, done, _, _ = env.step(int(action))
            reward = float(step_reward)
        utility += reward
        winners = env.table.state.result().winners
        if seat in winners:
            wins += 1.0 / len(winners)
    low, high = wilson(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "win_rate": wins / games,
        "wilson95": [low, high],
        "mean_utility": utility / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1_200_000, help="the learner's decisions to train on")
    parser.add_argument("--games", type=int, default=400, help="evaluation games against each bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="also write the summary as JSON here")
    parser.add_argument("--save", type=Path, default=None, help="save the trained model here (.zip)")
    args = parser.parse_args()

    torch.set_num_threads(1)  # a small network: one core trains as fast, and leaves the other to the environments
    envs = DummyVecEnv([make_env(opponent, seat) for opponent in ("random", "heuristic") for seat in (0, 1)])
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,  # one reward, at the end of the game
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    start, start_cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.steps)
    training = time.perf_counter() - start
    training_cpu = time.process_time() - start_cpu
    if args.save:
        model.save(args.save)

    start = time.perf_counter()
    results = [evaluate(model, opponent, args.games) for opponent in ("random", "heuristic")]
    summary = {
        "steps": args.steps,
        "training_seconds": round(training),
        "training_cpu_seconds": round(training_cpu),  # the machine may be shared: the CPU time is the cost
        "evaluation_seconds": round(time.perf_counter() - start),
        "torch_threads": torch.get_num_threads(),
        "numpy": np.__version__,
        "results": results,
    }
    for result in results:
        low, high = result["wilson95"]
        print(
            f"vs {result['opponent']:<9}: win rate {result['win_rate']:.3f} (95% {low:.3f}..{high:.3f}) over "
            f"{result['games']} games, mean utility {result['mean_utility']:+.3f}"
        )
    print(f"training: {args.steps} steps in {training / 60:.1f} min ({training_cpu / 60:.1f} min of CPU time)")
    if args.out:
        args.out.write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
