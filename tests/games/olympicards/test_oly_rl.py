"""Olympicards in podium.rl: its length bound (O-5, O-8) and numpy action ids. Every game's environment tests:
tests/rl/."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from podium.rl import aec_env  # noqa: E402
from rl_support import check_within_bound  # noqa: E402


@pytest.mark.parametrize(("players", "rules"), [(2, {}), (7, {"sports": "test"})])
def test_games_stay_within_their_bounds(players: int, rules: dict[str, Any]) -> None:
    check_within_bound("olympicards", players, rules)


def test_numpy_integer_actions_are_accepted() -> None:
    for kind in (np.int8, np.int32, np.int64, np.uint16):
        env = aec_env("olympicards", 3)
        env.reset(seed=1)
        legal = np.flatnonzero(env.last()[0]["action_mask"])
        before = env.table.state.to_dict()
        env.step(kind(legal[-1]))
        assert env.table.state.to_dict() != before
    assert env.table.encoding.action_from_id(np.int64(0), env.table.config).text() == "withdraw"
