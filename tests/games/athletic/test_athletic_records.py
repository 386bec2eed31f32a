"""Reading stored Athletic Games states strictly (podium.games.athletic.records), and the one constructor."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from athletic_helpers import play, position

from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.athletic import GAME, AthleticState


def _stored() -> dict[str, Any]:
    """A mid-turn state after a move (so `chain` is not empty), as a record holds it."""
    state = position("9y 2g", ["4r 5r", "5g", "9o", "3b", "8y"], medals=[1, 0], turn=4)
    play(state, "move 1 2")
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def test_a_stored_state_reads_back_equal() -> None:
    data = _stored()
    again = AthleticState.from_dict(data)
    assert again.to_dict() == data and again.chain == [(0, 1)] and len(again.seen) == 2


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        # Integers must be ints: not a string, a float or a bool, which int() would have accepted.
        ("turn", "5", "turn must be an integer in 1..1000, not '5'"),
        ("turn", 5.9, "turn must be an integer in 1..1000, not 5.9"),
        ("turn", True, "turn must be an integer in 1..1000, not True"),
        ("turn", 0, "turn = 0 is out of range"),
        ("turn", 1001, "turn = 1001 is out of range"),  # never past max_turns
        ("placed", "1", "placed must be an integer"),
        ("placed", -1, "placed = -1 is out of range"),
        ("reshuffles", 1.0, "reshuffles must be an integer"),
        ("cards_placed", None, "cards_placed must be an integer"),
        ("medal_turns", False, "medal_turns must be an integer"),
        ("num_players", "2", "num_players must be an integer in 2..5"),
        ("first_player", 2, "first_player = 2 is out of range"),
        ("current", True, "current (the game is on) must be an integer in 0..1"),
        ("medals", [True, 0], "medals[0] must be an integer"),
        ("medals", [1], "medals must be a list of 2, not of 1"),
        ("medals", [-1, 0], "medals[0] = -1 is out of range"),
        ("medals", [6, 0], "medals[0] = 6 is out of range"),  # at most medals_to_win
        ("chain", [[0, "1"]], "chain[0][1] must be an integer in 0..4"),
        ("chain", [[0, 5]], "chain[0][1] = 5 is out of range"),
        ("chain", [[0, 1, 2]], "chain[0] must be a list of 2"),
        ("chain", "0 1", "chain must be a list"),
        ("epochs", {"9y": True}, "epochs[9y] must be an integer"),
        ("epochs", {"9y": 1}, "epochs[9y] = 1 is out of range"),  # no reshuffle yet
        ("epochs", [], "epochs must be an object"),
        ("reason", "won", "reason must be null (the game is on) or one of medals, turn_limit, not 'won'"),
        ("reason", "medals", "current must be null once the game is over"),
    ],
)
def test_bad_fields_are_refused_with_their_name(field: str, value: Any, message: str) -> None:
    with pytest.raises(RecordError, match="^" + re.escape(message)):
        AthleticState.from_dict({**_stored(), field: value})


@pytest.mark.parametrize("written", ["r7", "7 red", "7R", 6, None])
def test_a_card_must_be_written_as_to_dict_writes_it(written: Any) -> None:
    data = _stored()
    data["hands"][0][0] = written
    with pytest.raises(RecordError, match=r"^hands\[0\]\[0\] must be a card written like 7r or 10p"):
        AthleticState.from_dict(data)


def test_every_card_exactly_once() -> None:
    data = _stored()
    data["draw"][0] = data["hands"][0][0]
    with pytest.raises(RecordError, match="each of the 60 cards exactly once"):
        AthleticState.from_dict(data)


def test_a_move_chain_that_does_not_fit_the_piles_is_refused() -> None:
    # the stored moves are taken back from the piles; 3b (pile 4) was never moved onto 9o (pile 3).
    with pytest.raises(RecordError, match="does not fit the piles"):
        AthleticState.from_dict({**_stored(), "chain": [[3, 2]]})


def test_a_finished_game_reads_back() -> None:
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"], medals=[4, 0])
    play(state, "play 6r 1", "end")  # the fifth medal ends the game at once
    data = state.to_dict()
    assert data["reason"] == "medals" and data["current"] is None
    assert AthleticState.from_dict(data).result().winners == state.result().winners


def test_new_game_determinize_and_from_dict_agree_on_the_start_of_a_game() -> None:
    # The three ways in go through one constructor: a fresh deal, the same state stored and read back, and a
    # world sampled from the first player's view all show that player the same view and the same legal actions.
    state = GAME.new_game(num_players=3, seed=8)
    again = AthleticState.from_dict(state.to_dict())
    sampled = GAME.determinize(state.view(0), Rng(2))
    for other in (again, sampled):
        assert other.view(0) == state.view(0) and other.legal_actions() == state.legal_actions()
        assert other.seen == state.seen and other.chain == [] and other.placed == 0


def _random_states(seeds: range, **options: Any) -> list[AthleticState]:
    """Every 7th state of random games, with moves on (so some have a move chain)."""
    out = []
    for seed in seeds:
        state = GAME.new_game(GAME.config(options), num_players=2 + seed % 4, seed=seed)
        rng = Rng(seed)
        turn = 0
        while state.current_player is not None and turn < 400:
            legal = state.legal_actions()
            if turn % 7 == 0:
                out.append(state.clone())
            state.apply(legal[rng.randbelow(len(legal))])
            turn += 1
    return out


# Values a stored field might wrongly hold, and some right ones: the reader's bulk checks must refuse exactly what the
# field-by-field checks refuse, with the same error.
_ODD = [None, True, False, 0, 1, -1, 2, 5, 60, 61, 1.0, "1", "7r", [], [0, 1], [[0, 1]], [[0, "1"]], {}, {"7r": 1}]


def test_the_bulk_checks_and_the_field_by_field_ones_agree() -> None:
    # read_state's fast path (`_read_valid`) hands anything unusual to `_read_checked`: same states, same errors.
    from podium.games.athletic import records

    states = _random_states(range(3), step="up") + _random_states(range(3, 5))
    assert any(s.chain for s in states) and any(s.reshuffles for s in states)
    checked = 0
    for state in states[::5]:
        data = state.to_dict()
        config = records._config(data["config"])
        variants: list[dict[str, Any]] = []
        for field in data:
            if field not in ("game", "config", "num_players"):
                variants += [{**data, field: value} for value in _ODD]
        hands, piles = data["hands"], data["piles"]
        card = next(c for cards in [*hands, *piles] for c in cards)
        variants += [
            {**data, "hands": [[*hands[0], 7], *hands[1:]]},
            {**data, "hands": [hands[0] + hands[1], [], *hands[2:]]},  # the same cards, other hands
            {**data, "piles": [[*piles[0], card], *piles[1:]]},  # one card twice
            {**data, "draw": [*data["draw"], "7r"]},
            {**data, "epochs": {**data["epochs"], "zz": 1}},
            {**data, "epochs": {k: True for k in data["epochs"]}},
            {**data, "epochs": {k: v * 1.0 for k, v in data["epochs"].items()}},
            {**data, "medals": [*data["medals"][:-1], True]},
            {**data, "chain": [*data["chain"], [0, 1]]},
            {**data, "chain": [[1, 0], *data["chain"]]},
            {**data, "rng": -1},
            {**data, "hands": tuple(hands)},
            {k: v for k, v in data.items() if k != "medal_turns"},
        ]
        n = len(hands)
        for variant in variants:
            expected = _outcome(lambda v=variant, c=config, n=n: records._read_checked(AthleticState, v, c, n))
            assert _outcome(lambda v=variant: records.read_state(AthleticState, v)) == expected, variant
            checked += 1
    assert checked > 1000


def _outcome(read: Any) -> Any:
    """The state's record, or the error that reading it raised (the exception's type and message)."""
    try:
        return read().to_dict()
    except Exception as exc:  # compared, not swallowed
        if isinstance(exc, RecordError):
            return ("RecordError", str(exc))
        return (type(exc).__name__, str(exc))


def test_a_state_read_back_plays_on_as_the_original() -> None:
    # The structures legal_actions keeps are built on first use in a state read from a record: the same actions,
    # events and structures as the original's, whether the copy is played, cloned first or shuffled first.
    states = _random_states(range(2), step="up")[::3]
    assert {"play", "fill", "move", "end"} <= {a.text().split()[0] for s in states for a in s.legal_actions()}
    for state in states:
        data = state.to_dict()
        for start in ("plain", "clone", "shuffle"):
            again = AthleticState.from_dict(data)
            if start == "clone":
                again = again.clone()
            elif start == "shuffle":
                assert again.shuffle_hidden(None, Rng(1)).legal_actions() is not None
            original = state.clone()
            rng = Rng(5)
            for ply in range(40):
                if original.current_player is None:
                    break
                legal = original.legal_actions()
                action = legal[rng.randbelow(len(legal))]
                if ply:  # the first action is applied before anything else is asked of the copy
                    assert again.legal_actions() == legal
                assert again.apply(action) == original.apply(action)
                assert again.to_dict() == original.to_dict()
                built = (again.hand_masks, again.codes, again.seen)
                assert built == (original.hand_masks, original.codes, original.seen)
