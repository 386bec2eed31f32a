"""Rules A-1 … A-7 of Athletic Games, each test naming its rule."""

from __future__ import annotations

from collections import Counter

import pytest
from athletic_helpers import kinds, pile_texts, play, position, texts

from podium.core.errors import ConfigError, IllegalAction, PlayerCountError
from podium.games.athletic import GAME
from podium.games.athletic.cards import ALL_CARDS, SPORT, TEXT, VALUE, can_place, card


def test_a1_sixty_cards_six_sports_ten_values() -> None:
    # 60 cards, 6 sports × values 1..10, one of each.
    state = GAME.new_game(num_players=3, seed=4)
    assert sorted(state.all_cards()) == list(range(60))
    assert Counter(SPORT[c] for c in ALL_CARDS) == {s: 10 for s in range(6)}
    assert sorted({VALUE[c] for c in ALL_CARDS}) == list(range(1, 11))
    assert len(set(TEXT)) == 60


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a2_setup(players: int) -> None:
    # seven hidden cards each; five piles of one face-up card; the rest is the draw pile.
    state = GAME.new_game(num_players=players, seed=players)
    assert [len(h) for h in state.hands] == [7] * players
    assert [len(p) for p in state.piles] == [1] * 5
    assert len(state.draw) == 60 - 7 * players - 5
    view = state.view(1)
    assert all(len(p) == 1 for p in view["piles"]) and view["draw_size"] == len(state.draw)
    # seat 0 starts by default.
    assert state.current_player == 0


def test_a2_4_first_player_option_and_bounds() -> None:
    # `first_player` picks the starting seat; play goes in seat order.
    state = GAME.new_game(GAME.config(first_player=2), num_players=3, seed=1)
    assert state.current_player == 2
    play(state, "end")
    assert state.current_player == 0
    with pytest.raises(ConfigError, match="first_player"):
        GAME.new_game(GAME.config(first_player=3), num_players=3)
    with pytest.raises(PlayerCountError):
        GAME.new_game(num_players=6)
    with pytest.raises(PlayerCountError):
        GAME.new_game(num_players=1)


def test_a3_1_same_value_any_sport() -> None:
    # same value, any sport.
    state = position("7g 7b 3p", ["7r", "2y", "9o", "5b", "1g"])
    legal = texts(state.legal_actions())
    assert "play 7g 1" in legal and "play 7b 1" in legal
    assert "play 3p 1" not in legal
    play(state, "play 7g 1")
    assert pile_texts(state)[0] == "7r 7g"


def test_a3_2_same_sport_one_apart_both_ways() -> None:
    # same sport and value ±1 (step=both, the default).
    assert can_place(card(6, "r"), card(5, "r")) and can_place(card(4, "r"), card(5, "r"))
    assert not can_place(card(7, "r"), card(5, "r"))
    assert not can_place(card(6, "g"), card(5, "r"))
    state = position("4r 6r 6g", ["5r", "1y", "9o", "3b", "1g"])
    assert [t for t in texts(state.legal_actions()) if t.endswith(" 1")] == ["play 4r 1", "play 6r 1"]


def test_a3_no_wrap_around() -> None:
    # no wrap-around — nothing follows a 10 but a 10 or the same sport's 9, nothing precedes a 1 but a 1 or a 2.
    assert not can_place(card(1, "r"), card(10, "r")) and not can_place(card(10, "r"), card(1, "r"))
    state = position("1b 9r 10g 2r 2g", ["10r", "1r", "5b", "5o", "5p"])
    legal = texts(state.legal_actions())
    on_ten = [t for t in legal if t.startswith("play") and t.endswith(" 1")]
    on_one = [t for t in legal if t.startswith("play") and t.endswith(" 2")]
    assert on_ten == ["play 9r 1", "play 10g 1"]
    assert on_one == ["play 2r 2", "play 1b 2"]
    with pytest.raises(IllegalAction, match="A-3"):
        play(state, "play 2g 2")


