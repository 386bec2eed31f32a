"""The two readers of a stored Olympicards state (records.py): the bulk pass (`_read_valid`) reads a record as
`to_dict` writes it, and hands anything unusual to the field-by-field reader (`_read_checked`, the reader of before).
Together they read the same states and refuse bad records with the same errors as the field-by-field reader alone."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.olympicards import GAME, OlympicardsState, records
from podium.games.olympicards.table import OlympicardsTable


def _random_states() -> list[OlympicardsState]:
    """States along random games of 2, 4 and 7 players (world records on in some): every phase, targets, plays,
    withdrawals, postponed sport cards and finished games."""
    states = []
    for seed, n, options in (
        (1, 2, {}),
        (2, 4, {"world_record": True}),
        (3, 7, {}),
        (4, 3, {"first_player": 2, "world_record": True}),
        (5, 5, {"sports": "test"}),
    ):
        state = GAME.new_game(GAME.config(options), n, seed)
        rng = Rng(seed)
        while state.current_player is not None:
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        states.append(state)
    return states


def _outcome(read: Callable[[], OlympicardsState]) -> Any:
    """The state's record, or the error that reading it raised (the exception's type and message)."""
    try:
        return read().to_dict()
    except Exception as exc:  # compared, not swallowed
        return (type(exc).__name__, str(exc))


# Values put in place of a field, or of an item in it: each is refused somewhere, or read as the field-by-field reader
# reads it.
_ODD: list[Any] = [None, True, False, 0, 1, -1, 2, 6, 9, 44, 45, 1.0, "1", [], [0], [[0]], [[True]], [[0, 1.5]], {}]


def _variants(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Records like `data` with one thing changed: a field replaced, an item of a list replaced or added, a key left
    out, cards moved between places (still one deck: a valid record) or duplicated."""
    out: list[dict[str, Any]] = []
    for field, value in data.items():
        if field == "game":
            continue
        out += [{**data, field: odd} for odd in _ODD]
        out.append({k: v for k, v in data.items() if k != field})
        if isinstance(value, list):
            out.append({**data, field: (*value,)})
            for odd in (True, 1.0, -1, 3, 45, 10**6 + 1, [0]):
                out.append({**data, field: [*value, odd]})
                if value:
                    out.append({**data, field: [odd, *value[1:]]})
            if value and isinstance(value[0], list):
                out.append({**data, field: [(*value[0],), *value[1:]]})
                for odd in (True, 1.0, -1, 2, 10, 45, [1], []):
                    out.append({**data, field: [[*value[0], odd], *value[1:]]})
    config = data["config"]
    out += [
        {**data, "config": {**config, "world_record": 1}},
        {**data, "config": {**config, "sports": "nope"}},
        {**data, "config": {**config, "first_player": 9}},
        {**data, "config": {**config, "sports": "test" if config["sports"] == "default" else "default"}},
        {**data, "config": MappingProxyType(config)},
    ]
    hands, draw, discard = data["hands"], data["draw"], data["discard"]
    held = next((seat for seat, hand in enumerate(hands) if hand), None)
    if held is not None:
        hand = hands[held]
        moved = [*hands]
        moved[held] = hand[1:]
        moved[(held + 1) % len(hands)] = [*hands[(held + 1) % len(hands)], hand[0]]
        out += [
            {**data, "hands": moved},  # valid: the same deck, another deal
            {**data, "hands": [*hands[:held], [*hand, hand[0]], *hands[held + 1 :]]},  # a card too many
            {**data, "hands": [*hands[:held], hand[1:], *hands[held + 1 :]], "draw": [*draw, hand[0]]},  # valid
            {**data, "hands": [*hands[:held], [True if k == 1 else k for k in hand], *hands[held + 1 :]]},
        ]
    if draw:
        out += [
            {**data, "draw": draw[1:], "discard": [*discard, draw[0]]},  # valid
            {**data, "draw": [float(draw[0]), *draw[1:]]},
            {**data, "draw": draw[1:]},  # a card missing
        ]
    plays, last = data["plays"], data["last"]
    for seat, seat_plays in enumerate(plays):
        if seat_plays:
            play = seat_plays[0]
            out += [
                {**data, "plays": [*plays[:seat], [[], *seat_plays[1:]], *plays[seat + 1 :]]},
                {**data, "plays": [*plays[:seat], [play * 5, *seat_plays[1:]], *plays[seat + 1 :]]},
                {**data, "plays": [*plays[:seat], [(*play,), *seat_plays[1:]], *plays[seat + 1 :]]},
                {**data, "plays": [*plays[:seat], [[*play, True], *seat_plays[1:]], *plays[seat + 1 :]]},
                {**data, "plays": [*plays[:seat], [*seat_plays, play], *plays[seat + 1 :]]},  # a card twice
            ]
            more = 5 - len(play)
            if len(discard) >= more:  # a play of five cards, the deck whole
                longer = [[*play, *discard[:more]], *seat_plays[1:]]
                out.append({**data, "plays": [*plays[:seat], longer, *plays[seat + 1 :]], "discard": discard[more:]})
            break
    if last is not None:
        out += [{**data, "last": value} for value in ([], last * 5, [*last[:-1], 45], [*last[:-1], 1.0], (*last,))]
    target = data["target"]
    if target != -1:
        out += [
            {**data, "target": -1, "discard": [*discard, target]},  # valid
            {**data, "target": -2, "discard": [*discard, target]},
        ]
    elif discard:
        out.append({**data, "target": discard[-1], "discard": discard[:-1]})  # valid
    for field in ("sport", "pos", "start", "last_player", "round", "postponed", "phase"):
        value = data[field]
        out += [{**data, field: value + step} for step in (-2, -1, 1, 2)]
    out += [
        {**data, "order": []},
        {**data, "pile": [*data["pile"], 0], "pile_up": [*data["pile_up"], False]},  # a sport twice: read as before
        {**data, "medals": [[*row[:2], 10] for row in data["medals"]]},
        {**data, "medals": [[*row, 0] for row in data["medals"]]},
        {**data, "sport_rounds": [*data["sport_rounds"], 10**6]},
        {**data, "rng": 2**64},
        {**data, "rng": 2**64 - 1},
    ]
    out += [_seats(data, len(hands) - 1), _seats(data, len(hands) + 1)]
    return out


