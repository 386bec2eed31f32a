"""The encoding contract beside the observations: utilities, length bounds, action ids, and the parts that need no
numpy."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from podium.api.encoding import Encoding
from podium.core.errors import MalformedAction
from podium.core.registry import get_game, get_spec
from podium.rl.base import win_share_utilities
from podium.rl.common import encoding_of, supported_games
from rl_support import CASES, check_within_bound, label


def test_utilities_are_zero_sum_and_share_ties() -> None:
    assert win_share_utilities([0], 2) == (1.0, -1.0)
    assert win_share_utilities([0, 1], 2) == (0.0, 0.0)
    assert win_share_utilities([2], 4) == pytest.approx((-1 / 3, -1 / 3, 1.0, -1 / 3))
    assert win_share_utilities([0, 2], 3) == pytest.approx((0.25, -0.5, 0.25))
    for players in range(2, 8):
        for winners in ([0], [0, 1], list(range(players))):
            utilities = win_share_utilities(winners, players)
            assert sum(utilities) == pytest.approx(0.0)
            for game in supported_games():  # every encoding that keeps the kit's default utilities
                encoding = encoding_of(game)
                if type(encoding).utility_bounds is Encoding.utility_bounds:
                    low, high = encoding.utility_bounds(players)
                    assert all(low - 1e-12 <= u <= high + 1e-12 for u in utilities)


BOUNDED = [case for case in CASES if encoding_of(case[0]).max_steps(get_game(case[0]).config(case[2]), case[1])]


@pytest.mark.parametrize(("game", "players", "rules"), BOUNDED, ids=[label(c) for c in BOUNDED])
def test_games_stay_within_their_bounds(game: str, players: int, rules: dict[str, Any]) -> None:
    # each game's own variants where a rule sets the bound: tests/games/<game>/test_<game>_rl.py
    check_within_bound(game, players, rules)


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


ENCODING_MODULES = [(get_spec(game).encoding or "").partition(":")[0] for game in supported_games()]


def test_encodings_need_no_numpy_and_the_environments_say_what_is_missing() -> None:
    assert len(ENCODING_MODULES) >= 2
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
        f"import {', '.join(ENCODING_MODULES)}\n"
        "import podium.rl\n"
        "try:\n"
        "    podium.rl.aec_env\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # … the encodings do not, and asking for an environment names the extra
    assert "install the rl extra, pip install 'podium[rl]'" in done.stdout
