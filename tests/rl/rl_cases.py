"""The games, player counts and rule variants the RL tests run on: every game with an encoding at 2 and at its most
players, in its main variants, with short games where the rules allow it so that episodes reach their end."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("golf", 2, {}),  # four-card, nine holes
    ("golf", 5, {"rounds": 1}),
    ("golf", 2, {"variant": "six", "rounds": 2}),
    ("golf", 5, {"variant": "six", "rounds": 1, "flip_on_discard": "may"}),
    ("golf", 3, {"rounds": 1, "knock": "after", "peek": "near", "round_turn_limit": 6}),
    ("athletic", 2, {"max_turns": 40}),
    ("athletic", 5, {"max_turns": 40}),
    ("athletic", 2, {"step": "up", "table_moves": False, "max_turns": 40}),
    ("athletic", 3, {"medals_to_win": 1, "max_turns": 60}),
    ("olympicards", 2, {}),
    ("olympicards", 7, {}),
    ("olympicards", 2, {"sports": "test", "world_record": True}),
    ("olympicards", 7, {"sports": "test"}),
]


def label(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, rules = case
    return f"{game}-{players}p-" + (",".join(f"{k}={v}" for k, v in rules.items()) or "default")