def _seats(data: dict[str, Any], n: int) -> dict[str, Any]:
    """`data` with `n` seats: a seat added has nothing, the cards of a seat taken away go to the draw pile."""
    changed = {**data, "num_players": n}
    for field, empty in (("hands", []), ("records", []), ("plays", []), ("medals", [0, 0, 0]), ("out", False)):
        changed[field] = [*data[field][:n], *[empty] * (n - len(data[field]))]
    for seat in range(n, data["num_players"]):
        changed["draw"] = [*changed["draw"], *data["hands"][seat], *(k for play in data["plays"][seat] for k in play)]
    changed["order"] = [seat for seat in data["order"] if seat < n] or [0]
    changed["withdrawals"] = [seat for seat in data["withdrawals"] if seat < n]
    changed["pos"] = min(data["pos"], len(changed["order"]) - 1)
    changed["start"] = min(data["start"], n - 1)
    if data["last_player"] >= n:
        changed["last_player"], changed["last"] = -1, None
    return changed


def test_the_bulk_pass_and_the_field_by_field_reader_agree() -> None:
    # read_state's bulk pass hands anything unusual to `_read_checked`: the same states and the same errors.
    states = _random_states()
    assert {s.phase.label for s in states} == {"decide", "play", "over"}
    assert any(s.to_dict()["target"] != -1 for s in states) and any(s.to_dict()["pile_up"] for s in states)
    checked = fast = refused = 0
    for state in states[::20]:
        data = state.to_dict()
        for variant in _variants(data):
            expected = _outcome(lambda v=variant: records._read_checked(OlympicardsState, v))
            assert _outcome(lambda v=variant: records.read_state(OlympicardsState, v)) == expected, variant
            # and through the contract, which names the errors other than RecordError
            assert _outcome(lambda v=variant: OlympicardsState.from_dict(v)) == _outcome(
                lambda v=variant: _from_dict_before(v)
            ), variant
            checked += 1
            fast += records._read_valid(OlympicardsState, variant) is not None
            refused += isinstance(expected, tuple)
    assert checked > 15000 and fast > 1500 and refused > 12000


def _from_dict_before(data: Any) -> OlympicardsState:
    """`from_dict` as it was: the field-by-field reader, its errors named as the contract names them."""
    try:
        return records._read_checked(OlympicardsState, data)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise RecordError(f"not a valid Olympicards state: {type(exc).__name__}: {exc}") from None


def test_the_bulk_pass_builds_the_state_the_constructor_builds() -> None:
    # `_read_valid` sets the fields itself (not through the constructor): every field equal to the constructor's
    # state, every list its own, and the state plays on as the original.
    for state in _random_states()[::7]:
        data = state.to_dict()
        fast = records._read_valid(OlympicardsState, data)
        assert fast is not None
        built = records._read_checked(OlympicardsState, data)
        for field in OlympicardsTable.__slots__:
            assert getattr(fast, field) == getattr(built, field), field
            assert type(getattr(fast, field)) is type(getattr(built, field)), field
        assert fast.legal_actions() == built.legal_actions() == state.legal_actions()
        for seat in (None, *range(state.num_players)):
            assert fast.view(seat) == state.view(seat)
        if state.current_player is not None:
            action = state.legal_actions()[-1]
            assert fast.clone().apply(action) == state.clone().apply(action)


def test_a_state_read_back_shares_no_list_with_the_record() -> None:
    state = next(s for s in _random_states() if s.to_dict()["last"] and s.to_dict()["done"])
    data = state.to_dict()
    again = OlympicardsState.from_dict(data)
    before = again.to_dict()
    for value in data.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    for inner in item:
                        if isinstance(inner, list):
                            inner.append(0)
                    item.append(0)
            value.append(0)
    assert again.to_dict() == before
