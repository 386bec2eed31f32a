"""G-3: setting up a round (deal, discard, peeks, first player), and the game's round structure."""

from __future__ import annotations

import pytest
from golf_helpers import kinds, play, texts, viewed

from podium.core.errors import IllegalAction, PlayerCountError
from podium.games.golf import GAME


@pytest.mark.parametrize(("variant", "slots"), [("four", 4), ("six", 6)])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_g3_1_and_g3_2_deal(variant: str, slots: int, n: int) -> None:
    # G-3.1: `slots` cards face down each; G-3.2: the rest is the stock, its top card starts the discard pile.
    state = GAME.new_game(GAME.config(variant=variant), n, seed=n)
    data = state.to_dict()
    assert len(data["hands"]) == n * slots
    assert len(data["discard"]) == 1
    assert len(data["stock"]) == 52 - n * slots - 1
    assert sorted(state.all_cards()) == list(range(52))
    assert data["known"] == [0] * (n * slots)  # G-3.1: nobody has looked yet
    view = state.view(None)
    assert view["stock_size"] == 52 - n * slots - 1 and view["discard_top"] is not None


def test_player_count_is_2_to_5() -> None:
    for n in (1, 6):
        with pytest.raises(PlayerCountError):
            GAME.new_game(GAME.config(), n)


def test_g3_3_peek_choose_two_decisions_each_in_seat_order() -> None:
    # G-3.3 peek = "choose": each player chooses two slots, one decision per peek, from the first player on.
    state = GAME.new_game(GAME.config(), 3, seed=1)
    assert state.phase == "peek" and state.current_player == 0
    assert texts(state.legal_actions()) == ["peek 1", "peek 2", "peek 3", "peek 4"]
    events = play(state, "peek 3")
    assert kinds(events) == ["peek"] and events[0].visible_to == frozenset({0})
    assert events[0].data["card"] == state.view(0)["hands"][0][2]
    assert state.current_player == 0
    assert texts(state.legal_actions()) == ["peek 1", "peek 2", "peek 4"]
    with pytest.raises(IllegalAction, match="legal now"):
        play(state, "peek 3")  # G-3.3: exactly two *different* cards
    with pytest.raises(IllegalAction):
        play(state, "draw")
    play(state, "peek 1")
    assert state.current_player == 1
    play(state, "peek 4", "peek 2", "peek 1", "peek 2")
    assert state.phase == "start" and state.current_player == 0
    assert viewed(state, 0)["owner_knows"] == [
        [True, False, True, False],
        [False, True, False, True],
        [True, True, False, False],
    ]


def test_g3_3_peek_near_sees_slots_one_and_two_automatically() -> None:
    # G-3.3 peek = "near": the two nearest cards (slots 0 and 1), no decision.
    state = GAME.new_game(GAME.config(peek="near"), 2, seed=3)
    assert state.phase == "start" and state.current_player == 0
    for seat in (0, 1):
        hand = state.view(seat)["hands"][seat]
        assert hand[0] is not None and hand[1] is not None and hand[2] is None and hand[3] is None


def test_g3_4_first_player_rotates_each_round() -> None:
    # G-3.4: the first player of round r is seat (r-1) mod n.
    n = 3
    state = GAME.new_game(GAME.config(peek="near", rounds=7), n, seed=5)
    firsts = []
    while not state.is_over:
        firsts.append((state.round, state.current_player, state.view(None)["first_player"]))
        # The first player knocks at once; the others pass the time by taking and discarding.
        play(state, "knock", "take", "discard", "take", "discard")
    assert firsts == [(r, (r - 1) % n, (r - 1) % n) for r in range(1, 8)]


def test_g3_4_first_player_also_starts_the_peeks() -> None:
    state = GAME.new_game(GAME.config(rounds=2), 2, seed=0)
    play(state, "peek 1", "peek 2", "peek 1", "peek 2", "knock", "draw", "discard")
    assert state.round == 2 and state.phase == "peek" and state.current_player == 1
    play(state, "peek 1", "peek 2")
    assert state.current_player == 0
    play(state, "peek 3", "peek 4")
    assert state.phase == "start" and state.current_player == 1


def test_a_new_round_is_dealt_inside_the_apply_that_ends_the_last_one() -> None:
    state = GAME.new_game(GAME.config(peek="near", rounds=2), 2, seed=9)
    stock_before = state.view(None)["stock_size"]
    events = play(state, "knock", "draw", "discard")
    assert kinds(events)[-6:] == ["round_end", "deal", "peek", "peek", "peek", "peek"]
    assert [e.visible_to for e in events[-4:]] == [frozenset({0})] * 2 + [frozenset({1})] * 2
    assert state.round == 2 and state.view(None)["stock_size"] == stock_before
    assert sorted(state.all_cards()) == list(range(52))