def test_a3_step_up_option() -> None:
    # A-3 option step=up: only the same sport's next value up (and equal values).
    assert can_place(card(6, "r"), card(5, "r"), up_only=True)
    assert not can_place(card(4, "r"), card(5, "r"), up_only=True)
    state = position("4r 6r 5g", ["5r", "1y", "9o", "3b", "1g"], step="up")
    assert [t for t in texts(state.legal_actions()) if t.endswith(" 1")] == ["play 6r 1", "play 5g 1"]
    with pytest.raises(IllegalAction):
        play(state, "play 4r 1")


def test_a4_1_play_puts_card_on_top_and_leaves_hand() -> None:
    # a played card becomes the pile's top; it is public.
    state = position("6r 7r", ["5r", "1y", "9o", "3b", "1g"])
    events = play(state, "play 6r 1", "play 7r 1")
    assert kinds(events) == ["play", "play"] and all(e.visible_to is None for e in events)
    assert state.hands[0] == [] and pile_texts(state)[0] == "5r 6r 7r"
    assert state.view(1)["placed_this_turn"] == 2
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(state, "play 7r 2")


def test_a4_2_move_exposes_card_beneath() -> None:
    # the top of one pile may move onto another pile (A-3 against the destination); the card beneath shows.
    state = position("2g", ["1g 5r", "4r", "9o", "3b", "8y"])
    assert "move 1 2" in texts(state.legal_actions())
    events = play(state, "move 1 2")
    assert kinds(events) == ["move"] and events[0].data["card"] == "5r"
    assert pile_texts(state)[:2] == ["1g", "4r 5r"]
    play(state, "play 2g 1")
    assert state.hands[0] == []


def test_a4_2_move_obeys_placement_rule_and_any_pile() -> None:
    # moves obey A-3 against the destination; any other legal pile is allowed.
    state = position("9y", ["5r", "4r", "6r", "5g", "8y"])
    moves = [t for t in texts(state.legal_actions()) if t.startswith("move")]
    assert moves == ["move 1 2", "move 1 3", "move 1 4", "move 2 1", "move 3 1", "move 4 1"]
    with pytest.raises(IllegalAction, match="A-3"):
        play(state, "move 2 3")


def test_a4_2_emptying_a_pile_then_filling_the_slot() -> None:
    # moving a pile's last card leaves an empty slot; any hand card may then fill it.
    state = position("1p 2p", ["5r", "5g", "9o", "3b", "8y"])
    play(state, "move 1 2")
    assert state.piles[0] == [] and pile_texts(state)[1] == "5g 5r"
    legal = texts(state.legal_actions())
    assert "fill 1p 1" in legal and "play 1p 1" not in legal
    play(state, "fill 1p 1", "play 2p 1")
    assert pile_texts(state)[0] == "1p 2p" and state.hands[0] == []


def test_a4_3_table_card_may_not_fill_a_slot() -> None:
    # only hand cards fill a slot; a move into an empty slot is illegal.
    state = position("1p", ["", "5g", "5r", "3b", "8y"])
    assert not [t for t in texts(state.legal_actions()) if t.startswith("move") and t.endswith(" 1")]
    with pytest.raises(IllegalAction, match="empty slot"):
        play(state, "move 2 1")
    with pytest.raises(IllegalAction, match="use fill"):
        play(state, "play 1p 1")
    with pytest.raises(IllegalAction, match="not empty"):
        play(state, "fill 1p 2")


def test_a4_2_table_moves_off() -> None:
    # option table_moves=false: no moves.
    state = position("9y", ["5r", "4r", "6r", "5g", "8y"], table_moves=False)
    assert not [t for t in texts(state.legal_actions()) if t.startswith("move")]
    with pytest.raises(IllegalAction, match="table_moves"):
        play(state, "move 1 2")


def test_a4_2_moving_without_emptying_and_a_card_placed_this_turn_moves_again() -> None:
    # decision: moves need not empty a pile; a card placed this turn is a table card and may move again.
    state = position("5g", ["5r", "4g", "9o", "3b", "8y"])
    play(state, "play 5g 1", "move 1 2")
    assert pile_texts(state)[:2] == ["5r", "4g 5g"]


