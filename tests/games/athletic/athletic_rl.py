"""Athletic Games' variants for the RL and OpenSpiel tests (gathered by tests/rl_support.py): `max_turns` (A-7)
keeps random games short."""

from __future__ import annotations

from typing import Any

GAME = "athletic"
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {"max_turns": 40}),
    (5, {"max_turns": 40}),
    (2, {"step": "up", "table_moves": False, "max_turns": 40}),
    (3, {"medals_to_win": 1, "max_turns": 60}),
]
OPENSPIEL_SHORT: dict[str, Any] = {"max_turns": 20}
