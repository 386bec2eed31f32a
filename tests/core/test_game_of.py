"""A state class (or an encoding) names its game by reference, `class S(State, game="module:attribute")`: the game is
imported when first read and then held by the class (issue 27: no hand-patched `State.game`)."""

from __future__ import annotations

import pytest

from podium.core.contract import GameOf, State
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game, get_spec


@pytest.mark.parametrize("name", game_names())
def test_a_class_naming_a_game_gets_it_on_first_read(name: str) -> None:
    class Probe(State, game=get_spec(name).game):  # abstract: only its class attribute is read
        pass

    declared: object = Probe.__dict__["game"]
    assert isinstance(declared, GameOf)
    assert Probe.game is get_game(name)
    held: object = Probe.__dict__["game"]
    assert held is get_game(name)  # from then on a plain class attribute

    class Child(Probe):
        pass

    assert Child.game is get_game(name)


def test_a_reference_that_does_not_load_is_said_with_the_class() -> None:
    class Lost(State, game="no_such_module:GAME"):
        pass

    with pytest.raises(PodiumError, match="Lost: cannot load 'no_such_module:GAME'"):
        _ = Lost.game


def test_a_game_given_as_an_object_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match="module:attribute"):

        class Wrong(State, game=get_game(game_names()[0])):  # type: ignore[arg-type]
            pass
