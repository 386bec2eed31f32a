"""G-5: the end of a round — knocks, the stock running out, the reveal, round winners (ties)."""

from __future__ import annotations

import pytest
from golf_helpers import kinds, play, position, texts, viewed

from podium.core.errors import IllegalAction

THREE = [["Ac", "2c", "3c", "4c"], ["5d", "6d", "7d", "8d"], ["9h", "Th", "Jh", "Qh"]]


def test_g5_1_after_a_knock_every_other_player_has_exactly_one_more_turn() -> None:
    # G-5.1
    state = position(THREE, stock_top=["2s", "3s", "4s"], current=1, rounds=1)
    play(state, "draw", "discard")  # seat 1, normal turn
    play(state, "knock")  # seat 2 knocks
    assert state.view(None)["final_turns_left"] == 2
    assert state.current_player == 0
    play(state, "draw", "discard")
    assert state.current_player == 1 and not state.is_over
    events = play(state, "take", "discard")
    assert state.is_over  # the knocker gets no further turn
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["ended_by"] == "knock" and end.data["knocker"] == 2
    assert state.result().details["knock_ends"] == 1


def test_g5_2_the_stock_running_out_ends_the_round_after_that_turn() -> None:
    # G-5.2: whoever draws the last stock card finishes that turn, then the round ends.
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=1)
    play(state, "draw")
    assert state.view(None)["stock_size"] == 0 and not state.is_over  # the turn goes on
    assert texts(state.legal_actions()) == ["discard", "swap 1", "swap 2", "swap 3", "swap 4"]
    events = play(state, "swap 1")
    assert state.is_over
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["ended_by"] == "stock" and end.data["knocker"] is None
    assert end.data["hands"][0] == ["2s", "2c", "3c", "4c"]
    assert state.result().details == {
        "rounds": 1, "turns": 1, "knock_ends": 0, "stock_ends": 1, "all_face_up_ends": 0, "turn_limit_ends": 0,
    }  # fmt: skip


def test_g5_stock_running_out_during_the_final_turns_after_a_knock() -> None:
    # G-5: if the stock is empty while a knock's final turns are still owed, the round ends at once:
    # seat 0 knocks, seat 1 draws the last card and finishes that turn, seat 2's owed turn is lost.
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=1)
    play(state, "knock")
    assert state.current_player == 1
    events = play(state, "draw", "discard")
    assert state.is_over
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["ended_by"] == "stock" and end.data["knocker"] == 0
    assert state.result().details["stock_ends"] == 1 and state.result().details["turns"] == 2


def test_g5_no_knock_after_the_stock_ran_out() -> None:
    # G-5: a knock after the stock has run out is impossible — with knock = "after" there is no knock decision.
    state = position(THREE, stock_top=["2s", "3s"], stock_size=2, knock="after", rounds=1)
    play(state, "draw", "discard")
    assert state.phase == "knock"
    play(state, "pass", "draw")
    assert state.view(None)["stock_size"] == 0
    events = play(state, "discard")
    assert state.is_over and "knock" not in kinds(events)


def test_g5_no_knock_after_the_stock_ran_out_knock_instead() -> None:
    # G-5 with knock = "instead": the round is over before anybody could knock on an empty stock.
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=2)
    play(state, "draw", "discard")
    assert state.round == 2 and state.view(None)["stock_size"] == 52 - 12 - 1
    assert "knock" in texts(state.legal_actions()) or state.phase == "peek"


def test_g5_all_cards_turn_face_up_and_the_lowest_sum_wins() -> None:
    # G-5: the reveal shows every card; the lowest sum wins; G-6: scores are sum minus the winner's sum.
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=2)
    events = play(state, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.visible_to is None
    assert end.data["hands"] == THREE
    assert end.data["sums"] == [10, 26, 39]
    assert end.data["winners"] == [0]
    assert end.data["scores"] == [0, 16, 29] and end.data["totals"] == [0, 16, 29]
    last = viewed(state, 1)["last_round"]
    assert last["hands"] == THREE and last["sums"] == [10, 26, 39] and last["round"] == 1
    assert viewed(state, 1)["scores"] == [0, 16, 29] and viewed(state, 1)["round_scores"] == [[0, 16, 29]]


def test_g5_ties_for_the_round_win_all_win() -> None:
    # G-5: ties — all tied players win the round (and score 0 under G-6).
    hands = [["Ac", "2c", "3c", "4c"], ["Ad", "2d", "3d", "4d"], ["9h", "Th", "Jh", "Qh"]]
    state = position(hands, stock_top=["Ks"], stock_size=1, rounds=1)
    events = play(state, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winners"] == [0, 1] and end.data["scores"] == [0, 0, 29]
    assert state.result().winners == (0, 1)


def test_g5_king_swapped_in_counts_zero() -> None:
    # G-2 standard values inside a real round: the King placed in slot 1 counts 0, the Ace it replaced is gone.
    state = position(THREE, stock_top=["Ks"], stock_size=1, rounds=1)
    events = play(state, "draw", "swap 1")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["hands"][0] == ["Ks", "2c", "3c", "4c"] and end.data["sums"][0] == 9


def test_game_over_reveals_everything_and_takes_no_more_actions() -> None:
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=1)
    events = play(state, "draw", "discard")
    assert kinds(events)[-2:] == ["round_end", "game_over"]
    assert state.legal_actions() == [] and state.current_player is None
    assert viewed(state, 2)["hands"] == THREE and viewed(state, None)["phase"] == "over"
    with pytest.raises(IllegalAction, match="game is over"):
        play(state, "draw")


def test_the_round_end_event_shares_nothing_with_the_state() -> None:
    # G-5: the reveal is told once in the event and kept for the views; writing into the event changes neither.
    state = position(THREE, stock_top=["2s"], stock_size=1, rounds=2)
    play(state, "draw")
    events = play(state, "swap 1")
    end = next(e for e in events if e.kind == "round_end")
    before = state.to_dict(), state.view(0)
    end.data["hands"][0][0] = "Ks"
    end.data["sums"][0] = 99
    end.data["discard"].append("Kd")
    end.data["ended_by"] = "knock"
    assert (state.to_dict(), state.view(0)) == before
