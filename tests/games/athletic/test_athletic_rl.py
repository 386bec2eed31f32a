"""Athletic Games in podium.rl: no bound on the steps, turns bounded by `max_turns` (A-7). Every game's environment
tests: tests/rl/."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed: pip install -e '.[rl]'")

from podium.core.registry import get_game
from podium.rl.common import encoding_of
from rl_support import random_game


def test_athletic_turns_are_bounded_by_max_turns() -> None:
    encoding = encoding_of("athletic")
    rules = {"max_turns": 25}
    assert encoding.max_steps(get_game("athletic").config(rules), 2) is None
    for seed in range(5):
        state, _ = random_game("athletic", 2, rules, seed)
        bound = encoding.max_turns(state.config, 2)
        assert bound is not None and state.turn <= bound  # type: ignore[attr-defined]  # A-7
