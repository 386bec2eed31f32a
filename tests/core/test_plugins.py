"""Games are found through the `podium.games` entry points, and facets are loaded from their references."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

from podium.core.contract import Game
from podium.core.errors import PodiumError, UnknownGame
from podium.core.plugins import GameSpec, load_class, load_instance, load_ref
from podium.core.registry import GROUP, game_names, get_game, get_spec


def test_the_built_in_games_register_through_the_entry_point_group() -> None:
    declared = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    for name in ("athletic", "golf", "olympicards"):
        assert declared[name] == f"podium.games.{name}.spec:SPEC"
        assert name in game_names()
        spec = get_spec(name)
        assert isinstance(spec, GameSpec) and spec.name == name
        assert get_game(name).name == name and get_game(name.upper()) is get_game(name)


def test_an_unknown_game_names_the_installed_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'; games are: .*golf"):
        get_spec("chess")


def test_facet_references_are_loaded_and_checked() -> None:
    assert load_ref("podium.core.registry:GROUP", where="t") == GROUP
    assert isinstance(load_instance("podium.games.golf:GAME", Game, where="golf"), Game)
    with pytest.raises(PodiumError, match=r"golf: 'podium.games.golf:GAME' is a GolfGame, not a GameSpec"):
        load_instance("podium.games.golf:GAME", GameSpec, where="golf")
    with pytest.raises(PodiumError, match="not a subclass of Game"):
        load_class("podium.games.golf:GAME", Game, where="golf")
    with pytest.raises(PodiumError, match=r"cannot load 'podium.games.golf:NOTHING'"):
        load_ref("podium.games.golf:NOTHING", where="golf")
    with pytest.raises(PodiumError, match=r"cannot load 'podium.no_such_module:X'"):
        load_ref("podium.no_such_module:X", where="x")
    with pytest.raises(PodiumError, match="is not a facet reference"):
        load_ref("podium.games.golf", where="golf")
