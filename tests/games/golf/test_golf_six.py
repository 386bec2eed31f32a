"""G-8: six-card Golf — initial flips, face-up swaps, flip_on_discard, going out, final_turns."""

from __future__ import annotations

import pytest
from golf_helpers import hand_texts, kinds, play, position, texts, viewed

from podium.core.errors import IllegalAction
from podium.games.golf import GAME

HANDS = [["5c", "6c", "7c", "8c", "9c", "Tc"], ["5d", "6d", "7d", "8d", "9d", "Td"]]
TWO_UP = [[2, 2, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0]]


def test_g8_1_each_player_turns_two_cards_face_up_first() -> None:
    # G-8.1: six cards face down; each player turns two of them face up (their choice, two decisions).
    state = GAME.new_game(GAME.config(variant="six"), 2, seed=4)
    assert state.phase == "initial_flip" and state.current_player == 0
    assert texts(state.legal_actions()) == [f"flip {k}" for k in range(1, 7)]
    events = play(state, "flip 6")
    assert kinds(events) == ["flip"] and events[0].visible_to is None
    assert state.view(1)["hands"][0][5] == events[0].data["card"]
    assert viewed(state, 1)["face_up"][0] == [False] * 5 + [True]
    with pytest.raises(IllegalAction):
        play(state, "flip 6")
    with pytest.raises(IllegalAction):
        play(state, "peek 1")
    play(state, "flip 1", "flip 2", "flip 3")
    assert state.phase == "start" and state.current_player == 0


def test_g8_2_swap_puts_the_new_card_face_up_and_discards_the_old_one() -> None:
    # G-8.2: swap with any of the six cards (face up or down); the new card lies face up; the replaced
    # face-down card goes straight to the discard pile (public), never seen by its owner before.
    state = position(HANDS, known=TWO_UP, stock_top=["2h"], variant="six")
    assert texts(state.legal_actions()) == ["draw", "take"]  # G-8.3: no knocking
    play(state, "draw")
    assert texts(state.legal_actions()) == ["discard"] + [f"swap {k}" for k in range(1, 7)]
    events = play(state, "swap 4")
    assert events[0].data == {"player": 0, "slot": 3, "card": "2h", "discarded": "8c"}
    assert viewed(state, 1)["hands"][0] == ["5c", "6c", None, "2h", None, None]
    assert state.view(None)["discard_top"] == "8c"
    play(state, "take", "swap 1")  # a face-up card may be replaced too
    assert viewed(state, 0)["hands"][1] == ["8c", "6d", None, None, None, None]


def test_g8_2_a_taken_discard_must_be_swapped_in() -> None:
    # G-8.2: "(stock card only) discard it".
    state = position(HANDS, known=TWO_UP, variant="six")
    play(state, "take")
    assert "discard" not in texts(state.legal_actions())
    with pytest.raises(IllegalAction, match="must be swapped in"):
        play(state, "discard")


@pytest.mark.parametrize(
    ("mode", "legal"),
    [("may", ["pass", "flip 3", "flip 4", "flip 5", "flip 6"]), ("must", ["flip 3", "flip 4", "flip 5", "flip 6"])],
)
def test_g8_2_flip_on_discard(mode: str, legal: list[str]) -> None:
    # G-8.2 flip_on_discard: after discarding a stock card the player may / must turn a face-down card up.
    state = position(HANDS, known=TWO_UP, stock_top=["2h", "3h"], variant="six", flip_on_discard=mode)
    play(state, "draw", "discard")
    assert state.phase == "flip" and state.current_player == 0
    assert texts(state.legal_actions()) == legal
    events = play(state, "flip 5")
    assert events[0].data == {"player": 0, "slot": 4, "card": "9c"} and state.current_player == 1
    # No flip after a swap.
    play(state, "draw", "swap 1")
    assert state.current_player == 0 and state.phase == "start"


def test_g8_2_flip_on_discard_may_pass() -> None:
    state = position(HANDS, known=TWO_UP, stock_top=["2h"], variant="six", flip_on_discard="may")
    play(state, "draw", "discard", "pass")
    assert state.current_player == 1 and viewed(state, None)["face_up"][0] == [True, True] + [False] * 4


