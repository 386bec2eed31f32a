"""Olympicards' variants for the RL and OpenSpiel tests (gathered by tests/rl_support.py)."""

from __future__ import annotations

from typing import Any

GAME = "olympicards"
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (7, {}),
    (2, {"sports": "test", "world_record": True}),
    (7, {"sports": "test"}),
]
OPENSPIEL_SHORT: dict[str, Any] = {}
