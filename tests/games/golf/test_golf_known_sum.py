"""The view's `known_sum`: per seat, what the cards the viewer may know add up to (G-7), six-card column pairs
(G-8.4) scoring 0 only when both cards are known; the same sums as the bots' (`scoring.partial_sum`)."""

from __future__ import annotations

import json

from golf_helpers import plain, play, position, random_playout, viewed

from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.rules import visible_at
from podium.games.golf.scoring import Pricer, partial_sum

FOUR = [["5c", "6c", "7c", "8c"], ["5d", "6d", "7d", "8d"]]
# Seat 0 has seen 5c and everybody 7c; seat 1 has seen 6d and 7d, nobody else has.
FOUR_KNOWN = [[1, 0, 2, 0], [0, 1, 1, 0]]


def test_g7_four_card_known_sum_of_the_owner_an_opponent_and_the_spectator() -> None:
    # G-7: the owner counts the cards they have seen, the others only the public ones.
    state = position(FOUR, known=FOUR_KNOWN, stock_top=["2h"])
    assert viewed(state, 0)["known_sum"] == [5 + 7, 0]
    assert viewed(state, 1)["known_sum"] == [7, 6 + 7]
    assert viewed(state, None)["known_sum"] == [7, 0]


def test_g7_known_sum_follows_the_play() -> None:
    # G-7: a card swapped in from the stock is known to its owner only; one taken from the discard pile to all.
    state = position(FOUR, known=FOUR_KNOWN, stock_top=["2h"], discard=["Kc", "3s"])
    play(state, "take", "swap 2")  # seat 0: 3s (public) replaces the unseen 6c
    assert viewed(state, 1)["known_sum"] == [7 + 3, 6 + 7]
    play(state, "draw", "swap 1")  # seat 1: 2h (seen by seat 1 only) replaces the unseen 5d
    assert viewed(state, 1)["known_sum"] == [7 + 3, 2 + 6 + 7]
    assert viewed(state, 0)["known_sum"] == [5 + 3 + 7, 0]


# Six-card values (G-8.4): 2 is -2, King 0, the rest their number (Jack, Queen 10).
SIX = [["5c", "6c", "7c", "5d", "9c", "Tc"], ["6d", "7d", "8d", "6h", "9d", "Td"]]
# Seat 0 shows 5c, 7c and 5d (a pair in column 1); seat 1 shows 7d and 6h (6h's partner 6d is face down).
SIX_UP = [[2, 0, 2, 2, 0, 0], [0, 2, 0, 2, 0, 0]]


def test_g8_4_six_card_known_pair_scores_zero_for_everyone() -> None:
    # G-8.4: 5c over 5d, both face up, score 0; an unknown card adds nothing (G-7: face-down cards are hidden).
    state = position(SIX, known=SIX_UP, variant="six")
    for viewer in (0, 1, None):
        assert viewed(state, viewer)["known_sum"] == [7, 6 + 7]


def test_g8_4_a_pair_counts_only_once_both_cards_are_known() -> None:
    # G-8.4: 6d under 6h pairs only when 6d is turned up too; then the column scores 0 for every viewer.
    state = position(SIX, known=SIX_UP, stock_top=["Kd"], variant="six", flip_on_discard="must")
    play(state, "draw", "discard", "flip 2")  # seat 0 turns up 6c: no pair (9c under it is face down)
    assert viewed(state, None)["known_sum"] == [6 + 7, 6 + 7]
    play(state, "draw", "discard", "flip 1")  # seat 1 turns up 6d: 6d and 6h pair
    assert viewed(state, 1)["known_sum"] == [6 + 7, 7]
    assert viewed(state, 0)["known_sum"] == [6 + 7, 7]


def test_g8_4_full_view_and_finished_game_sum_every_card() -> None:
    # G-5 / G-8.4: with every card shown the known sums are the hands' sums (the round's sums once it is over).
    state = position(SIX, known=SIX_UP, variant="six")
    assert plain(state.full_view())["known_sum"] == [0 + 6 + 7 + 9 + 10, 0 + 7 + 8 + 9 + 10]
    assert viewed(state, None)["known_sum"] == [7, 13]  # the full view did not change the views
    finished = GAME.new_game(GAME.config(variant="six", rounds=1), 3, 4)
    random_playout(finished, 4)
    view = finished.view(1)
    assert view["known_sum"] == view["last_round"]["sums"]


def test_known_sum_is_in_every_view_as_json_ints() -> None:
    state = GAME.new_game(GAME.config(), 3, 2)
    for viewer in (None, 0, 1, 2):
        view = json.loads(json.dumps(state.view(viewer)))
        assert view["known_sum"] == [0, 0, 0] and all(type(s) is int for s in view["known_sum"])


def test_the_playouts_pricer_is_partial_sum() -> None:
    # The playout's precomputed sums (read straight from the position) agree with the views' and the heuristic's.
    for options in ({}, {"variant": "six"}, {"peek": "near"}):
        config = GAME.config(options, rounds=1)
        rng = Rng(3)
        for seed in range(6):
            state = GAME.new_game(config, 3, seed)
            values, six, slots = state.rules.values, state.rules.six, state.rules.slots
            price = Pricer(values, six, 4.5)
            while not state.is_over:
                for viewer in range(3):
                    for seat in range(3):
                        level = visible_at(viewer, seat)
                        priced = price.seat(state.hands, state.known, seat * slots, level)
                        assert priced == partial_sum(state.seen(viewer, seat), values, six, [4.5] * slots)
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
