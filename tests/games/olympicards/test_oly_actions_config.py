"""Cards, action encodings and rule options."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.core.errors import ConfigError, MalformedAction
from podium.games.olympicards import ACCEPT, GAME, POSTPONE, WITHDRAW, Config, play_action
from podium.games.olympicards.actions import from_id, space_size
from podium.games.olympicards.cards import COLOUR, TEXT, VALUE, kind, parse_card


def test_card_text_forms() -> None:
    # O-1: value then colour letter; colour first is accepted too.
    assert TEXT[kind(7, "r")] == "7r"
    assert parse_card("7R") == parse_card("r7") == kind(7, "r")
    assert {TEXT[k][-1] for k in range(45)} == set("rgbyk")
    assert VALUE[kind(9, "k")] == 9 and COLOUR[kind(9, "k")] == 4
    with pytest.raises(ValueError, match="value then the colour"):
        parse_card("10r")


def test_text_forms_and_aliases() -> None:
    assert GAME.parse_action("withdraw") is WITHDRAW
    assert GAME.parse_action("  PASS ") is WITHDRAW
    assert GAME.parse_action("accept") is ACCEPT and GAME.parse_action("play") is ACCEPT
    assert GAME.parse_action("postpone") is POSTPONE
    action = GAME.parse_action("play 3g, 3b")
    assert action.text() == "play 3g 3b"
    assert GAME.parse_action("3b 3g") is action
    assert action.to_json() == {"type": "play", "cards": ["3g", "3b"]}
    assert GAME.action_from_json({"type": "play", "cards": ["3b", "3g"]}) is action
    assert GAME.action_from_json({"type": "withdraw"}) is WITHDRAW
    for bad in ("", "jump", "play 3x", "play 1r 1r 1r", "play 1r 2r 3r 4r 5r"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(bad)
    with pytest.raises(MalformedAction):
        GAME.action_from_json({"type": "play", "cards": "3b"})


def test_action_ids_are_ordered_by_size_then_cards() -> None:
    # O-5: a fixed action space (ids of sorted multisets).
    assert (WITHDRAW.id, ACCEPT.id, POSTPONE.id) == (0, 1, 2)
    singles = [play_action((k,)).id for k in range(45)]
    assert singles == list(range(3, 48))
    pairs = sorted({tuple(sorted(p)) for p in itertools.combinations_with_replacement(range(45), 2)})
    assert [play_action(p).id for p in pairs] == list(range(48, 48 + len(pairs)))
    assert space_size(3) == GAME.num_actions(Config())
    with pytest.raises(MalformedAction):
        GAME.action_from_id(GAME.num_actions(Config()), Config())


@given(st.lists(st.integers(0, 44), min_size=1, max_size=4))
def test_id_round_trip(kinds: list[int]) -> None:
    cards = tuple(sorted(kinds))
    if any(cards.count(k) > 2 for k in cards):
        return
    action = play_action(cards)
    assert from_id(action.id) is action
    if len(cards) <= 3:  # the default set's space ends after the 3-card plays
        assert GAME.action_from_id(action.id, Config()) is action
    assert GAME.parse_action(action.text()) is action
    assert 0 <= action.id < space_size(4)


def test_config_options() -> None:
    assert Config() == GAME.config({})
    config = GAME.config({"world_record": "yes", "first-player": "2", "sports": "test"})
    assert isinstance(config, Config)
    assert (config.world_record, config.first_player, config.sports) == (True, 2, "test")
    assert Config.from_assignments(["first_player=none"]).first_player is None
    with pytest.raises(ConfigError, match="world_record"):
        GAME.config({"world_record": "maybe"})
    with pytest.raises(ConfigError, match="first_player"):
        GAME.config({"first_player": "-1"})
    with pytest.raises(ConfigError, match="unknown rule option"):
        GAME.config({"medals": 3})
    with pytest.raises(ConfigError):
        GAME.new_game(object(), 3)  # type: ignore[arg-type]
    assert config.to_dict() == {"world_record": True, "first_player": 2, "sports": "test"}


def test_rules_summary_names_the_options_and_the_sports() -> None:
    text = GAME.rules_summary(Config(world_record=True))
    assert "world_record = true" in text
    for name in ("Sprint", "Gymnastics", "Diving"):
        assert name in text
    assert "7 players: 3 cards, start card | 2 cards | 1 card | nothing | bronze | silver | gold" in text
