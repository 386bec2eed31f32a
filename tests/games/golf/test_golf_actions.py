"""Golf's actions: a fixed action space, text / JSON / id encodings, interned singletons."""

from __future__ import annotations

import pickle

import pytest

from podium.core.errors import ConfigError, IllegalAction, MalformedAction
from podium.games.athletic import GAME as ATHLETIC
from podium.games.golf import ACTIONS, DRAW_ACTION, FLIPS, GAME, NUM_ACTIONS, PASS_ACTION, PEEKS, SWAPS


def test_action_space_is_fixed_and_the_same_for_both_variants() -> None:
    assert GAME.num_actions(GAME.config()) == GAME.num_actions(GAME.config(variant="six")) == NUM_ACTIONS == 23
    assert [a.id for a in ACTIONS] == list(range(NUM_ACTIONS))
    assert len({a.text() for a in ACTIONS}) == NUM_ACTIONS


def test_every_action_round_trips_through_its_three_encodings() -> None:
    config = GAME.config()
    for action in ACTIONS:
        assert GAME.parse_action(action.text()) is action
        assert GAME.parse_action("  " + action.text().upper() + " ") is action
        assert GAME.action_from_json(action.to_json()) is action
        assert GAME.action_from_id(action.id, config) is action
        assert pickle.loads(pickle.dumps(action)) is action


def test_text_counts_slots_from_one_and_json_from_zero() -> None:
    assert SWAPS[2].text() == "swap 3" and SWAPS[2].to_json() == {"type": "swap", "slot": 2}
    assert PEEKS[0].text() == "peek 1" and FLIPS[5].text() == "flip 6"
    assert DRAW_ACTION.to_json() == {"type": "draw"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("d", "draw"), ("t", "take"), ("x", "discard"), ("k", "knock"), ("p", "pass"), ("swap3", "swap 3"),
     ("s 2", "swap 2"), ("4", "swap 4"), ("f1", "flip 1"), ("peek  2", "peek 2")],
)  # fmt: skip
def test_aliases(text: str, expected: str) -> None:
    assert GAME.parse_action(text).text() == expected


@pytest.mark.parametrize("text", ["", "fly", "swap", "swap 0", "swap 7", "draw 2", "peek x", "swap 1 2"])
def test_bad_text_names_the_accepted_forms(text: str) -> None:
    with pytest.raises(MalformedAction, match="swap N"):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "data", [None, {}, {"type": "swap"}, {"type": "swap", "slot": 6}, {"type": "pass", "slot": 1},
             {"type": "swap", "slot": True}, {"type": "swap", "slot": 1, "x": 1}, "draw"],
)  # fmt: skip
def test_bad_json_is_rejected(data: object) -> None:
    with pytest.raises(MalformedAction):
        GAME.action_from_json(data)


@pytest.mark.parametrize("action_id", [-1, 23, True, "3"])
def test_bad_ids_are_rejected(action_id: object) -> None:
    with pytest.raises(MalformedAction):
        GAME.action_from_id(action_id, GAME.config())  # type: ignore[arg-type]


def test_actions_order_by_id() -> None:
    assert sorted([SWAPS[0], PASS_ACTION, DRAW_ACTION]) == [DRAW_ACTION, PASS_ACTION, SWAPS[0]]


@pytest.mark.parametrize(
    ("options", "text", "message"),
    [
        ({}, "swap 9", "'swap 9': swap needs a slot 1..4 in four-card Golf"),
        ({}, "swap 5", "swap needs a slot 1..4 in four-card Golf"),  # a six-card slot is no four-card action
        ({}, "peek 0", "peek needs a slot 1..4 in four-card Golf"),
        ({}, "swap x", "the slot must be a number 1..4 in four-card Golf"),
        ({"variant": "six"}, "swap 9", "swap needs a slot 1..6 in six-card Golf"),
        ({"variant": "six"}, "flip 7", "flip needs a slot 1..6 in six-card Golf"),
    ],
)
def test_g3_g8_text_errors_name_the_slots_of_the_game_played(options: dict[str, str], text: str, message: str) -> None:
    # G-3.1: four cards (slots 1..4); G-8.1: six (slots 1..6). The errors name the variant's own slots.
    with pytest.raises(MalformedAction) as info:
        GAME.parse_action(text, GAME.config(options))
    assert message in str(info.value)
    wrong = "1..6" if "four" in message else "1..4"
    assert wrong not in str(info.value)


def test_g3_g8_the_listed_forms_are_the_variants_own() -> None:
    # Four-card Golf has peeks and knocks (G-3.3, G-4.2); six-card has flips and no knocking (G-8.1, G-8.3).
    with pytest.raises(MalformedAction) as four:
        GAME.parse_action("fly", GAME.config())
    assert str(four.value).endswith("actions are: draw, take, discard, knock, pass, swap N, peek N (N = slot 1..4)")
    with pytest.raises(MalformedAction) as six:
        GAME.parse_action("fly", GAME.config(variant="six"))
    assert str(six.value).endswith("actions are: draw, take, discard, pass, swap N, flip N (N = slot 1..6)")


def test_the_slots_of_the_game_played_parse() -> None:
    four, six = GAME.config(), GAME.config(variant="six")
    assert GAME.parse_action("swap 4", four) is SWAPS[3] and GAME.parse_action("6", six) is SWAPS[5]
    assert GAME.action_from_json({"type": "flip", "slot": 5}, six) is FLIPS[5]
    assert GAME.action_from_json({"type": "draw"}, four) is DRAW_ACTION


def test_without_a_config_errors_name_both_variants() -> None:
    with pytest.raises(MalformedAction, match=r"swap needs a slot 1\.\.4 in four-card Golf, 1\.\.6 in six-card"):
        GAME.parse_action("swap 9")
    assert GAME.parse_action("swap 6") is SWAPS[5]  # which variant is unknown: the state refuses it if need be


@pytest.mark.parametrize(
    ("options", "data", "message"),
    [
        ({}, {"type": "peek", "slot": 4}, "peek needs a slot 0..3 in four-card Golf; JSON counts slots from 0"),
        ({"variant": "six"}, {"type": "swap", "slot": 6}, "swap needs a slot 0..5 in six-card Golf"),
        ({}, {"type": "swap", "slot": "2"}, "'slot' must be an integer 0..3 in four-card Golf"),
    ],
)
def test_json_errors_name_the_slots_of_the_game_played_counted_from_zero(
    options: dict[str, str], data: object, message: str
) -> None:
    with pytest.raises(MalformedAction) as info:
        GAME.action_from_json(data, GAME.config(options))
    assert message in str(info.value) and "slot 1.." not in str(info.value)


def test_the_state_refuses_a_slot_beyond_its_cards_naming_them() -> None:
    # G-3.1: an action id for slot 6 exists (the action space is shared), but four-card Golf has no slot 6.
    state = GAME.new_game(GAME.config(), 2, 1)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=r"swap 6 does not exist: slots are 1\.\.4 in four-card Golf; legal now"):
        state.apply(SWAPS[5])
    assert state.to_dict() == before


def test_a_config_of_another_game_is_refused() -> None:
    with pytest.raises(ConfigError, match="Golf needs a GolfConfig"):
        GAME.parse_action("draw", ATHLETIC.config())
