"""Two refusals of an action: `MalformedAction` (no action of the game: the codecs) and `IllegalAction` (an action of
the game that the rules do not allow now: `State.apply`), for every game and through the record layer."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core.errors import ActionError, IllegalAction, MalformedAction, PodiumError, RecordError
from podium.core.record import Record
from podium.core.registry import get_game

# The built-in games; a game from another distribution is held to the same through the conformance suite.
GAMES = ("athletic", "golf", "olympicards")


def test_the_two_errors_are_siblings_under_action_error() -> None:
    for error in (MalformedAction, IllegalAction):
        assert issubclass(error, ActionError) and issubclass(error, PodiumError) and issubclass(error, ValueError)
    # `except IllegalAction` means "the state refused it" and must not swallow a parse failure, nor the reverse.
    assert not issubclass(MalformedAction, IllegalAction) and not issubclass(IllegalAction, MalformedAction)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", ["", "fly to the moon", "42 42 42 42 42", "swap 99", "play 7z 9"])
def test_text_that_is_no_action_is_malformed(name: str, text: str) -> None:
    game = get_game(name)
    for config in (None, game.config()):
        with pytest.raises(MalformedAction) as info:
            game.parse_action(text, config)
        assert str(info.value)  # it names what was wrong and the accepted forms


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("data", [None, "draw", [], {}, {"type": "fly"}, {"type": 3}, {"type": "play", "cards": 7}])
def test_json_that_is_no_action_is_malformed(name: str, data: Any) -> None:
    game = get_game(name)
    with pytest.raises(MalformedAction):
        game.action_from_json(data, game.config())
    with pytest.raises(MalformedAction):
        game.action_from_json(data)


@pytest.mark.parametrize("name", GAMES)
def test_ids_outside_the_action_space_are_malformed(name: str) -> None:
    game = get_game(name)
    config = game.config()
    for action_id in (-1, game.num_actions(config), True, "3", 2.0):
        with pytest.raises(MalformedAction):
            game.action_from_id(action_id, config)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_an_action_the_rules_do_not_allow_now_is_illegal(name: str) -> None:
    game = get_game(name)
    config = game.config()
    state = game.new_game(config, 2, 7)
    legal = {a.id for a in state.legal_actions()}
    refused = next(i for i in range(game.num_actions(config)) if i not in legal)
    action = game.action_from_id(refused, config)  # an action of the game: it parses
    assert game.action_from_json(action.to_json(), config) == action
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert str(info.value) and state.to_dict() == before


def _record(moves: list[Any]) -> Record:
    # Golf, four cards: the round starts with each player's two peeks (G-3.3).
    return Record("golf", get_game("golf").config().to_dict(), 3, 2, moves=[(0, m) for m in moves])


def test_a_record_says_a_malformed_action() -> None:
    with pytest.raises(
        RecordError, match=r"^ply 1: malformed action: .*'fly'.* is not a Golf action; 'type' is one of"
    ):
        _record([{"type": "peek", "slot": 0}, {"type": "fly"}]).check()


def test_a_record_says_an_illegal_action() -> None:
    # G-3.3: knocking during the initial peeks is an action of Golf that the rules do not allow then.
    with pytest.raises(RecordError, match=r"^ply 1: illegal action: knock is not allowed now"):
        _record([{"type": "peek", "slot": 0}, {"type": "knock"}]).check()
