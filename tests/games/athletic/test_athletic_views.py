"""A-8 views, determinize, shuffle_hidden, config, text forms, serialisation."""

from __future__ import annotations

import json

import pytest
from athletic_helpers import play, position

from podium.core.errors import ConfigError, MalformedAction, RecordError
from podium.core.rng import Rng
from podium.games.athletic import GAME, AthleticState
from podium.games.athletic.actions import NUM_ACTIONS, action_from_id
from podium.games.athletic.cards import ALL_CARDS, TEXT, card, parse_card


def test_a8_view_shows_own_hand_piles_sizes_medals_and_nothing_hidden() -> None:
    # A-8: own hand, full piles, opponents' hand sizes, draw pile size, medals.
    state = GAME.new_game(num_players=3, seed=5)
    play(state, "end")
    view = state.view(0)
    assert view["hand"] == [TEXT[c] for c in state.hands[0]]
    assert view["hand_sizes"] == [10, 7, 7] and view["draw_size"] == len(state.draw)
    assert view["piles"] == [[TEXT[c] for c in p] for p in state.piles] and view["medals"] == [0, 0, 0]
    text = json.dumps(view)
    for seat in (1, 2):
        for c in state.hands[seat]:
            assert f'"{TEXT[c]}"' not in text
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["player"] is None


def test_a8_reshuffled_cards_are_public_knowledge_per_pool() -> None:
    # A-6 + A-8: the cards collected by a reshuffle are known to all; the view says which are still hidden.
    state = position("9y", ["1r 2r 3r", "", "4g 5g", "7b", "1p 1o"], draw="")
    play(state, "end")
    pools = state.view(1)["pools"]
    assert pools == [{"epoch": 1, "cards": sorted(["1r", "2r", "4g", "1p"], key=parse_card), "hands": [3, 0],
                      "draw": 1}]  # fmt: skip


def test_determinize_keeps_the_view_and_shuffles_only_unseen_cards() -> None:
    state = position("9y", ["1r 2r 3r", "", "4g 5g", "7b", "1p 1o"], draw="")
    play(state, "end")
    for seat in (0, 1, None):
        view = state.view(seat)
        for seed in range(5):
            sampled = GAME.determinize(view, Rng(seed))
            assert sampled.view(seat) == view
            assert sorted(sampled.all_cards()) == list(ALL_CARDS)


def test_shuffle_hidden_keeps_the_view() -> None:
    state = GAME.new_game(num_players=4, seed=2)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    for seat in (0, 1, None):
        assert state.shuffle_hidden(seat, Rng(3)).view(seat) == state.view(seat)


def test_round_trip_and_clone() -> None:
    state = position("9y", ["4r 5r", "5g", "9o", "3b", "8y"])
    play(state, "move 1 2")
    data = json.loads(json.dumps(state.to_dict()))
    again = AthleticState.from_dict(data)
    assert again == state and again.seen == state.seen
    twin = state.clone()
    play(twin, "end")
    assert twin != state
    with pytest.raises(RecordError):
        AthleticState.from_dict({**data, "draw": data["draw"][1:]})
    with pytest.raises(RecordError):
        AthleticState.from_dict({**data, "chain": [[3, 4]]})


def test_text_json_and_id_forms() -> None:
    for action_id in range(NUM_ACTIONS):
        action = action_from_id(action_id)
        assert GAME.parse_action(action.text()) is action
        assert GAME.action_from_json(action.to_json()) is action
        assert GAME.parse_action(action.text().upper()) is action
    assert GAME.parse_action("  PLAY r7 3 ").text() == "play 7r 3"
    assert GAME.parse_action("pass").text() == "end"
    for bad in ("", "play 7x 1", "play 7r 6", "move 1 1", "jump", "fill 11r 1"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(bad)
    with pytest.raises(MalformedAction):
        GAME.action_from_json({"type": "move", "from": 0, "to": 0})


def test_card_text_forms() -> None:
    assert TEXT[card(7, "r")] == "7r" and parse_card("10P") == card(10, "p")
    assert parse_card("r7") == parse_card("7 red") == card(7, "r")
    for bad in ("0r", "11g", "7x", "", "rr"):
        with pytest.raises(ValueError, match="VALUE"):
            parse_card(bad)


def test_config_options_and_errors() -> None:
    config = GAME.config({"step": "up", "table_moves": "false", "medals_to_win": "3", "first_player": "1"})
    assert (config.step, config.table_moves, config.medals_to_win, config.first_player) == ("up", False, 3, 1)
    for options in ({"step": "down"}, {"medals_to_win": 0}, {"max_turns": -1}, {"colour": 1}, {"first_player": 9}):
        with pytest.raises(ConfigError):
            GAME.config(options)
    assert "step=up" not in GAME.rules_summary(config) and "up only" in GAME.rules_summary(config)
    assert "3 medal" in GAME.rules_summary(config)


def test_views_have_exactly_the_keys_of_their_type() -> None:
    # the view's TypedDict (podium.games.athletic.view) is what the checker verifies the readers against, so
    # every view a state sends must have its required keys and no key it does not declare.
    from podium.games.athletic.view import AthleticView, athletic_view

    required, optional = AthleticView.__required_keys__, AthleticView.__optional_keys__
    state = position("6r", ["5r", "1y", "9o", "3b", "1g"], medals=[4, 0], step="up", first_player=1)
    views = [state.view(0), state.view(None), state.full_view()]
    play(state, "play 6r 1", "end")  # the fifth medal ends the game, and the view says why
    views += [state.view(1), state.full_view()]
    for view in views:
        assert required <= view.keys() <= required | optional
        assert athletic_view(view) is view
    # The same keys in every state (the conformance suite asks it): `reason` is None while the game is on.
    assert [v["reason"] for v in views] == [None, None, None, "medals", "medals"]
    assert {"hands", "draw"} <= views[2].keys() and {"hands", "draw"} <= views[4].keys()
    # The options as the view shows them are the config's record, key for key and in the same order.
    config = state.config.to_dict()
    assert list(views[0]["config"].items()) == list(config.items()) and config["step"] == "up"
    with pytest.raises(ValueError, match="not an Athletic Games view"):
        athletic_view({**views[0], "game": "golf"})
