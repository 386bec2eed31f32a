"""Golf's options: names and values from the Golf rules (rules.md), validation, value tables (G-2, G-8.4)."""

from __future__ import annotations

import json

import pytest

from podium.core.errors import ConfigError
from podium.games.golf import GAME, GolfConfig, RankValues

STANDARD = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)
SIX = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)


def test_defaults_are_the_default_rules() -> None:
    c = GolfConfig()
    assert (c.variant, c.values, c.peek, c.knock, c.discard_take_must_swap, c.rounds) == (
        "four", None, "choose", "instead", False, 9,
    )  # fmt: skip
    assert (c.six_scoring, c.flip_on_discard, c.final_turns) == ("relative", "no", True)
    assert GAME.config() == c


def test_g2_value_table_defaults_depend_on_the_variant() -> None:
    # G-2: standard for four-card; G-8.4: "six" (2 = -2) for six-card.
    assert GolfConfig().value_table == STANDARD
    assert GolfConfig(variant="six").value_table == SIX
    assert GolfConfig(values="six").value_table == SIX
    assert GolfConfig(variant="six", values="standard").value_table == STANDARD


def test_g2_explicit_mapping_from_a_dict_text_json_and_list() -> None:
    # G-2: an explicit mapping of the 13 ranks to integers.
    table = {
        "A": 1,
        "2": -2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "10": 10,
        "J": 10,
        "Q": 10,
        "K": -5,
    }
    expected = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, -5)
    assert GAME.config({"values": table}).value_table == expected
    assert GAME.config({"values": json.dumps(table)}).value_table == expected
    text = "A=1,2=-2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,T=10,J=10,Q=10,K=-5"
    assert GolfConfig.from_assignments([f"values={text}"]).value_table == expected
    assert GAME.config(values=list(expected)).value_table == expected
    assert GolfConfig(values=table).value_table == expected  # direct construction normalises too
    config = GAME.config({"values": table})
    assert isinstance(config.values, RankValues)
    assert config.to_dict()["values"] == table
    assert GAME.config(config.to_dict()) == config
    assert hash(config) == hash(GAME.config({"values": text}))


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("A=1", "missing ranks"),
        ({"A": 1, "a": 2}, "given twice"),
        ("A=1,2=x", "must be an integer"),
        ("nonsense", "not RANK=VALUE"),
        ([1, 2, 3], "13 integers"),
        ({"A": True}, "must be an integer"),
        ("{not json", "not valid JSON"),
        ("A=1,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,Z=0", "not a rank"),
    ],
)
def test_bad_value_tables_are_rejected_with_the_reason(values: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        GAME.config({"values": values})
    assert "values" in str(info.value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "eight"}, "variant"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "x"}, "rounds"),
        ({"peek": "far"}, "peek"),
        ({"knock": "never"}, "knock"),
        ({"flip_on_discard": "maybe", "variant": "six"}, "flip_on_discard"),
        ({"six_scoring": "best", "variant": "six"}, "six_scoring"),
        ({"final_turns": "perhaps", "variant": "six"}, "final_turns"),
        ({"colour": "red"}, "unknown rule option"),
    ],
)
def test_bad_options_are_rejected_naming_the_option(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.config(options)


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "six", "knock": "after"},
        {"variant": "six", "peek": "near"},
        {"flip_on_discard": "must"},
        {"final_turns": False},
        {"six_scoring": "total"},
    ],
)
def test_options_of_the_other_variant_are_rejected_when_not_default(options: dict[str, object]) -> None:
    # Six-card has no knocking or peeking (G-8.1, G-8.3); four-card has no face-up cards (G-8 options).
    with pytest.raises(ConfigError, match="applies to"):
        GAME.config(options)


def test_options_of_the_other_variant_are_accepted_at_their_defaults() -> None:
    GAME.config(variant="six", knock="instead", peek="choose")
    GAME.config(variant="four", flip_on_discard="no", final_turns=True, six_scoring="relative")


def test_cli_strings_are_coerced() -> None:
    c = GolfConfig.from_assignments(["variant=six", "rounds=3", "final_turns=false", "flip_on_discard=may"])
    assert (c.variant, c.rounds, c.final_turns, c.flip_on_discard) == ("six", 3, False, "may")
    assert GAME.config(discard_take_must_swap="yes").discard_take_must_swap is True


def test_derived_properties() -> None:
    assert GolfConfig().slots == 4 and GolfConfig(variant="six").slots == 6
    # G-8.2: a taken discard must always be swapped in six-card.
    assert GolfConfig(variant="six").must_swap_taken and not GolfConfig().must_swap_taken
    assert GolfConfig(discard_take_must_swap=True).must_swap_taken
    # G-6 relative scoring unless six_scoring = total (G-8.5).
    assert GolfConfig().relative_scoring and not GolfConfig(variant="six", six_scoring="total").relative_scoring


def test_rules_summary_names_the_effective_options() -> None:
    four = GAME.rules_summary(GAME.config(rounds=3, knock="after", discard_take_must_swap=True))
    assert "3 rounds" in four and "end of a normal turn" in four and "must be swapped in" in four
    six = GAME.rules_summary(GAME.config(variant="six", flip_on_discard="must", final_turns=False))
    assert "Six-card" in six and "must turn" in six and "ends as soon as" in six and "2 -2" in six
