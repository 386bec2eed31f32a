"""`podium.analysis` on every installed game (issue 29): a hint is `hard`'s move with its estimates, read from the
seat's view alone; a review weighs one seat's decisions of a finished record against it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from podium.analysis import hint, review
from podium.core.contract import State
from podium.core.errors import PodiumError
from podium.core.record import Record
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng


def midgame(name: str, plies: int = 6, seed: int = 11) -> State:
    game = get_game(name)
    state = game.new_game(game.config(), game.min_players, seed)
    rng = Rng(seed)
    for _ in range(plies):  # a few random moves, stopping before the end and at a real choice
        legal = state.legal_actions()
        after = state.clone()
        after.apply(legal[rng.randbelow(len(legal))])
        if after.is_over or len(after.legal_actions()) == 1:
            break
        state = after
    return state


def to_move(name: str) -> tuple[State, int]:
    state = midgame(name)
    assert state.current_player is not None
    return state, state.current_player


@pytest.mark.parametrize("name", game_names())
def test_a_hint_is_hards_legal_move_with_its_estimates(name: str) -> None:
    state, seat = to_move(name)
    before = state.to_dict()
    choices = hint(state, seat, seed=3)
    assert state.to_dict() == before  # thinking changes nothing
    assert sum(c.chosen for c in choices) == 1 and 1 <= len(choices) <= 3
    legal = state.legal_actions()
    for choice in choices:
        assert choice.action in legal and choice.steps[0] == choice.action.text()
        assert choice.share is None or 0.0 <= choice.share <= 1.0
    rated = [c.share for c in choices if c.share is not None and not c.chosen]
    assert rated == sorted(rated, reverse=True)
    assert hint(state, seat, seed=3) == choices  # same state, seat and seed: same hint
    for choice in choices:  # as a server would send it, and read back
        assert state.game.action_from_json(json.loads(json.dumps(choice.to_json()))["action"]) == choice.action


@pytest.mark.parametrize("name", game_names())
def test_a_hint_knows_only_what_the_seat_knows(name: str) -> None:
    state, seat = to_move(name)
    other = state.clone()
    other.shuffle_hidden(seat, Rng(99))  # everything the seat cannot know, dealt otherwise
    assert other.view(seat) == state.view(seat)
    assert hint(other, seat, seed=5) == hint(state, seat, seed=5)


def test_a_hint_is_for_the_seat_to_move() -> None:
    state = midgame(game_names()[0])
    assert state.current_player is not None
    with pytest.raises(PodiumError, match="a hint is for the seat to move"):
        hint(state, (state.current_player + 1) % state.num_players)


def finished(name: str, seed: int = 2) -> Record:
    game = get_game(name)
    state = game.new_game(game.config(), game.min_players, seed)
    record = Record(name, state.config.to_dict(), seed, state.num_players, ["you", "bot"][: state.num_players])
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        record.moves.append((state.current_player or 0, action.to_json()))
        state.apply(action)
    record.result = state.result().to_json()
    return record


def test_a_review_weighs_each_decision_of_the_seat() -> None:
    record = finished("kuhn")
    seen: list[tuple[int, int]] = []
    result = review(record, 0, progress=lambda done, total: seen.append((done, total)))
    assert result.seat == 0 and result.moments and seen[-1][0] == seen[-1][1]
    movers = {ply for ply, (player, _) in enumerate(record.moves) if player == 0}
    assert {m.ply for m in result.moments} <= movers
    for moment in result.moments:
        assert moment.cost is None or moment.cost >= 0
        if moment.agrees:
            assert not moment.cost
    costly = result.costliest(3)
    assert [m.cost for m in costly] == sorted((m.cost for m in costly), reverse=True)
    assert all(m.cost for m in costly)
    assert review(record, 0) == result  # the bot's seeds come from the record
    sent = json.loads(json.dumps(result.to_json()))  # what a server endpoint would send
    assert sent["seat"] == 0 and sent["costliest"] == [m.ply for m in result.costliest()]
    assert [m["ply"] for m in sent["moments"]] == [m.ply for m in result.moments]
    with pytest.raises(PodiumError, match="the record has seats 0 to"):
        review(record, 7)


def test_moments_say_what_was_played_and_suggested() -> None:
    result = review(finished("kuhn", seed=4), 1)
    fields = {f.name for f in dataclasses.fields(result.moments[0])}
    assert {"ply", "played", "suggested", "played_share", "best_share"} <= fields