def test_g8_2_flip_on_discard_no() -> None:
    state = position(HANDS, known=TWO_UP, stock_top=["2h"], variant="six")
    play(state, "draw", "discard")
    assert state.current_player == 1 and state.phase == "start"


def test_g8_3_all_face_up_gives_everyone_else_one_more_turn() -> None:
    # G-8.3 final_turns = true.
    hands = [*HANDS, ["5h", "6h", "7h", "8h", "9h", "Th"]]
    known = [[2, 2, 2, 2, 2, 0], [2, 2, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0]]
    state = position(hands, known=known, stock_top=["2s", "3s", "4s", "5s"], variant="six", rounds=1)
    play(state, "draw", "swap 6")
    assert state.view(None)["went_out"] == 0 and state.view(None)["final_turns_left"] == 2
    assert state.current_player == 1
    play(state, "draw", "discard")
    assert state.current_player == 2
    events = play(state, "draw", "swap 3")
    assert state.is_over
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["ended_by"] == "all_face_up" and end.data["went_out"] == 0
    assert state.result().details["all_face_up_ends"] == 1


def test_g8_3_without_final_turns_the_round_ends_at_once() -> None:
    # G-8.3 final_turns = false.
    known = [[2, 2, 2, 2, 2, 0], [2, 2, 0, 0, 0, 0]]
    state = position(HANDS, known=known, stock_top=["2s", "3s"], variant="six", final_turns=False, rounds=1)
    events = play(state, "draw", "swap 6")
    assert state.is_over and kinds(events)[-2:] == ["round_end", "game_over"]


def test_g8_3_going_out_by_flipping() -> None:
    known = [[2, 2, 2, 2, 2, 0], [2, 2, 0, 0, 0, 0]]
    state = position(HANDS, known=known, stock_top=["2s", "3s"], variant="six", flip_on_discard="must", rounds=1)
    play(state, "draw", "discard", "flip 6")
    assert state.view(None)["went_out"] == 0 and state.current_player == 1
    play(state, "draw", "discard", "flip 3")
    assert state.is_over


def test_g8_3_stock_running_out_applies_to_six_card() -> None:
    # G-8.3: G-5.2 applies.
    state = position(HANDS, known=TWO_UP, stock_top=["2s"], stock_size=1, variant="six", rounds=1)
    events = play(state, "draw", "swap 3")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["ended_by"] == "stock"
    assert end.data["hands"][0] == ["5c", "6c", "2s", "8c", "9c", "Tc"]


def test_g8_4_pairs_in_a_round_end_and_the_default_six_values() -> None:
    # G-8.4: two 2s in a column score 0 together; a lone 2 scores -2 (values "six" is the six-card default).
    hands = [["2c", "5d", "6h", "2d", "Kd", "Ks"], ["2h", "Ad", "3h", "4d", "5h", "6s"]]
    state = position(hands, known=TWO_UP, stock_top=["9s"], stock_size=1, variant="six", rounds=1)
    events = play(state, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["sums"] == [11, -2 + 1 + 3 + 4 + 5 + 6]
    assert hand_texts(state, 0) == hands[0]


def test_g7_the_card_discarded_by_the_round_ending_swap_stays_in_every_view() -> None:
    # G-7: the discard pile is public. A swap of a face-down card that ends the round discards that card, and the
    # next deal replaces the pile: the round's reveal (`last_round`, like the round_end event) keeps the pile, so
    # every view shows what the swap's event told everybody.
    known = [[2, 2, 2, 2, 2, 2], [2, 2, 0, 0, 0, 0]]
    state = position(HANDS, known=known, stock_top=["2s", "3s"], variant="six", rounds=2, closer=0, final_left=1,
                     current=1)  # fmt: skip
    events = play(state, "draw", "swap 6")  # seat 1's last turn: its face-down Td goes to the discard pile
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["discard"] == ["Kc", "Td"] and state.round == 2
    for viewer in (0, 1, None):
        assert state.view(viewer)["last_round"]["discard"][-1] == "Td"
    assert state.view(None)["discard_top"] != "Td"  # the new deal's pile
