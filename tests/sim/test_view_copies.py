"""A view is the caller's own: mutating one never changes the next view, and the engine never changes a view it has
handed out. Engines may keep what their views are made of between calls (tables written once, parts kept up to date
by `apply`, texts of plays, configs, sports, reveals): none of it may be shared with a view, except immutable values
(a view's lists and objects are fresh for each view; its tuples, which JSON writes as arrays, may be shared, and hold
nothing mutable). Checked on random games of every installed game, for every seat and the spectator, with every list
and object of each view, inside tuples too, mutated in place."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from podium.core.errors import ConfigError
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng


def _cases() -> list[tuple[str, dict[str, Any], int, int]]:
    """(game, options, players, games) for every installed game: its default rules with the fewest and the most
    players, and each other value of each option that lists its values (one option at a time, the most players)."""
    cases = []
    for name in game_names():
        game = get_game(name)
        cases += [(name, {}, game.min_players, 3), (name, {}, game.max_players, 3)]
        default = game.config()
        for field in dataclasses.fields(default):
            for value in field.metadata.get("choices") or ():
                try:
                    game.config({field.name: value})
                except ConfigError:
                    continue  # a value that needs another option too (e.g. one that applies to a variant only)
                if value != getattr(default, field.name):
                    cases.append((name, {field.name: value}, game.max_players, 1))
    return cases


CASES = _cases()


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


@pytest.mark.parametrize(("game", "options", "players", "games"), CASES, ids=[f"{g}-{p}p-{o}" for g, o, p, _ in CASES])
def test_views_share_nothing_mutable(game: str, options: dict[str, Any], players: int, games: int) -> None:
    engine = get_game(game)
    config = engine.config(options)
    rng = Rng(11)
    viewers = [None, *range(players)]
    checked = 0
    for index in range(games):
        state = engine.new_game(config, players, rng.randbelow(1 << 30))
        handed: list[tuple[Any, Any]] = []  # views handed out earlier, with what they said then
        for step in range(300):
            if step >= 150 and index == 0 and not state.is_over:
                # the first game is played on to its end (unchecked) so that its final views are checked too
                while not state.is_over:
                    legal = state.legal_actions()
                    state.apply(legal[rng.randbelow(len(legal))])
            elif step >= 150:
                break
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
    assert checked >= 3 * games * len(viewers)  # at least three positions of each game
