"""G-5.3: the round turn limit (`round_turn_limit`), the safety net against endless take-and-discard rounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golf_helpers import kinds, play, position, texts

from podium.core.contract import Event, JsonDict
from podium.core.errors import ConfigError, RecordError
from podium.core.record import Record, Recorder
from podium.core.rng import Rng
from podium.games.golf import GAME, GolfConfig, GolfState
from podium.games.golf.state import END_NAMES

TWO = [["Ac", "2c", "3c", "4c"], ["5d", "6d", "7d", "8d"]]
SIX_HANDS = [["5c", "6c", "7c", "8c", "9c", "Tc"], ["5d", "6d", "7d", "8d", "9d", "Td"]]
TWO_UP = [[2, 2, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0]]


def round_end(events: list[Event]) -> JsonDict:
    return next(e.data for e in events if e.kind == "round_end")


def test_g5_3_the_round_ends_after_exactly_n_turns_of_take_and_discard() -> None:
    # G-5.3: taking the top discard and discarding it again leaves the stock as it was; with the limit N the round
    # ends after exactly N turns, all players together.
    state = position(TWO, rounds=2, round_turn_limit=5)
    stock = state.view(None)["stock_size"]
    for turn in range(1, 5):
        assert kinds(play(state, "take", "discard")) == ["take", "discard"]
        assert state.round == 1 and state.round_turns == turn and state.view(None)["round_turns"] == turn
    assert state.view(None)["stock_size"] == stock and state.view(None)["discard_top"] == "Kc"
    events = play(state, "take", "discard")  # turn 5
    end = round_end(events)
    assert end["ended_by"] == "turn_limit" and end["round"] == 1 and end["hands"] == TWO
    assert state.round == 2 and state.round_turns == 0 and state.phase == "peek"
    assert state.view(None)["round_ends"]["turn_limit"] == 1 and state.view(None)["turns"] == 5


def test_g5_3_the_turn_being_played_is_finished_first() -> None:
    # G-5.3: the limit's last turn is played to the end (here a swap), then the round ends.
    state = position(TWO, rounds=1, round_turn_limit=3)
    play(state, "take", "discard", "take", "discard")
    events = play(state, "take")  # turn 3 begins: nothing ends yet
    assert events[-1].kind == "take" and not state.is_over and state.phase == "drawn"
    assert texts(state.legal_actions()) == ["discard", "swap 1", "swap 2", "swap 3", "swap 4"]
    events = play(state, "swap 2")
    assert kinds(events) == ["swap", "round_end", "game_over"]
    end = round_end(events)
    assert end["ended_by"] == "turn_limit" and end["hands"][0] == ["Ac", "Kc", "3c", "4c"]
    assert state.result().details["turn_limit_ends"] == 1 and state.result().details["turns"] == 3


def test_g5_3_a_knock_as_the_last_turn_is_still_a_turn() -> None:
    # G-5.3 with knock = "instead": knocking is the whole turn; the limit ends the round after it anyway.
    state = position(TWO, rounds=1, round_turn_limit=2)
    play(state, "take", "discard")
    events = play(state, "knock")
    end = round_end(events)
    assert end["ended_by"] == "turn_limit" and end["knocker"] == 1


def test_g5_3_no_knock_decision_in_the_last_turn_with_knock_after() -> None:
    # G-4.2 knock = "after" + G-5.3: the round ends with this turn, so there is no knock to offer (as when the stock
    # has run out, G-5).
    state = position(TWO, rounds=1, round_turn_limit=2, knock="after")
    play(state, "take", "discard")
    assert state.phase == "knock"
    play(state, "pass", "take")
    events = play(state, "discard")
    assert "knock" not in kinds(events) and round_end(events)["ended_by"] == "turn_limit"


def test_g5_3_natural_ends_win_when_they_fall_on_the_last_turn() -> None:
    # G-5.2 and G-5.3 on the same turn: the stock ran out, and that is how the round ended.
    state = position(TWO, stock_top=["2s"], stock_size=1, rounds=1, round_turn_limit=1)
    assert round_end(play(state, "draw", "discard"))["ended_by"] == "stock"
    # G-5.1 and G-5.3 on the same turn: the knock's last owed turn is the limit's last turn.
    state = position(TWO, rounds=1, round_turn_limit=2)
    play(state, "knock")
    assert round_end(play(state, "take", "discard"))["ended_by"] == "knock"
    assert state.result().details["knock_ends"] == 1 and state.result().details["turn_limit_ends"] == 0


def test_g5_3_zero_means_no_limit() -> None:
    # G-5.3: round_turn_limit = 0: 1,000 take-and-discard turns and still in round 1.
    state = GAME.new_game(GAME.config(round_turn_limit=0), 2, 1)
    play(state, "peek 1", "peek 2", "peek 1", "peek 2")
    for _ in range(1000):
        play(state, "take", "discard")
    assert state.round == 1 and state.round_turns == 1000 and not state.is_over
    restored = GolfState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.round_turns == 1000 and restored.to_dict() == state.to_dict()


def test_g5_3_the_default_is_100_turns() -> None:
    # G-5.3: the default limit, 100 turns in a round.
    state = position(TWO, rounds=2)
    assert state.config.round_turn_limit == 100
    for _ in range(99):
        play(state, "take", "discard")
    assert state.round == 1
    assert round_end(play(state, "take", "discard"))["ended_by"] == "turn_limit"
    assert state.round == 2


def test_g5_3_a_game_of_endless_takes_still_ends() -> None:
    # G-5.3: a player who never draws from the stock cannot keep a game going: every round ends by the limit.
    state = GAME.new_game(GAME.config(round_turn_limit=10, rounds=3), 3, 2)
    actions = 0
    while not state.is_over:
        legal = texts(state.legal_actions())
        play(state, "take" if "take" in legal else "discard" if "discard" in legal else legal[0])
        actions += 1
    details = state.result().details
    assert details["turn_limit_ends"] == 3 and details["rounds"] == 3 and details["turns"] == 30
    assert actions == 3 * (3 * 2 + 10 * 2)  # peeks, then take + discard per turn


def test_g5_3_six_card_too() -> None:
    # G-5.3 in six-card Golf (G-8): taking the top discard and swapping it in keeps the stock too.
    state = position(SIX_HANDS, known=TWO_UP, variant="six", rounds=1, round_turn_limit=4)
    stock = state.view(None)["stock_size"]
    for _ in range(3):
        play(state, "take", "swap 1")
    assert not state.is_over and state.view(None)["stock_size"] == stock
    events = play(state, "take", "swap 1")
    assert round_end(events)["ended_by"] == "turn_limit" and round_end(events)["went_out"] is None
    assert state.result().details["turn_limit_ends"] == 1


def test_g5_3_six_card_last_turn_keeps_its_flip() -> None:
    # G-5.3 + G-8.2 flip_on_discard = "must": the flip is part of the last turn, which is finished first.
    state = position(SIX_HANDS, known=TWO_UP, stock_top=["Qh"], variant="six", rounds=1, round_turn_limit=1,
                     flip_on_discard="must")  # fmt: skip
    play(state, "draw", "discard")
    assert state.phase == "flip" and not state.is_over
    events = play(state, "flip 3")
    assert kinds(events) == ["flip", "round_end", "game_over"] and round_end(events)["ended_by"] == "turn_limit"


def test_g5_3_result_details_count_the_rounds_ended_by_the_limit() -> None:
    # G-5.3 "Simulations report how often this happens": turn_limit_ends in the result, turn_limit in the view.
    state = position(TWO, rounds=3, round_turn_limit=1, peek="near")
    for _ in range(2):
        play(state, "take", "discard")
    assert round_end(play(state, "knock"))["knocker"] == 0  # round 3: the knock's owed turns come too late
    details = state.result().details
    assert details["turn_limit_ends"] == 3 and details["knock_ends"] == 0 and details["rounds"] == 3
    assert state.view(0)["round_ends"] == {"knock": 0, "stock": 0, "all_face_up": 0, "turn_limit": 3}
    assert END_NAMES[-1] == "turn_limit"


@pytest.mark.parametrize("bad", [-1, 1.5, "1.5", "ten", True, 10_001, "-3", None])
def test_g5_3_bad_limits_are_refused_naming_the_allowed_values(bad: object) -> None:
    # G-5.3: an integer >= 0 (0 = no limit), at most 10,000.
    with pytest.raises(ConfigError) as info:
        GAME.config(round_turn_limit=bad)
    message = str(info.value)
    assert "round_turn_limit" in message and "allowed: integer 0..10000 (0 = no limit)" in message


def test_g5_3_limit_values_that_are_accepted() -> None:
    # G-5.3: the option's range, from every kind of input; direct construction validates too.
    assert GAME.config(round_turn_limit="0").round_turn_limit == 0
    assert GAME.config(round_turn_limit=2.0).round_turn_limit == 2
    assert GolfConfig.from_assignments(["round_turn_limit=10000"]).round_turn_limit == 10_000
    assert GAME.config(variant="six", round_turn_limit=7).round_turn_limit == 7
    with pytest.raises(ConfigError, match=r"allowed: integer 0\.\.10000"):
        GolfConfig(round_turn_limit=-1)
    assert "round_turn_limit" in GolfConfig(round_turn_limit=30).non_default()
    info = next(o for o in GolfConfig.options() if o.name == "round_turn_limit")
    assert info.default == 100 and info.allowed == "integer 0..10000 (0 = no limit)" and "G-5.3" in info.doc


def test_g5_3_rules_summary_names_the_limit() -> None:
    # G-5.3 in the rules text shown to players.
    assert "after 30 turns at the latest" in GAME.rules_summary(GAME.config(round_turn_limit=30))
    assert "turns at the latest" not in GAME.rules_summary(GAME.config(round_turn_limit=0))


def test_g5_3_the_round_count_survives_clone_serialisation_and_determinize() -> None:
    # G-5.3: the count is part of the state (clone, to_dict/from_dict) and of every view (determinize keeps it).
    state = position(TWO, rounds=1, round_turn_limit=3)
    play(state, "take", "discard", "take", "discard", "take")
    assert state.round_turns == 3
    twin = state.clone()
    restored = GolfState.from_dict(json.loads(json.dumps(state.to_dict())))
    sampled = GAME.determinize(state.view(1), Rng(5))
    for copy in (twin, restored, sampled):
        assert copy.round_turns == 3
        assert round_end(play(copy, "discard"))["ended_by"] == "turn_limit"
    assert not state.is_over


def test_g5_3_a_state_saved_before_the_limit_still_loads() -> None:
    # G-5.3: states written before the option have no round count and no turn_limit end count. Round 1's count is
    # the game's turns; a later round's is the cards drawn from its stock (each was a turn). Such a state had no
    # limit, and keeps none.
    state = position(TWO, rounds=2, round_turn_limit=0)
    play(state, "take", "discard", "draw", "discard", "take", "discard")
    data = state.to_dict()
    del data["round_turns"], data["ends"]["turn_limit"], data["config"]["round_turn_limit"]
    old = GolfState.from_dict(data)
    assert old.round_turns == 3 and old.view(None)["round_ends"]["turn_limit"] == 0
    assert old.to_dict() == state.to_dict()
    later = position(TWO, rounds=3, round=2, round_turn_limit=0)
    play(later, "take", "discard", "draw", "discard", "draw", "discard")
    data = later.to_dict()
    del data["round_turns"]
    assert GolfState.from_dict(data).round_turns == 2  # two stock draws; the take is not counted


def test_g5_3_an_old_state_plays_on_as_it_was_played_without_a_limit() -> None:
    # G-5.3: a state saved before the option had no limit; it keeps none (its `legacy` value), so a long round saved
    # then goes on exactly as it would have, instead of ending at today's default of 100 turns.
    state = GAME.new_game(GAME.config(round_turn_limit=0), 2, 1)
    play(state, "peek 1", "peek 2", "peek 1", "peek 2")
    for _ in range(150):
        play(state, "take", "discard")
    data = state.to_dict()
    del data["round_turns"], data["ends"]["turn_limit"], data["config"]["round_turn_limit"]
    old = GolfState.from_dict(data)
    assert old.round_turns == 150 and old.config.round_turn_limit == 0
    assert kinds(play(old, "take", "discard")) == ["take", "discard"] and old.round == 1


def test_g5_3_an_old_record_with_a_long_round_replays_exactly(tmp_path: Path) -> None:
    # G-5.3: a record's header from before the option lacks round_turn_limit; it replays with no limit, as it was
    # played, so a round of more than 100 turns in it is not cut short.
    path = tmp_path / "old.jsonl"
    state = GAME.new_game(GAME.config(round_turn_limit=0), 2, 1)
    with Recorder(path, state, 1, ["a", "b"]) as recorder:
        for text in ["peek 1", "peek 2", "peek 1", "peek 2", *["take", "discard"] * 150]:
            player = state.current_player
            assert player is not None
            action = GAME.parse_action(text)
            state.apply(action)
            recorder.add(player, action)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    del head["config"]["round_turn_limit"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    replayed = Record.read(path).check()
    assert replayed.config.round_turn_limit == 0 and replayed.round == 1 and replayed.round_turns == 150
    assert replayed.to_dict() == state.to_dict()


@pytest.mark.parametrize(
    ("phase", "round_turns", "message"),
    [
        ("start", 3, "would have ended after turn 3"),
        ("start", 9, "out of range"),  # more than the game's turns
        ("drawn", 0, "impossible in the middle of a turn"),
        ("peek", 1, "must be 0 before the round's first turn"),
    ],
)
def test_g5_3_impossible_round_counts_are_refused(phase: str, round_turns: int, message: str) -> None:
    # G-5.3: a saved count must fit the phase and the limit.
    state = position(TWO, rounds=1, round_turn_limit=3, phase=phase, drawn="Qh" if phase == "drawn" else None)
    data = state.to_dict()
    data.update(round_turns=round_turns, turns=max(round_turns, 3) if round_turns != 9 else 4)
    with pytest.raises(RecordError, match=message):
        GolfState.from_dict(data)


def test_g5_3_records_finished_before_the_option_still_check(tmp_path: Path) -> None:
    # G-5.3: a record's result line from before the option has no turn_limit_ends; it counts as 0 there.
    path = tmp_path / "old.jsonl"
    with Recorder(path, GAME.new_game(GAME.config(rounds=1), 2, 4), 4, ["a", "b"]) as recorder:
        game = GAME.new_game(GAME.config(rounds=1), 2, 4)
        while not game.is_over:
            player = game.current_player
            legal = game.legal_actions()
            action = next((a for a in legal if a.text() == "knock"), legal[0])
            game.apply(action)
            assert player is not None
            recorder.add(player, action)
        recorder.finish(game)
    lines = path.read_text().splitlines()
    head, result = json.loads(lines[0]), json.loads(lines[-1])
    del head["config"]["round_turn_limit"], result["result"]["details"]["turn_limit_ends"]
    path.write_text("\n".join([json.dumps(head), *lines[1:-1], json.dumps(result)]) + "\n")
    assert Record.read(path).check().is_over
    result["result"]["details"]["turn_limit_ends"] = 1  # a recorded detail must still match
    path.write_text("\n".join([json.dumps(head), *lines[1:-1], json.dumps(result)]) + "\n")
    with pytest.raises(RecordError, match="differs from the recorded one"):
        Record.read(path).check()
