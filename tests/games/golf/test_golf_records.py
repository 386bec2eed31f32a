"""Reading a stored Golf state (`records.read_state`, through `podium.core.checks`): ints are ints, in range, and
an error names the field; the phase is a `GolfPhase` whose JSON is the plain string records always had."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from golf_helpers import play, position

from podium.core.errors import RecordError
from podium.games.golf import GAME, GolfState
from podium.games.golf.rules import GolfPhase


def _stored(**changes: Any) -> dict[str, Any]:
    """A mid-round four-card state (seat 1 holds a drawn card, one round already played), as `to_dict` wrote it,
    with `changes` applied."""
    state = position(
        [["5c", "6c", "7c", "8c"], ["5d", "6d", "7d", "8d"]],
        stock_top=["2h", "3h"],
        round=2,
        current=1,
        totals=[3, 0],
    )
    play(state, "draw", "discard", "draw")
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    data["history"] = [[3, 0]]
    assert data["phase"] == "drawn" and GolfState.from_dict(data).to_dict() == data
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("num_players", "2"),
        ("num_players", 2.0),
        ("round", True),
        ("round", "2"),
        ("first_player", 1.0),
        ("current_player", "1"),
        ("current_player", False),
        ("drawn", 5.9),
        ("final_left", True),
        ("turns", "2"),
        ("round_turns", 1.0),
        ("closer", "0"),
    ],
)
def test_an_integer_field_refuses_strings_floats_and_booleans(field: str, bad: object) -> None:
    with pytest.raises(RecordError, match=f"{field} must be an integer"):
        GolfState.from_dict(_stored(**{field: bad}))


@pytest.mark.parametrize(
    ("field", "where", "bad", "named"),
    [
        ("hands", 2, "7c", "hands[2]"),
        ("hands", 0, 5.0, "hands[0]"),
        ("known", 1, True, "known[1]"),
        ("stock", 0, "12", "stock[0]"),
        ("discard", 0, 5.9, "discard[0]"),
        ("totals", 1, "0", "totals[1]"),
    ],
)
def test_a_list_of_integers_names_the_bad_item(field: str, where: int, bad: object, named: str) -> None:
    data = _stored()
    data[field][where] = bad
    with pytest.raises(RecordError, match=re.escape(f"{named} must be an integer")):
        GolfState.from_dict(data)


def test_nested_counts_name_their_place() -> None:
    with pytest.raises(RecordError, match=r"history\[0\]\[1\] must be an integer"):
        GolfState.from_dict(_stored(history=[[3, True]]))
    with pytest.raises(RecordError, match=r"ends\.stock must be an integer"):
        GolfState.from_dict(_stored(ends={"knock": 0, "stock": "1", "all_face_up": 0, "turn_limit": 0}))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": 10}, "round = 10 is out of range"),
        ({"known": [0, 0, 3, 0, 0, 0, 0, 0]}, r"known\[2\] = 3 is out of range"),
        ({"hands": [0, 1, 2]}, "hands must be a list of 8, not of 3"),
        ({"totals": [0, 0, 0]}, "totals must be a list of 2, not of 3"),
        ({"history": "none"}, "history must be a list"),
        ({"taken": 0}, "taken must be true or false"),
        ({"phase": 3}, "phase must be one of peek, initial_flip, start, drawn, knock, flip, over"),
        ({"phase": "initial_flip"}, "impossible with these options"),
        ({"ends": [0, 0, 0, 0]}, "ends must be an object"),
        ({"last_round": [1]}, "last_round must be an object"),
    ],
)
def test_out_of_range_and_misshapen_fields_are_refused_with_a_reason(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GolfState.from_dict(_stored(**change))


def test_a_refused_record_changes_nothing_and_a_good_one_round_trips() -> None:
    data = _stored()
    before = json.dumps(data)
    with pytest.raises(RecordError):
        GolfState.from_dict({**data, "turns": "2"})
    assert json.dumps(data) == before
    state = GolfState.from_dict(data)
    assert state.to_dict() == data and state.phase is GolfPhase.DRAWN


def test_the_phase_is_an_enum_written_as_its_string() -> None:
    state = GAME.new_game(GAME.config(), 2, 1)
    assert state.phase is GolfPhase("peek")
    assert type(state.to_dict()["phase"]) is str  # records hold plain JSON
    view = state.view(0)
    assert view["phase"] is GolfPhase.PEEK and json.loads(json.dumps(view))["phase"] == "peek"
