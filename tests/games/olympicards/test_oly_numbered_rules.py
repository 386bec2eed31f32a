"""Olympicards rules that no other test file names: O-7.2 (the second withdrawal of a two-player sport)."""

from __future__ import annotations

from oly_helpers import act, build, medals, table, texts


def test_second_withdrawal_by_the_other_player_gives_two_cards_and_silver() -> None:
    # O-7.2: the 2nd withdrawal, here by the player who did not make the 1st: the withdrawer takes 2 cards and the
    # other player takes silver; the sport goes on (O-7.3 is still to come).
    state = build(2, "Marathon", {0: "1r 2g 3b", 1: "1k 2y 3g"}, start=0)
    act(state, "play 1r")  # seat 0
    act(state, "withdraw")  # seat 1: 1st withdrawal (O-7.1): seat 1 takes 1 card, seat 0 bronze
    assert medals(state, 0) == [0, 0, 1] and medals(state, 1) == [0, 0, 0]
    sizes = [state.hand_size(0), state.hand_size(1)]
    assert state.current_player == 0
    events = act(state, "withdraw")  # seat 0: 2nd withdrawal
    assert state.hand_size(0) == sizes[0] + 2
    assert state.hand_size(1) == sizes[1]
    assert medals(state, 1) == [0, 1, 0]  # silver to the other player
    assert medals(state, 0) == [0, 0, 1]  # the withdrawer gets no medal for withdrawing
    assert table(state)["withdrawals"] == [1, 0]
    assert not any(e.kind == "sport_over" for e in events)
    # The sport goes on: seat 1 moves, and seat 0 (who withdrew) may still play after that.
    assert state.current_player == 1 and any(t.startswith("play") for t in texts(state))
    assert table(state)["start_player"] == 1  # the start card stays with the 1st withdrawer
