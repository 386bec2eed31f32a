"""G-4: a turn — draw or take, swap or discard, knock; perfect recall of what a player has seen."""

from __future__ import annotations

import pytest
from golf_helpers import hand_texts, kinds, play, position, texts, viewed

from podium.core.errors import IllegalAction

HANDS = [["5c", "6c", "7c", "8c"], ["5d", "6d", "7d", "8d"]]


def test_g4_1_draw_then_swap() -> None:
    # G-4.1: draw the top stock card, look at it, put it face down in place of one of your cards, discard that one.
    state = position(HANDS, stock_top=["2h", "3h"], discard=["Kc"])
    assert texts(state.legal_actions()) == ["draw", "take", "knock"]
    events = play(state, "draw")
    assert kinds(events) == ["draw", "drawn"]
    assert events[0].visible_to is None and events[1].visible_to == frozenset({0})
    assert state.view(0)["drawn"] == "2h" and state.view(1)["drawn"] is None
    assert state.view(1)["drawn_from"] == "stock"
    assert texts(state.legal_actions()) == ["discard", "swap 1", "swap 2", "swap 3", "swap 4"]
    events = play(state, "swap 2")
    assert events[0].data == {"player": 0, "slot": 1, "card": None, "discarded": "6c"}
    assert hand_texts(state, 0) == ["5c", "2h", "7c", "8c"]
    assert viewed(state, None)["discard"] == ["Kc", "6c"]
    # G-4 perfect recall: the player knows the card they placed; the others do not.
    assert viewed(state, 0)["hands"][0] == [None, "2h", None, None]
    assert viewed(state, 1)["hands"][0] == [None, None, None, None]
    assert state.current_player == 1


def test_g4_1_draw_then_discard() -> None:
    state = position(HANDS, stock_top=["2h"], discard=["Kc"])
    play(state, "draw", "discard")
    assert viewed(state, None)["discard"] == ["Kc", "2h"]
    assert hand_texts(state, 0) == HANDS[0] and state.current_player == 1


def test_g4_1_take_then_swap_is_public() -> None:
    # G-4.1 / G-7: the card taken from the discard pile and where it was put are public.
    state = position(HANDS, discard=["9s", "Kc"])
    events = play(state, "take")
    assert kinds(events) == ["take"] and events[0].data["card"] == "Kc" and events[0].visible_to is None
    assert state.view(1)["drawn"] == "Kc" and state.view(1)["drawn_from"] == "discard"
    events = play(state, "swap 4")
    assert events[0].data == {"player": 0, "slot": 3, "card": "Kc", "discarded": "8c"}
    for viewer in (None, 0, 1):
        assert viewed(state, viewer)["hands"][0] == [None, None, None, "Kc"]
    assert viewed(state, None)["public"][0] == [False, False, False, True]


def test_g4_1_taken_discard_may_be_discarded_again_by_default() -> None:
    # G-4.1 discard_take_must_swap = false: take the top discard and discard it again.
    state = position(HANDS, discard=["9s", "Kc"])
    play(state, "take")
    assert "discard" in texts(state.legal_actions())
    play(state, "discard")
    assert viewed(state, None)["discard"] == ["9s", "Kc"] and state.current_player == 1


def test_g4_1_taken_discard_must_be_swapped_with_the_option() -> None:
    # G-4.1 discard_take_must_swap = true: a card taken from the discard pile must be swapped in.
    state = position(HANDS, discard=["9s", "Kc"], discard_take_must_swap=True)
    play(state, "take")
    assert texts(state.legal_actions()) == ["swap 1", "swap 2", "swap 3", "swap 4"]
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="must be swapped in"):
        play(state, "discard")
    assert state.to_dict() == before
    # A stock card may still be discarded.
    state = position(HANDS, stock_top=["2h"], discard_take_must_swap=True)
    play(state, "draw", "discard")
    assert state.current_player == 1


def test_g4_2_knock_instead_of_drawing_once_per_round() -> None:
    # G-4.2 knock = "instead": a knock is the whole turn; only one per round.
    state = position([*HANDS, ["5h", "6h", "7h", "8h"]], stock_top=["2h", "3h", "4h"])
    events = play(state, "knock")
    assert kinds(events) == ["knock"] and viewed(state, None)["knocker"] == 0 and state.current_player == 1
    assert texts(state.legal_actions()) == ["draw", "take"]
    with pytest.raises(IllegalAction) as refused:
        play(state, "knock")
    # the reason names the knock already made and does not offer knocking
    assert str(refused.value) == (
        "knock is not allowed now: the player to move must draw from the stock, take the top discard"
        " (someone has knocked already: one knock per round, G-4.2); legal now: draw, take"
    )


def test_g4_2_knock_after_a_normal_turn() -> None:
    # G-4.2 knock = "after": no knock instead of drawing; after the swap/discard a knock-or-pass decision.
    state = position(HANDS, stock_top=["2h", "3h", "4h"], knock="after", rounds=1)
    assert texts(state.legal_actions()) == ["draw", "take"]
    play(state, "draw", "swap 1")
    assert state.phase == "knock" and state.current_player == 0
    assert texts(state.legal_actions()) == ["knock", "pass"]
    play(state, "pass")
    assert state.current_player == 1
    play(state, "draw", "discard", "knock")
    assert state.view(None)["knocker"] == 1 and state.current_player == 0
    play(state, "take", "swap 2")  # the final turn: no knock decision any more
    assert state.round == 1 and state.is_over


def test_illegal_actions_change_nothing_and_say_what_is_legal() -> None:
    state = position(HANDS, stock_top=["2h"])
    before = state.to_dict()
    for text in ("swap 1", "discard", "pass", "peek 1", "flip 1"):
        with pytest.raises(IllegalAction, match="legal now: draw, take, knock"):
            play(state, text)
        assert state.to_dict() == before
    play(state, "draw")
    with pytest.raises(IllegalAction):
        play(state, "swap 5")  # four-card has slots 1..4 only
    with pytest.raises(IllegalAction):
        state.apply(object())  # type: ignore[arg-type]


def test_g4_perfect_recall_of_peeked_and_placed_cards_until_replaced() -> None:
    # G-4: a player's view carries the two peeked cards and every card they placed themselves.
    state = position(HANDS, stock_top=["2h", "3h", "4h"], known=[[1, 1, 0, 0], [0, 0, 0, 0]])
    assert viewed(state, 0)["hands"][0] == ["5c", "6c", None, None]
    play(state, "draw", "swap 3")
    assert viewed(state, 0)["hands"][0] == ["5c", "6c", "2h", None]
    play(state, "draw", "discard", "draw", "swap 1")  # seat 0 replaces a known card by a new one
    assert viewed(state, 0)["hands"][0] == ["4h", "6c", "2h", None]
    assert viewed(state, 1)["hands"][0] == [None, None, None, None]
