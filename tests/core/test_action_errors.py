"""Two refusals of an action: `MalformedAction` (no action of the game: the codecs) and `IllegalAction` (an action of
the game that the rules do not allow now: `State.apply`), for every installed game and through the record layer (a
game's own messages: tests/games/<game>/)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core.contract import Action, Game, JsonDict, State
from podium.core.errors import ActionError, IllegalAction, MalformedAction, PodiumError, RecordError
from podium.core.record import Record
from podium.core.registry import game_names, get_game

GAMES = game_names()


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


def _refused(game: Game, state: State) -> Action | None:
    """An action of the game that the rules do not allow in `state`, if there is one."""
    legal = {a.id for a in state.legal_actions()}
    config = state.config
    refused = next((i for i in range(game.num_actions(config)) if i not in legal), None)
    return None if refused is None else game.action_from_id(refused, config)


def _with_a_refusal(name: str) -> tuple[State, Action, list[tuple[int, JsonDict]]]:
    """The first position of a seeded game (after at least one ply) where an action of the game is not allowed, the
    action, and the moves that led there; skips a game where every action is always allowed (Kuhn poker's two)."""
    game = get_game(name)
    state = game.new_game(game.config(), 2, 3)
    moves: list[tuple[int, JsonDict]] = []
    while not state.is_over:
        if moves and (refused := _refused(game, state)) is not None:
            return state, refused, moves
        seat = state.current_player
        assert seat is not None
        action = state.legal_actions()[0]
        moves.append((seat, action.to_json()))
        state.apply(action)
    pytest.skip(f"every action of {name} is allowed whenever it is someone's turn")


@pytest.mark.parametrize("name", GAMES)
def test_an_action_the_rules_do_not_allow_now_is_illegal(name: str) -> None:
    game = get_game(name)
    config = game.config()
    state, action, _ = _with_a_refusal(name)
    assert game.action_from_json(action.to_json(), config) == action  # an action of the game: it parses
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert str(info.value) and state.to_dict() == before


def _record(name: str, moves: list[tuple[int, JsonDict]]) -> Record:
    return Record(name, get_game(name).config().to_dict(), 3, 2, moves=moves)


@pytest.mark.parametrize("name", GAMES)
def test_a_record_says_a_malformed_action(name: str) -> None:
    state = get_game(name).new_game(get_game(name).config(), 2, 3)
    first = state.legal_actions()[0]
    seat = state.current_player
    assert seat is not None
    state.apply(first)
    after = state.current_player
    assert after is not None
    with pytest.raises(RecordError, match=r"^ply 1: malformed action: "):
        _record(name, [(seat, first.to_json()), (after, {"type": "fly"})]).check()


@pytest.mark.parametrize("name", GAMES)
def test_a_record_says_an_illegal_action(name: str) -> None:
    state, refused, moves = _with_a_refusal(name)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(RecordError, match=rf"^ply {len(moves)}: illegal action: ") as info:
        _record(name, [*moves, (seat, refused.to_json())]).check()
    assert refused.text() in str(info.value)
