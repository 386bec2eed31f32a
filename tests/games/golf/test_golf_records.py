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


def _random_states() -> list[GolfState]:
    """Every 5th state of random games of both variants and several options (rounds with a reveal, every phase)."""
    from podium.core.rng import Rng

    out = []
    cases = [({}, 2), ({"variant": "six"}, 4), ({"peek": "near", "round_turn_limit": 8}, 3), ({"variant": "six"}, 2)]
    for seed, (options, players) in enumerate(cases):
        state = GAME.new_game(GAME.config(options), num_players=players, seed=seed)
        rng = Rng(seed)
        ply = 0
        while state.current_player is not None:
            if ply % 5 == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            ply += 1
        out.append(state)
    return out


# Values a stored field might wrongly hold, and some right ones: the reader's bulk checks must refuse exactly what the
# field-by-field checks refuse, with the same error.
_ODD = [None, True, False, 0, 1, -1, 2, 3, 9, 10, 52, 1.0, "1", "over", "drawn", "peek", [], [0, 1], [[1, 2]], {}]


def _outcome(read: Any) -> Any:
    """The state's record, or the error that reading it raised (the exception's type and message)."""
    try:
        return read().to_dict()
    except Exception as exc:  # compared, not swallowed
        return (type(exc).__name__, str(exc))


def test_the_bulk_checks_and_the_field_by_field_ones_agree() -> None:
    # read_state's fast path (`_read_valid`) hands anything unusual to `_read_checked`: same states, same errors.
    from podium.games.golf import records
    from podium.games.golf.rules import rules_for

    states = _random_states()
    assert {s.phase for s in states} >= {GolfPhase.PEEK, GolfPhase.DRAWN, GolfPhase.OVER, GolfPhase.INITIAL_FLIP}
    checked = 0
    for state in states[::4]:
        data = state.to_dict()
        r = rules_for(records._stored_config(data["config"]), data["num_players"])
        variants: list[dict[str, Any]] = []
        for field in data:
            if field not in ("game", "config", "num_players"):
                variants += [{**data, field: value} for value in _ODD]
        hands, known, last = data["hands"], data["known"], data["last_round"]
        variants += [
            {**data, "hands": [*hands[:-1], True]},
            {**data, "hands": [*hands[:-1], float(hands[-1])]},
            {**data, "hands": [*hands[:-1], hands[0]]},  # one card twice
            {**data, "known": [*known[:-1], 1]},  # known to its owner: never in six-card
            {**data, "known": [*known[:-1], True]},
            {**data, "known": [*known[:-1], 3]},
            {**data, "totals": [*data["totals"][:-1], 1.5]},
            {**data, "history": [*data["history"], [0] * (len(data["totals"]) + 1)]},
            {**data, "history": [*data["history"], [True] * len(data["totals"])]},
            {**data, "history": [*data["history"], tuple([0] * len(data["totals"]))]},
            {**data, "ends": {**data["ends"], "knock": -1}},
            {**data, "ends": {k: v for k, v in data["ends"].items() if k != "turn_limit"}},
            {**data, "ends": {k: v for k, v in data["ends"].items() if k != "stock"}},
            {**data, "round_turns": 10**6},
            {**data, "rng": -1},
            {**data, "last_round": [last]},
            {k: v for k, v in data.items() if k != "round_turns"},
            {k: v for k, v in data.items() if k != "taken"},
        ]
        for variant in variants:
            expected = _outcome(lambda v=variant, r=r: records._read_checked(GolfState, v, r))
            assert _outcome(lambda v=variant: records.read_state(GolfState, v)) == expected, variant
            checked += 1
    assert checked > 1000


def test_a_state_read_back_shares_no_list_with_the_record() -> None:
    # The reveal of the last round included (its lists and the hands' lists in it): changing the record afterwards
    # changes nothing in the state.
    state = next(s for s in reversed(_random_states()) if s.to_dict()["last_round"] is not None)
    data = state.to_dict()
    again = GolfState.from_dict(data)
    before = again.to_dict()
    for value in data.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append(0)
            value.append(0)
    for value in data["last_round"].values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append("x")
            value.append("x")
    assert again.to_dict() == before
