"""G-7: what players see; views hide every face-down card a player has not seen; determinize keeps the view."""

from __future__ import annotations

import json

import pytest
from golf_helpers import play, position, random_playout, viewed

from podium.core.rng import Rng
from podium.games.golf import GAME

HANDS = [["5c", "6c", "7c", "8c"], ["5d", "6d", "7d", "8d"]]


def test_g7_views_hide_face_down_cards_of_others_and_own_unpeeked_ones() -> None:
    # G-7 / G-4: own peeked cards visible, own unpeeked and the others' unknown cards are null.
    state = position(HANDS, known=[[1, 0, 1, 0], [0, 1, 1, 0]], stock_top=["2h"])
    assert viewed(state, 0)["hands"] == [["5c", None, "7c", None], [None, None, None, None]]
    assert viewed(state, 1)["hands"] == [[None, None, None, None], [None, "6d", "7d", None]]
    assert viewed(state, None)["hands"] == [[None] * 4, [None] * 4]
    # What others may know: which cards their owner has seen.
    assert viewed(state, 1)["owner_knows"][0] == [True, False, True, False]
    for viewer in (None, 0, 1):
        text = json.dumps(state.view(viewer))
        hidden = [
            c
            for seat, hand in enumerate(HANDS)
            for slot, c in enumerate(hand)
            if state.view(viewer)["hands"][seat][slot] is None
        ]
        assert not any(f'"{c}"' in text for c in hidden)
        assert '"2h"' not in text  # the stock


def test_g7_public_information() -> None:
    # G-7: the discard pile (all of it), the stock size, each player's cards, the public swaps.
    state = position(HANDS, stock_top=["2h", "3h"], discard=["9s", "Kc"])
    play(state, "take", "swap 2", "draw", "swap 1")
    view = viewed(state, None)
    assert view["discard"] == ["9s", "6c", "5d"] and view["discard_top"] == "5d"
    assert view["stock_size"] == 52 - 8 - 2 - 1
    assert view["hands"] == [[None, "Kc", None, None], [None, None, None, None]]
    assert view["public"] == [[False, True, False, False], [False] * 4]
    assert viewed(state, 1)["hands"][1] == ["2h", None, None, None]
    assert view["round"] == 1 and view["rounds"] == 9 and view["phase"] == "start" and view["variant"] == "four"


def test_g7_the_drawn_card_is_seen_by_the_drawer_only_unless_taken_from_the_discard() -> None:
    state = position(HANDS, stock_top=["2h"])
    play(state, "draw")
    assert (state.view(0)["drawn"], state.view(1)["drawn"], state.view(None)["drawn"]) == ("2h", None, None)


def test_g7_six_card_face_up_cards_are_public() -> None:
    hands = [["5c", "6c", "7c", "8c", "9c", "Tc"], ["5d", "6d", "7d", "8d", "9d", "Td"]]
    state = position(hands, known=[[2, 0, 0, 0, 0, 2], [0, 2, 2, 0, 0, 0]], variant="six")
    for viewer in (None, 0, 1):
        assert viewed(state, viewer)["hands"] == [
            ["5c", None, None, None, None, "Tc"],
            [None, "6d", "7d", None, None, None],
        ]


@pytest.mark.parametrize("options", [{}, {"variant": "six"}, {"peek": "near", "knock": "after"}])
def test_determinize_keeps_the_view_and_redeals_only_hidden_cards(options: dict[str, str]) -> None:
    rng = Rng(7)
    for seed in range(6):
        state = GAME.new_game(GAME.config(options, rounds=2), 3, seed)
        for _ in range(seed * 9 + 5):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        for player in range(3):
            view = state.view(player)
            samples = [GAME.determinize(json.loads(json.dumps(view)), Rng(k)) for k in range(4)]
            for sample in samples:
                assert sample.view(player) == view
                assert sorted(sample.all_cards()) == list(range(52))
                if state.current_player == player:
                    assert sample.legal_actions() == state.legal_actions()
            if not state.is_over:
                # The hidden cards really are resampled (the stock is never known).
                assert len({tuple(s.to_dict()["stock"]) for s in samples}) > 1


def test_determinize_uses_nothing_outside_the_view() -> None:
    # Two states that differ only in cards hidden from seat 0 give the same samples.
    state = position(HANDS, known=[[1, 1, 0, 0], [1, 1, 1, 1]], stock_top=["2h"])
    other = state.shuffle_hidden(0, Rng(3))
    assert other.to_dict() != state.to_dict()
    a = GAME.determinize(state.view(0), Rng(5))
    b = GAME.determinize(other.view(0), Rng(5))
    assert a.to_dict() == b.to_dict()


def test_shuffle_hidden_keeps_every_view_of_that_player() -> None:
    state = GAME.new_game(GAME.config(), 4, 11)
    random_playout(state.clone(), 1)  # the clone plays; the original is untouched
    for _ in range(13):
        legal = state.legal_actions()
        state.apply(legal[-1])
    for viewer in (None, 0, 1, 2, 3):
        assert state.shuffle_hidden(viewer, Rng(viewer or 0)).view(viewer) == state.view(viewer)


def test_view_of_a_finished_game_shows_all_cards() -> None:
    state = GAME.new_game(GAME.config(variant="six", rounds=1), 2, 3)
    random_playout(state, 3)
    view = state.view(None)
    assert view["is_over"] and all(card is not None for hand in view["hands"] for card in hand)
    assert view["last_round"]["hands"] == view["hands"]


def test_view_rejects_unknown_seats() -> None:
    with pytest.raises(ValueError, match="no seat"):
        GAME.new_game(GAME.config(), 2).view(2)
