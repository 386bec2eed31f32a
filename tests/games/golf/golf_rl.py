"""Golf's variants for the RL and OpenSpiel tests (gathered by tests/rl_support.py)."""

from __future__ import annotations

from typing import Any

GAME = "golf"
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),  # four-card, nine holes
    (5, {"rounds": 1}),
    (2, {"variant": "six", "rounds": 2}),
    (5, {"variant": "six", "rounds": 1, "flip_on_discard": "may"}),
    (3, {"rounds": 1, "knock": "after", "peek": "near", "round_turn_limit": 6}),
]
CHECK_ENV_EVERY_COUNT = True  # Gymnasium's check_env at five players too
OPENSPIEL_SHORT: dict[str, Any] = {"rounds": 1}
