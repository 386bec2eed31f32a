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

from podium.agents.base import agent_names
from podium.core.errors import MalformedAction, PodiumError
from podium.rl import gym_env
from podium.rl.common import supported_games
from podium.rl.single import env_id
from rl_support import CASES, GYM_CASES, label, tables

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup (with an encoding)


@pytest.mark.parametrize(("game", "players", "rules"), GYM_CASES, ids=[label(c) for c in GYM_CASES])
def test_check_env(game: str, players: int, rules: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec: cannot test other render modes"
        check_env(gym_env(game, players, "random", seat=players - 1, rules=rules, render_mode="ansi"))
        # a second kind of opponent: the game's heuristic, or the weakest preset of a game without one
        check_env(gym_env(game, players, "heuristic" if "heuristic" in agent_names(game) else "easy", rules=rules))


@pytest.mark.parametrize("game", supported_games())
def test_registered_ids(game: str) -> None:
    assert env_id(game) == f"podium/{game.capitalize()}-v0"
    rules = tables()[game].CASES[0][1] if game in tables() else None  # the game's first variant: a short one
    env = gymnasium.make(env_id(game), opponents="random", rules=rules)
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
    first = gym_env(PLUGIN, 3, "random,random", seat=1, rules={"hands": 20})
    second = gym_env(PLUGIN, 3, "random,random", seat=1, rules={"hands": 20})
    assert random_episode(first, 11) == random_episode(second, 11)
    first.reset()  # unseeded resets follow the generator of the last seed
    second.reset()
    assert first.table.state.to_dict() == second.table.state.to_dict()


def test_malformed_actions_change_nothing() -> None:
    env = gym_env(PLUGIN, 2, "random")
    with pytest.raises(PodiumError, match="call reset"):
        env.step(0)
    env.reset(seed=2)
    before = env.table.state.to_dict()
    for bad in (2, -1, 1.0, True):
        with pytest.raises(MalformedAction):
            env.step(bad)
    assert env.table.state.to_dict() == before
    _, _, _, _, info = env.step(np.uint8(1))
    assert "illegal_action" not in info and env.table.state.to_dict() != before


def test_bad_arguments() -> None:
    with pytest.raises(PodiumError, match="unknown bot"):
        gym_env(PLUGIN, 2, "nobody")
    with pytest.raises(PodiumError, match=r"one per other seat|one each"):
        gym_env(PLUGIN, 3, "random,random,random")
    with pytest.raises(PodiumError, match="seat must be"):
        gym_env(PLUGIN, 2, seat=2)


def _env() -> Any:
    return gym_env(PLUGIN, 2, "random", rules={"hands": 5})


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
