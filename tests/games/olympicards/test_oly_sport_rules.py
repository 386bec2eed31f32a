"""O-9: each default sport card, and the rest of the vocabulary through the built-in "test" set."""

from __future__ import annotations

import pytest
from oly_helpers import act, build, texts

from podium.core.errors import IllegalAction
from podium.games.olympicards import Config


def plays(state_texts: list[str]) -> set[str]:
    return {t.removeprefix("play ") for t in state_texts if t != "withdraw"}


def test_default_set_matches_the_table() -> None:
    # O-9: names, cards per play, flip and star of the nine default sports.
    sports = Config().sport_set.sports
    table = [(s.name, s.min_cards, s.max_cards, s.flip, s.star) for s in sports]
    assert table == [
        ("Sprint", 1, 1, False, True),
        ("Marathon", 1, 1, False, False),
        ("Hurdles", 1, 1, False, False),
        ("Long jump", 1, 2, False, True),
        ("Weightlifting", 1, 3, False, True),
        ("Archery", 1, 1, True, False),
        ("Swimming", 1, 2, False, False),
        ("Gymnastics", 2, 2, False, True),
        ("Diving", 1, 1, True, False),
    ]


def test_first_play_is_free_of_the_progression_rule() -> None:
    # O-9: a player's first play in a sport is free of the progression (it still obeys the shape).
    state = build(3, "Hurdles", {0: "1r 9k"}, plays={1: ["8g"]}, last=(1, "8g"))
    assert plays(texts(state)) == {"1r", "9k"}


def test_sprint_higher_than_last_card_anyone_played() -> None:
    # O-9 #1 Sprint
    state = build(3, "Sprint", {0: "4r 5r 6g", 1: "2k 9k"}, plays={2: ["5b"]}, last=(2, "5b"))
    assert plays(texts(state)) == {"6g"}
    act(state, "play 6g")
    assert plays(texts(state)) == {"9k"}


def test_marathon_different_colour_from_own_previous() -> None:
    # O-9 #2 Marathon
    state = build(3, "Marathon", {0: "4r 5r 6g 7b"}, plays={0: ["1r"], 1: ["2g"]}, last=(1, "2g"))
    assert plays(texts(state)) == {"6g", "7b"}


def test_hurdles_higher_than_own_previous() -> None:
    # O-9 #3 Hurdles: only your own previous card counts, not the others'.
    state = build(3, "Hurdles", {0: "3r 5r 6g"}, plays={0: ["4k"], 1: ["9g"]}, last=(1, "9g"))
    assert plays(texts(state)) == {"5r", "6g"}


def test_long_jump_sum_higher_than_own_previous() -> None:
    # O-9 #4 Long jump: 1-2 cards, any colours.
    state = build(3, "Long jump", {0: "2r 3g 5b 5b"}, plays={0: ["1k 5k"]}, last=(0, "1k 5k"))
    assert plays(texts(state)) == {"2r 5b", "3g 5b", "5b 5b"}
    with pytest.raises(IllegalAction, match="not higher"):
        act(state, "play 2r 3g")


def test_weightlifting_one_colour_sum_higher_than_last_play() -> None:
    # O-9 #5 Weightlifting: 1-3 cards of one colour.
    state = build(3, "Weightlifting", {0: "1r 2r 9g 3g 4g"}, plays={2: ["8b"]}, last=(2, "8b"))
    assert plays(texts(state)) == {"9g", "3g 9g", "4g 9g", "3g 4g 9g"}
    with pytest.raises(IllegalAction, match="one colour"):
        act(state, "play 9g 1r")


def test_archery_matches_target_colour_or_value() -> None:
    # O-9 #6 Archery
    state = build(3, "Archery", {0: "5r 2y 3g"}, target="5y")
    assert plays(texts(state)) == {"5r", "2y"}


def test_swimming_lane_colour_is_the_first_card_colour() -> None:
    # O-9 #7 Swimming: 1-2 cards, all of the lane colour.
    state = build(3, "Swimming", {0: "1r 2r 3g 4g"})
    assert plays(texts(state)) == {"1r", "2r", "1r 2r", "3g", "4g", "3g 4g"}  # first play: one colour
    act(state, "play 3g")
    act(state, "withdraw")
    act(state, "withdraw")
    assert plays(texts(state)) == {"4g"}


def test_gymnastics_two_cards_of_equal_value() -> None:
    # O-9 #8 Gymnastics
    state = build(3, "Gymnastics", {0: "4r 4g 4b 7k 7k 6r"})
    assert plays(texts(state)) == {"4r 4g", "4r 4b", "4g 4b", "7k 7k"}


def test_diving_higher_than_target() -> None:
    # O-9 #9 Diving
    state = build(3, "Diving", {0: "4r 6g 7b"}, target="6y")
    assert plays(texts(state)) == {"7b"}


# ---------------------------------------------------------------- the "test" set: other vocabulary

TEST = {"sports": "test"}


def test_lower_than_last_any() -> None:
    # O-9 vocabulary: progression lower_than_last_any (Limbo)
    state = build(3, "Limbo", {0: "1r 5r 6g"}, options=TEST, plays={1: ["6b"]}, last=(1, "6b"))
    assert plays(texts(state)) == {"1r", "5r"}


def test_different_colours_and_count_measure() -> None:
    # O-9 vocabulary: shape different_colours, measure count (Relay)
    state = build(3, "Relay", {0: "1r 2r 3g 4b"}, options=TEST, plays={0: ["5r 5g"]}, last=(0, "5r 5g"))
    assert plays(texts(state)) == {"1r 3g 4b", "2r 3g 4b"}


def test_consecutive_values() -> None:
    # O-9 vocabulary: shape consecutive_values, sum higher than last any (Triple jump)
    state = build(3, "Triple jump", {0: "3r 4g 5b 6k 6y"}, options=TEST, plays={1: ["1r 2r 3g"]}, last=(1, "1r 2r 3g"))
    assert plays(texts(state)) == {"3r 4g 5b", "4g 5b 6k", "4g 5b 6y"}


def test_same_value_and_same_colour_targets() -> None:
    # O-9 vocabulary: target_relation same_value (Fencing) and same_colour (Rowing)
    fencing = build(3, "Fencing", {0: "5r 5g 3y"}, options=TEST, target="5y")
    assert plays(texts(fencing)) == {"5r", "5g", "5r 5g"}
    rowing = build(3, "Rowing", {0: "1y 2y 3g"}, options=TEST, target="9y")
    assert plays(texts(rowing)) == {"1y", "2y", "1y 2y"}


def test_lower_than_target_and_own_previous() -> None:
    # O-9 vocabulary: target_relation lower + lower_than_own_previous (Curling, sum)
    state = build(3, "Curling", {0: "1r 2r 3g 6g"}, options=TEST, target="5y", plays={0: ["4k"]}, last=(0, "4k"))
    assert plays(texts(state)) == {"1r", "2r", "3g", "1r 2r"}


def test_one_card_lane_colour() -> None:
    # O-9 vocabulary: lane_colour with single cards (Cycling)
    state = build(3, "Cycling", {0: "1r 2r 3g"}, options=TEST, plays={0: ["9r"]}, last=(0, "9r"))
    assert plays(texts(state)) == {"1r", "2r"}
