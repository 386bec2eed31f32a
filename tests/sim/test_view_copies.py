"""A view is the caller's own: mutating one never changes the next view, and the engine never changes a view it has
handed out. Engines may keep what their views are made of between calls (tables written once, parts kept up to date
by `apply`, texts of plays, configs, sports, reveals): none of it may be shared with a view, except immutable values
(a view's lists and objects are fresh for each view; its tuples, which JSON writes as arrays, may be shared, and hold
nothing mutable). Checked on random games of every installed game, for every seat and the spectator, with every list
and object of each view, inside tuples too, mutated in place."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from podium.core.registry import game_names, get_game
from podium.core.rng import Rng

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("golf", {}, 2),
    ("golf", {"variant": "six", "rounds": 2}, 4),
    ("athletic", {"max_turns": 30}, 3),
    ("athletic", {"step": "up", "max_turns": 30}, 5),
    ("olympicards", {}, 4),
    ("olympicards", {}, 7),
]


def vandalize(value: Any) -> None:
    """Change every list and object inside `value` in place (what a careless consumer might do); a tuple cannot be
    changed, but what it holds is looked into."""
    if isinstance(value, tuple):
        for item in value:
            vandalize(item)
    elif isinstance(value, list):
        for item in value:
            vandalize(item)
        value.append("vandal")
        if len(value) > 1:
            value[0] = "vandal"
    elif isinstance(value, dict):
        for item in value.values():
            vandalize(item)
        for key in list(value):
            value[key] = "vandal"
        value["vandal"] = True


@pytest.mark.parametrize(("game", "options", "players"), CASES, ids=[f"{g}-{p}p-{o}" for g, o, p in CASES])
def test_views_share_nothing_mutable(game: str, options: dict[str, Any], players: int) -> None:
    if game not in game_names():
        pytest.skip(f"{game} is not installed")
    engine = get_game(game)
    config = engine.config(options)
    rng = Rng(11)
    viewers = [None, *range(players)]
    checked = 0
    for _ in range(3):
        state = engine.new_game(config, players, rng.randbelow(1 << 30))
        handed: list[tuple[Any, Any]] = []  # views handed out earlier, with what they said then
        for _step in range(150):
            for viewer in viewers:
                view = state.view(viewer)
                kept = copy.deepcopy(view)
                vandalize(view)
                # the same state, viewed again: what the caller did to its view changed nothing
                again = state.view(viewer)
                assert again == kept, f"mutating a view of seat {viewer} changed the next one"
                handed.append((again, copy.deepcopy(again)))
                checked += 1
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            # and the engine, moving on, changed none of the views it had handed out
            for view, said in handed:
                assert view == said, "a view handed out changed when the game moved on"
            handed.clear()
    assert checked > 100
