"""Golf's actions: a fixed action space, text / JSON / id encodings, interned singletons."""

from __future__ import annotations

import pickle

import pytest

from podium.core.errors import IllegalAction
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
    with pytest.raises(IllegalAction, match="swap N"):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "data", [None, {}, {"type": "swap"}, {"type": "swap", "slot": 6}, {"type": "pass", "slot": 1},
             {"type": "swap", "slot": True}, {"type": "swap", "slot": 1, "x": 1}, "draw"],
)  # fmt: skip
def test_bad_json_is_rejected(data: object) -> None:
    with pytest.raises(IllegalAction):
        GAME.action_from_json(data)


@pytest.mark.parametrize("action_id", [-1, 23, True, "3"])
def test_bad_ids_are_rejected(action_id: object) -> None:
    with pytest.raises(IllegalAction):
        GAME.action_from_id(action_id, GAME.config())  # type: ignore[arg-type]


def test_actions_order_by_id() -> None:
    assert sorted([SWAPS[0], PASS_ACTION, DRAW_ACTION]) == [DRAW_ACTION, PASS_ACTION, SWAPS[0]]