def test_a4_no_move_recreates_a_layout_seen_since_the_last_placement() -> None:
    # A-4.2 (engine decision): a move may not bring back a layout already seen since the last placement, so turns
    # end.
    state = position("9y", ["4r 5r", "5g", "9o", "3b", "8y"])
    play(state, "move 1 2")
    assert pile_texts(state)[:2] == ["4r", "5g 5r"]
    assert "move 2 1" not in texts(state.legal_actions())
    with pytest.raises(IllegalAction, match="already seen"):
        play(state, "move 2 1")
    play(state, "play 9y 3")  # a placement starts a new segment: going back is allowed again
    assert "move 2 1" in texts(state.legal_actions())


def test_a4_2_no_move_back_to_any_earlier_layout_of_the_turn_by_another_route() -> None:
    # A-4.2 (engine decision): every layout that has stood since the last card placed from hand counts, not only
    # the one just before: three 5s move round, and the red 5 may go back neither to pile 1 (the turn's first
    # layout, by another route) nor to pile 2 (the layout after the first move).
    state = position("9y", ["4r 5r", "5g", "5b", "9o", "8y"])
    start = pile_texts(state)
    play(state, "move 1 2", "move 2 3")
    assert pile_texts(state)[:3] == ["4r", "5g", "5b 5r"]
    legal = texts(state.legal_actions())
    assert "move 3 1" not in legal and "move 3 2" not in legal
    for text in ("move 3 1", "move 3 2"):
        with pytest.raises(IllegalAction, match="already seen"):
            play(state, text)
    assert "move 2 3" in legal  # a new layout (5g onto 5r) is still allowed
    play(state, "play 9y 4")  # a card placed from hand: the layouts before it no longer count
    assert "move 3 1" in texts(state.legal_actions())
    play(state, "move 3 1")
    assert pile_texts(state)[:3] == start[:3]


def test_a4_no_illegal_action_changes_the_state() -> None:
    # an illegal step is rejected and changes nothing.
    state = position("9y", ["5r", "5g", "9o", "3b", "8y"])
    before = state.to_dict()
    for text in ("play 9y 1", "fill 9y 1", "move 1 3", "play 3r 1"):
        with pytest.raises(IllegalAction):
            play(state, text)
    assert state.to_dict() == before


def test_a4_4_end_is_always_legal_and_an_empty_slot_stays_for_the_next_player() -> None:
    # ending is always allowed; an empty slot left at the end stays empty until someone fills it.
    state = position("9y", ["5r", "5g", "9o", "3b", "8y"], others=["2p 3p"])
    assert texts(state.legal_actions())[-1] == "end"
    play(state, "move 1 2", "end")
    assert state.current_player == 1 and state.piles[0] == []
    assert "fill 2p 1" in texts(state.legal_actions())


def test_a5_1_medal_and_seven_cards_when_the_hand_is_emptied() -> None:
    # placed at least one card and the hand is empty -> 1 medal and draw 7.
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"])
    events = play(state, "play 6r 1", "end")
    assert kinds(events)[:4] == ["play", "turn_end", "medal", "draw"]
    assert state.medals == [1, 0] and len(state.hands[0]) == 7
    draw = next(e for e in events if e.kind == "draw_cards")
    assert draw.visible_to == frozenset({0}) and len(draw.data["cards"]) == 7
    assert next(e for e in events if e.kind == "draw").visible_to is None


def test_a5_1_empty_hand_at_the_start_wins_nothing() -> None:
    # a hand empty at the start of the turn (nothing could be drawn) wins nothing.
    state = position("", ["5r", "1y", "9o", "3b", "1g"])
    play(state, "end")
    assert state.medals == [0, 0] and len(state.hands[0]) == 3


def test_a5_2_otherwise_keep_and_draw_three_then_next_player() -> None:
    # otherwise keep the cards and draw 3; the next player clockwise plays.
    state = position("6r 2p", ["5r", "1y", "9o", "3b", "1g"], num_players=3, draw="1r 2r 3r 4r")
    play(state, "play 6r 1", "end")
    assert state.medals == [0, 0, 0]
    assert [TEXT[c] for c in state.hands[0]] == ["1r", "2r", "3r", "2p"]
    assert state.current_player == 1 and state.placed == 0


