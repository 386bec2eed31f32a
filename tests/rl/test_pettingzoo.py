"""`aec_env` passes PettingZoo's own API and seed tests for every game at 2 and at its most players, in its main
variants; actions are checked (numpy integers accepted, an illegal id refused and nothing changed)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_cases import CASES, label

from podium.core.errors import IllegalAction, MalformedAction, PodiumError
from podium.core.registry import game_names
from podium.rl import aec_env


@pytest.mark.parametrize(("game", "players", "rules"), CASES, ids=[label(c) for c in CASES])
def test_api_and_seed_tests(game: str, players: int, rules: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every Dict observation (its classic card games get the same warnings)
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(game, players, rules), num_cycles=400)
        seed_test(lambda: aec_env(game, players, rules), num_cycles=200)


def play_out(env: Any, seed: int) -> dict[str, float]:
    """A whole random game through the environment; the rewards each agent saw at its end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(rng.choice(legal))  # a numpy integer
    return final


@pytest.mark.parametrize(("game", "players", "rules"), CASES, ids=[label(c) for c in CASES])
def test_games_end_with_zero_sum_utilities(game: str, players: int, rules: dict[str, Any]) -> None:
    env = aec_env(game, players, rules)
    final = play_out(env, 7)
    assert sorted(final) == sorted(env.possible_agents)
    assert abs(sum(final.values())) < 1e-9
    result = env.table.state.result()
    winners = {f"player_{seat}" for seat in result.winners}
    assert {agent for agent, reward in final.items() if reward == max(final.values())} == winners
    low, high = env.table.encoding.utility_bounds(players)
    assert all(low <= reward <= high for reward in final.values())


def test_same_seed_same_deal_as_the_engine() -> None:
    env = aec_env("golf", 2)
    env.reset(seed=42)
    assert env.table.state.to_dict() == env.table.game.new_game(env.table.config, 2, 42).to_dict()


def test_numpy_integer_actions_are_accepted() -> None:
    for kind in (np.int8, np.int32, np.int64, np.uint16):
        env = aec_env("olympicards", 3)
        env.reset(seed=1)
        legal = np.flatnonzero(env.last()[0]["action_mask"])
        before = env.table.state.to_dict()
        env.step(kind(legal[-1]))
        assert env.table.state.to_dict() != before
    encoding = env.table.encoding
    assert encoding.action_from_id(np.int64(0), env.table.config).text() == "withdraw"


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = aec_env("golf", 2)
    env.reset(seed=3)
    before = env.table.state.to_dict()
    agent = env.agent_selection
    with pytest.raises(IllegalAction, match=r"action id 0 \(draw\) is not legal now; legal ids: 11 \(peek 1\)"):
        env.step(np.int64(0))  # the round starts with peeks (G-3.3)
    with pytest.raises(MalformedAction, match=r"ids are 0\.\.22"):
        env.step(23)
    with pytest.raises(MalformedAction, match="integers"):
        env.step(11.0)
    with pytest.raises(MalformedAction):
        env.step(True)
    assert env.table.state.to_dict() == before
    assert env.agent_selection == agent
    env.step(11)  # a legal one still goes through
    assert env.table.state.to_dict() != before


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(PodiumError, match="2 to 5 players"):
        aec_env("golf", 6)
    with pytest.raises(PodiumError, match="render_mode"):
        aec_env("golf", 2, render_mode="human")
    with pytest.raises(PodiumError, match="variant"):
        aec_env("golf", 2, {"variant": "seven"})
    with pytest.raises(PodiumError, match="unknown game"):
        aec_env("chess")


@pytest.mark.skipif("kuhn" not in game_names(), reason="the Kuhn poker test plugin is not installed")
def test_a_game_without_an_encoding_is_not_supported() -> None:
    with pytest.raises(PodiumError, match=r"kuhn is not supported by podium\.rl: its GameSpec declares no `encoding`"):
        aec_env("kuhn")


def test_ansi_render_is_the_terminal_view() -> None:
    env = aec_env("golf", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "seat 0" in text and "stock: 43 cards" in text
    assert aec_env("golf", 2).render() is None
