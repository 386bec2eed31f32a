"""`aec_env` passes PettingZoo's own API and seed tests for every game at 2 and at its most players, in its main
variants; actions are checked (numpy integers accepted, an illegal id refused and nothing changed)."""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from podium.core.errors import MalformedAction, PodiumError
from podium.core.registry import get_spec
from podium.rl import aec_env
from podium.rl.common import supported_games
from rl_support import CASES, label


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


PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup (with an encoding)


@pytest.mark.parametrize("game", supported_games())
def test_same_seed_same_deal_as_the_engine(game: str) -> None:
    _, players, rules = next(case for case in CASES if case[0] == game)
    env = aec_env(game, players, rules)
    env.reset(seed=42)
    assert env.table.state.to_dict() == env.table.game.new_game(env.table.config, players, 42).to_dict()


def test_numpy_integer_actions_are_accepted() -> None:
    for kind in (np.int8, np.int32, np.int64, np.uint16):
        env = aec_env(PLUGIN, 3)
        env.reset(seed=1)
        legal = np.flatnonzero(env.last()[0]["action_mask"])
        before = env.table.state.to_dict()
        env.step(kind(legal[-1]))
        assert env.table.state.to_dict() != before
    encoding = env.table.encoding
    assert encoding.action_from_id(np.int64(0), env.table.config).text() == "pass"


def test_a_malformed_action_is_refused_and_changes_nothing() -> None:
    env = aec_env(PLUGIN, 2)
    env.reset(seed=3)
    before = env.table.state.to_dict()
    agent = env.agent_selection
    with pytest.raises(MalformedAction, match=r"ids are 0 \(pass\) and 1 \(bet\)"):
        env.step(2)
    with pytest.raises(MalformedAction, match="integers"):
        env.step(1.0)
    with pytest.raises(MalformedAction):
        env.step(True)
    assert env.table.state.to_dict() == before
    assert env.agent_selection == agent
    env.step(1)  # a legal one still goes through
    assert env.table.state.to_dict() != before


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(PodiumError, match="2 to 3 players"):
        aec_env(PLUGIN, 4)
    with pytest.raises(PodiumError, match="render_mode"):
        aec_env(PLUGIN, 2, render_mode="human")
    with pytest.raises(PodiumError, match="hands"):
        aec_env(PLUGIN, 2, {"hands": 0})
    with pytest.raises(PodiumError, match="unknown game"):
        aec_env("chess")


def test_a_game_without_an_encoding_is_not_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get_spec(PLUGIN)
    monkeypatch.setattr("podium.core.registry._specs", {PLUGIN: replace(spec, encoding=None)})
    with pytest.raises(PodiumError, match=r"kuhn is not supported by podium\.rl: its GameSpec declares no `encoding`"):
        aec_env(PLUGIN)


def test_ansi_render_is_the_terminal_view() -> None:
    env = aec_env(PLUGIN, 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    assert aec_env(PLUGIN, 2).render() is None
