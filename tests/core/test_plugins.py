"""Games are found through the `podium.games` entry points, and facets are loaded from their references."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

from podium.core.contract import Game
from podium.core.errors import PodiumError, UnknownGame
from podium.core.plugins import GameSpec, load_class, load_instance, load_ref
from podium.core.registry import GROUP, game_names, get_game, get_spec


def test_the_games_register_through_the_entry_point_group() -> None:
    declared = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    built_in = [name for name, value in declared.items() if value.startswith("podium.")]
    assert built_in and "kuhn" in declared  # podium's own games, and the plugin game of tests/plugin_game
    for name in built_in:
        assert declared[name] == f"podium.games.{name}.spec:SPEC"
    for name in declared:
        assert name in game_names()
        spec = get_spec(name)
        assert isinstance(spec, GameSpec) and spec.name == name
        assert get_game(name).name == name and get_game(name.upper()) is get_game(name)


def test_an_unknown_game_names_the_installed_ones() -> None:
    with pytest.raises(UnknownGame, match=rf"unknown game 'chess'; games are: .*{game_names()[-1]}"):
        get_spec("chess")


def test_facet_references_are_loaded_and_checked() -> None:
    assert load_ref("podium.core.registry:GROUP", where="t") == GROUP
    assert isinstance(load_instance("podium_kuhn.game:GAME", Game, where="kuhn"), Game)
    with pytest.raises(PodiumError, match=r"kuhn: 'podium_kuhn\.game:GAME' is a KuhnGame, not a GameSpec"):
        load_instance("podium_kuhn.game:GAME", GameSpec, where="kuhn")
    with pytest.raises(PodiumError, match="not a subclass of Game"):
        load_class("podium_kuhn.game:GAME", Game, where="kuhn")
    with pytest.raises(PodiumError, match=r"cannot load 'podium_kuhn:NOTHING'"):
        load_ref("podium_kuhn:NOTHING", where="kuhn")
    with pytest.raises(PodiumError, match=r"cannot load 'podium.no_such_module:X'"):
        load_ref("podium.no_such_module:X", where="x")
    with pytest.raises(PodiumError, match="is not a facet reference"):
        load_ref("podium_kuhn", where="kuhn")
