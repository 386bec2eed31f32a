"""`gym_env`: Gymnasium's own `check_env` for every game, the `podium/<Game>-v0` registrations, vector environments,
and how actions and episodes behave."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv
from rl_cases import CASES, label

from podium.core.errors import MalformedAction, PodiumError
from podium.rl import gym_env

GYM_CASES = [case for case in CASES if case[1] <= 3 or case[0] == "golf"]


@pytest.mark.parametrize(("game", "players", "rules"), GYM_CASES, ids=[label(c) for c in GYM_CASES])
def test_check_env(game: str, players: int, rules: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec: cannot test other render modes"
        check_env(gym_env(game, players, "random", seat=players - 1, rules=rules, render_mode="ansi"))
        check_env(gym_env(game, players, "heuristic", rules=rules))


@pytest.mark.parametrize("game", ["golf", "athletic", "olympicards"])
def test_registered_ids(game: str) -> None:
    env = gymnasium.make(f"podium/{game.capitalize()}-v0", opponents="random", rules={"max_turns": 30} if game ==
                         "athletic" else None)  # fmt: skip
    observation, info = env.reset(seed=5)
    assert env.observation_space.contains(observation)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].any()
    assert env.unwrapped.action_masks().dtype == np.bool_  # type: ignore[attr-defined]
    env.close()


def random_episode(env: Any, seed: int) -> tuple[float, int]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert env.observation_space.contains(observation)
        observation, reward, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), steps
        assert reward == 0.0


@pytest.mark.parametrize(("game", "players", "rules"), CASES, ids=[label(c) for c in CASES])
def test_episodes_end_with_the_seats_utility(game: str, players: int, rules: dict[str, Any]) -> None:
    for seat in (0, players - 1):
        env = gym_env(game, players, "random", seat=seat, rules=rules)
        reward, _ = random_episode(env, seat)
        state = env.table.state
        assert state.is_over
        assert reward == env.table.encoding.utilities(state)[seat]
        assert not env.action_masks().any()


def test_seeded_runs_repeat() -> None:
    first = gym_env("golf", 3, "heuristic,random", seat=1)
    second = gym_env("golf", 3, "heuristic,random", seat=1)
    assert random_episode(first, 11) == random_episode(second, 11)
    first.reset()  # unseeded resets follow the generator of the last seed
    second.reset()
    assert first.table.state.to_dict() == second.table.state.to_dict()


def test_illegal_and_malformed_actions() -> None:
    env = gym_env("golf", 2, "random")
    env.reset(seed=2)
    before = env.table.state.to_dict()
    _, reward, terminated, truncated, info = env.step(np.int64(0))  # draw, before the peeks (G-3.3)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "action id 0 (draw) is not legal now" in info["illegal_action"]
    assert env.table.state.to_dict() == before
    with pytest.raises(PodiumError, match="call reset"):
        env.step(11)
    env.reset(seed=2)
    with pytest.raises(MalformedAction):
        env.step(99)
    assert env.table.state.to_dict() == before
    _, reward, terminated, _, info = env.step(np.uint8(11))
    assert not terminated and "illegal_action" not in info


def test_bad_arguments() -> None:
    with pytest.raises(PodiumError, match="unknown bot"):
        gym_env("golf", 2, "nobody")
    with pytest.raises(PodiumError, match=r"one per other seat|one each"):
        gym_env("golf", 4, "random,heuristic")
    with pytest.raises(PodiumError, match="seat must be"):
        gym_env("golf", 2, seat=2)


def _env() -> Any:
    return gym_env("golf", 2, "random")


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv])
def test_vector_envs(vector: Any) -> None:
    envs = vector([_env, _env, _env])
    try:
        observations, _ = envs.reset(seed=[1, 2, 3])
        assert observations.shape == (3, envs.single_observation_space.shape[0])
        assert observations.dtype == np.float32
        done = np.zeros(3, dtype=bool)
        for _ in range(400):
            masks = np.stack(envs.call("action_masks"))
            actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
            observations, _, terminated, _, _ = envs.step(actions)
            done |= terminated
            if done.all():
                break
        assert done.all()  # every game reached its end, with autoreset
    finally:
        envs.close()
