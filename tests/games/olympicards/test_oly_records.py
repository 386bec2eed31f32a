"""Reading a stored Olympicards state (records.py): ints are ints, flags are booleans, every field is checked, and the
format written before the state was split up still loads; the typed view and the phase enum."""

from __future__ import annotations

import json
from typing import Any, get_type_hints

import pytest
from oly_helpers import act, build

from podium.core.errors import RecordError
from podium.games.olympicards import GAME
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.views import OlympicardsView


def stored() -> dict[str, Any]:
    """A position with something in every list of the format, as JSON."""
    state = build(
        4,
        "Sprint",
        {0: "1r 2r", 1: "3g", 2: "4b 5b", 3: "6y"},
        plays={1: ["5g"]},
        last=(1, "5g"),
        discard="9k",
        done=["Diving"],
        records={2: ["Diving"]},
        medals={2: [1, 0, 0]},
        withdrawals=[3],
        out=[3],
        order=[0, 1, 2],
        options={"world_record": True},
    )
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


# Every integer of the format, as a path into the JSON.
INT_PATHS = [
    ("num_players",),
    ("rng",),
    ("phase",),
    ("sport",),
    ("start",),
    ("round",),
    ("pos",),
    ("target",),
    ("last_player",),
    ("postponed",),
    ("hands", 0, 0),
    ("draw", 0),
    ("discard", 0),
    ("pile", 0),
    ("done", 0),
    ("records", 2, 0),
    ("medals", 2, 0),
    ("order", 0),
    ("plays", 1, 0, 0),
    ("last", 0),
    ("withdrawals", 0),
    ("sport_rounds", 0),
]


def with_value(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed: dict[str, Any] = json.loads(json.dumps(data))
    place: Any = changed
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return changed


def stored_value(data: dict[str, Any], path: tuple[Any, ...]) -> Any:
    value: Any = data
    for key in path:
        value = value[key]
    return value


@pytest.mark.parametrize("path", INT_PATHS, ids=["/".join(map(str, p)) for p in INT_PATHS])
@pytest.mark.parametrize("value", ["5", 5.9, True], ids=["string", "float", "bool"])
def test_an_integer_refuses_strings_floats_and_booleans(path: tuple[Any, ...], value: Any) -> None:
    data = stored()
    stored_as = stored_value(data, path)
    assert type(stored_as) is int
    # `"5"`, `5.9` and `True` are no seat, card or count, though int() or a comparison would take them.
    with pytest.raises(RecordError, match=rf"^not a valid Olympicards state: {path[0]}\b.* must be an integer"):
        GAME.state_from_dict(with_value(data, path, value))
    assert GAME.state_from_dict(with_value(data, path, stored_as)).to_dict() == data


@pytest.mark.parametrize("field", ["pile_up", "out"])
def test_flags_are_booleans(field: str) -> None:
    data = stored()
    bad = dict(data, **{field: [1, *data[field][1:]]})
    with pytest.raises(RecordError, match=rf"{field}\[0\] must be true or false, not 1"):
        GAME.state_from_dict(bad)


def test_ranges_lengths_and_plays_are_checked() -> None:
    data = stored()
    for key, value, message in (
        ("num_players", 8, r"num_players = 8 is out of range"),
        ("start", 4, r"start = 4 is out of range"),  # a seat of a four-player game is 0..3
        ("draw", [45], r"draw\[0\] = 45 is out of range"),  # a card is a kind 0..44
        ("medals", [[0, 0, 0]] * 3, r"medals must be a list of 4"),
        ("hands", "abc", r"hands must be a list"),
        ("last", [], r"last must be a play of 1..4 cards"),
        ("config", [], r"config must be an object"),
    ):
        with pytest.raises(RecordError, match=message):
            GAME.state_from_dict(dict(data, **{key: value}))


def test_a_state_stored_before_the_split_still_loads() -> None:
    # The format is unchanged: this is what to_dict wrote before the state was split into table/records/views.
    state = build(3, "Sprint", {0: "1r 2r", 1: "3g", 2: "4b"}, plays={1: ["5g"]}, last=(1, "5g"), order=[0, 1, 2])
    data = state.to_dict()
    assert list(data) == [
        "game", "config", "num_players", "rng", "hands", "draw", "discard", "pile", "pile_up", "done", "records",
        "medals", "sport", "phase", "start", "round", "order", "pos", "target", "plays", "last", "last_player", "out",
        "withdrawals", "sport_rounds", "postponed",
    ]  # fmt: skip
    assert type(data["phase"]) is int and data["phase"] == 1  # the phase is stored as its number
    assert json.loads(json.dumps(data)) == data
    assert GAME.state_from_dict(data) == state


def test_the_view_has_the_keys_of_its_typed_dict_in_every_state() -> None:
    # The TypedDict documents the view: every key it names is in every view, and no other key (full_view adds the
    # draw pile and the sport pile).
    keys = set(get_type_hints(OlympicardsView))
    full_only = {"draw", "sport_pile_all"}
    state = build(3, "Sprint", {0: "1r", 1: "2r", 2: "3r"})
    assert set(state.view(0)) == keys - full_only
    assert set(state.full_view()) == keys
    for _ in range(3):
        act(state, "withdraw")
    assert set(state.view(None)) == keys - full_only


def test_phase_is_an_enum_named_in_views_and_numbered_in_records() -> None:
    state = build(3, "Sprint", phase="decide")
    assert state.phase is OlympicardsPhase.DECIDE and state.view(0)["phase"] == "decide"
    assert state.to_dict()["phase"] == 0
    act(state, "accept")
    assert state.phase is OlympicardsPhase.PLAY and state.view(0)["phase"] == "play"
    assert [p.label for p in OlympicardsPhase] == ["decide", "play", "over"]
