"""Golf in podium.rl's environments: its length bounds (G-5.3), a seeded episode against its heuristic, an illegal
action (the peeks come first, G-3.3), its arguments and its terminal render. Every game's environment tests:
tests/rl/."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from podium.core.errors import IllegalAction, MalformedAction, PodiumError  # noqa: E402
from podium.core.registry import get_game  # noqa: E402
from podium.rl import aec_env, gym_env  # noqa: E402
from podium.rl.common import encoding_of  # noqa: E402
from rl_support import check_within_bound  # noqa: E402


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, {"rounds": 2, "round_turn_limit": 5}),  # G-5.3: short rounds end by the limit
        (5, {"variant": "six", "rounds": 1, "round_turn_limit": 9, "flip_on_discard": "must"}),
        (3, {"rounds": 1, "knock": "after", "round_turn_limit": 4}),
    ],
)
def test_games_stay_within_their_bounds(players: int, rules: dict[str, Any]) -> None:
    check_within_bound("golf", players, rules)


def test_golf_without_a_turn_limit_has_no_bound() -> None:
    encoding = encoding_of("golf")
    config = get_game("golf").config({"round_turn_limit": 0})  # G-5.3: 0 = no limit
    assert encoding.max_steps(config, 2) is None
    assert encoding.max_turns(config, 2) is None
    assert encoding.max_turns(get_game("golf").config({}), 2) == 9 * 100


def random_episode(env: Any, seed: int) -> tuple[float, int]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        _, reward, terminated, _, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        steps += 1
        if terminated:
            return float(reward), steps


def test_seeded_runs_repeat_against_the_heuristic() -> None:
    first = gym_env("golf", 3, "heuristic,random", seat=1)
    second = gym_env("golf", 3, "heuristic,random", seat=1)
    assert random_episode(first, 11) == random_episode(second, 11)
    first.reset()  # unseeded resets follow the generator of the last seed
    second.reset()
    assert first.table.state.to_dict() == second.table.state.to_dict()


def test_illegal_and_malformed_actions_in_the_gymnasium_env() -> None:
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
    with pytest.raises(PodiumError, match=r"one per other seat|one each"):
        gym_env("golf", 4, "random,heuristic")


def test_an_illegal_action_is_refused_by_the_pettingzoo_env_and_changes_nothing() -> None:
    env = aec_env("golf", 2)
    env.reset(seed=3)
    before = env.table.state.to_dict()
    agent = env.agent_selection
    with pytest.raises(IllegalAction, match=r"action id 0 \(draw\) is not legal now; legal ids: 11 \(peek 1\)"):
        env.step(np.int64(0))  # the round starts with peeks (G-3.3)
    with pytest.raises(MalformedAction, match=r"ids are 0\.\.22"):
        env.step(23)
    assert env.table.state.to_dict() == before
    assert env.agent_selection == agent
    env.step(11)  # a legal one still goes through
    assert env.table.state.to_dict() != before


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(PodiumError, match="2 to 5 players"):
        aec_env("golf", 6)
    with pytest.raises(PodiumError, match="variant"):
        aec_env("golf", 2, {"variant": "seven"})


def test_ansi_render_is_the_terminal_view() -> None:
    env = aec_env("golf", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "seat 1" in text and "stock: 43 cards" in text  # the terminal counts seats from 1