def test_a6_reshuffle_keeps_each_top_and_empty_slots() -> None:
    # an empty draw pile is refilled with every centre card except the five tops; empty slots stay empty.
    state = position("9y", ["1r 2r 3r", "", "4g 5g", "7b", "1p 1o"], draw="", num_players=2)
    events = play(state, "end")
    assert "reshuffle" in kinds(events)
    reshuffle = next(e for e in events if e.kind == "reshuffle")
    assert reshuffle.data["cards"] == 4
    assert pile_texts(state) == ["3r", "", "5g", "7b", "1o"]
    drawn = {TEXT[c] for c in state.hands[0]} - {"9y"}
    assert len(drawn) == 3 and drawn <= {"1r", "2r", "4g", "1p"}
    assert len(state.draw) == 1 and state.reshuffles == 1


def test_a6_too_small_draw_pile_draws_what_there_is() -> None:
    # if even after the reshuffle there are not enough cards, the player draws what there is.
    state = position("6r", ["5r", "4g 5g", "7b", "1y", "2y"], draw="")
    events = play(state, "play 6r 1", "end")
    assert kinds(events).count("reshuffle") == 1
    assert [e.data["count"] for e in events if e.kind == "draw"] == [2]
    assert sorted(TEXT[c] for c in state.hands[0]) == ["4g", "5r"]
    assert state.medals[0] == 1 and state.draw == []


def test_a6_nothing_to_collect_draws_nothing() -> None:
    # only tops on the table and no draw pile: nothing to draw.
    state = position("9y", ["5r", "4g", "7b", "1y", "2y"], draw="")
    events = play(state, "end")
    assert "reshuffle" not in kinds(events) and len(state.hands[0]) == 1


def test_a6_partial_draw_then_reshuffle() -> None:
    # draw what is left, reshuffle, continue drawing.
    state = position("9y", ["1r 2r 3r", "4g", "7b", "1y", "2y"], draw="10p")
    events = play(state, "end")
    assert kinds(events).count("reshuffle") == 1
    assert len(state.hands[0]) == 4 and "10p" in {TEXT[c] for c in state.hands[0]}


def test_a7_medals_to_win_ends_the_game_at_once() -> None:
    # the first player to reach medals_to_win wins at once (no draw).
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"], medals=[4, 3])
    events = play(state, "play 6r 1", "end")
    assert kinds(events)[-1] == "game_over"
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    result = state.result()
    assert result.winners == (0,) and result.reason == "medals" and result.scores == (5, 3)
    assert state.hands[0] == []
    with pytest.raises(IllegalAction, match="over"):
        play(state, "end")


def test_a7_option_medals_to_win() -> None:
    # option medals_to_win.
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"], medals_to_win=1)
    play(state, "play 6r 1", "end")
    assert state.is_over and state.result().winners == (0,)


def test_a7_turn_limit_most_medals_then_fewest_cards() -> None:
    # A-7 decision: after max_turns turns the most medals win, ties broken by fewest cards; reason turn_limit.
    state = position("9y", ["5r", "1y", "9o", "3b", "1g"], others=["2p 3p 4p"], draw="1r 2r 3r 4r 6r 7r",
                     medals=[1, 1], max_turns=2)  # fmt: skip
    play(state, "end")  # seat 0: 4 cards
    assert not state.is_over and state.turn == 2
    play(state, "end")  # seat 1: 6 cards
    assert state.is_over
    result = state.result()
    assert result.reason == "turn_limit" and result.winners == (0,) and result.ranking == (1, 2)
    assert result.details["turn_limit"] == 1 and result.details["turns"] == 2


def test_a7_turn_limit_full_tie_shares_the_win() -> None:
    # A-7 decision: equal medals and equal hand sizes share the win.
    state = position("9y", ["5r", "1y", "9o", "3b", "1g"], others=["2p"], max_turns=2)
    play(state, "end", "end")
    assert state.result().winners == (0, 1)


def test_a7_result_details() -> None:
    # the result's details give simulations the turns, the turn-limit flag and the medals.
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"], medals=[4, 0])
    play(state, "play 6r 1", "end")
    details = state.result().details
    assert details["turns"] == 1 and details["turn_limit"] == 0 and details["medals_total"] == 5
    assert details["first_player_won"] == 1
