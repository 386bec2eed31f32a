"""The plugin game's variants for the RL and OpenSpiel tests (gathered by tests/rl_support.py, like a built-in game's
tests/games/<game>/<game>_rl.py): matches of several hands too, so that chips and hands change along an episode."""

from __future__ import annotations

from typing import Any

GAME = "kuhn"
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (2, {"hands": 6, "bet": 2}),
    (3, {"hands": 5}),
]
