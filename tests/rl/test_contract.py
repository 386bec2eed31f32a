"""The encoding contract beside the observations: utilities, length bounds, action ids, and the parts that need no
numpy."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from podium.core.errors import MalformedAction
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.rl.base import win_share_utilities
from podium.rl.common import encoding_of, supported_games


def test_utilities_are_zero_sum_and_share_ties() -> None:
    assert win_share_utilities([0], 2) == (1.0, -1.0)
    assert win_share_utilities([0, 1], 2) == (0.0, 0.0)
    assert win_share_utilities([2], 4) == pytest.approx((-1 / 3, -1 / 3, 1.0, -1 / 3))
    assert win_share_utilities([0, 2], 3) == pytest.approx((0.25, -0.5, 0.25))
    for players in range(2, 8):
        for winners in ([0], [0, 1], list(range(players))):
            utilities = win_share_utilities(winners, players)
            assert sum(utilities) == pytest.approx(0.0)
            low, high = encoding_of("golf").utility_bounds(players)
            assert all(low - 1e-12 <= u <= high + 1e-12 for u in utilities)


def random_game(game: str, players: int, rules: dict[str, Any], seed: int) -> tuple[Any, int]:
    engine = get_game(game)
    state = engine.new_game(engine.config(rules), players, seed)
    rng = Rng(seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        steps += 1
    return state, steps


@pytest.mark.parametrize(
    ("game", "players", "rules"),
    [
        ("golf", 2, {"rounds": 2, "round_turn_limit": 5}),  # G-5.3: short rounds end by the limit
        ("golf", 5, {"variant": "six", "rounds": 1, "round_turn_limit": 9, "flip_on_discard": "must"}),
        ("golf", 3, {"rounds": 1, "knock": "after", "round_turn_limit": 4}),
        ("olympicards", 2, {}),
        ("olympicards", 7, {"sports": "test"}),
    ],
)
def test_games_stay_within_their_bounds(game: str, players: int, rules: dict[str, Any]) -> None:
    encoding = encoding_of(game)
    config = get_game(game).config(rules)
    bound = encoding.max_steps(config, players)
    assert bound is not None
    for seed in range(20):
        _, steps = random_game(game, players, rules, seed)
        assert steps <= bound


def test_golf_without_a_turn_limit_has_no_bound() -> None:
    encoding = encoding_of("golf")
    config = get_game("golf").config({"round_turn_limit": 0})  # G-5.3: 0 = no limit
    assert encoding.max_steps(config, 2) is None
    assert encoding.max_turns(config, 2) is None
    assert encoding.max_turns(get_game("golf").config({}), 2) == 9 * 100


def test_athletic_turns_are_bounded_by_max_turns() -> None:
    encoding = encoding_of("athletic")
    rules = {"max_turns": 25}
    assert encoding.max_steps(get_game("athletic").config(rules), 2) is None
    for seed in range(5):
        state, _ = random_game("athletic", 2, rules, seed)
        assert state.turn <= encoding.max_turns(state.config, 2)  # A-7


@pytest.mark.parametrize("game", supported_games())
def test_action_ids_round_trip(game: str) -> None:
    encoding = encoding_of(game)
    config = get_game(game).config({})
    size = encoding.num_actions(config)
    for action_id in (0, size // 2, size - 1):
        action = encoding.action_from_id(np.int64(action_id), config)
        assert encoding.action_to_id(action) == action_id
    for bad in (size, -1, 1.0, True, "3", None):
        with pytest.raises(MalformedAction):
            encoding.action_from_id(bad, config)


def test_encodings_need_no_numpy_and_the_environments_say_what_is_missing() -> None:
    code = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo'):\n"
        "    sys.modules[name] = None\n"
        "from podium.rl.common import Table\n"
    )
    blocked = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert blocked.returncode != 0  # the environments need numpy …
    code = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo'):\n"
        "    sys.modules[name] = None\n"
        "import podium.games.golf.encoding, podium.games.athletic.encoding, podium.games.olympicards.encoding\n"
        "import podium.rl\n"
        "try:\n"
        "    podium.rl.aec_env\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # … the encodings do not, and asking for an environment names the extra
    assert "install the rl extra, pip install 'podium[rl]'" in done.stdout
