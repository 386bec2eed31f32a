"""Every numeric rule option has a range (issue 14: `rounds = 10**12` made a table): a value just past either bound
is refused by `podium rules GAME --rule KEY=VALUE` with exit code 2 and the range, the bound itself is accepted and
shown, and a config built directly or read from a record meets the same bounds."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.core.errors import ConfigError
from podium.core.registry import get_game


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# (game, option, lowest, highest, the range as the error and `podium rules` state it)
BOUNDS = [
    ("golf", "rounds", 1, 100, "integer 1..100"),  # G-6
    ("golf", "round_turn_limit", 0, 10_000, "integer 0..10000 (0 = no limit)"),  # G-5.3
    ("athletic", "medals_to_win", 1, 25, "integer 1..25"),
    ("athletic", "max_turns", 1, 100_000, "integer 1..100000"),
    ("athletic", "first_player", 0, 4, "none | a seat number 0..players-1"),
    ("olympicards", "first_player", 0, 6, "none | a seat number 0..players-1"),  # O-2
]


@pytest.mark.parametrize(("game", "key", "low", "high", "allowed"), BOUNDS)
def test_a_value_just_past_a_bound_is_refused_with_the_range(
    game: str, key: str, low: int, high: int, allowed: str
) -> None:
    for value in (low - 1, high + 1):
        code, output = invoke("rules", game, "--rule", f"{key}={value}")
        assert code == 2, output
        assert f"invalid value '{value}' for {game} option '{key}'; allowed: {allowed}" in " ".join(output.split())


@pytest.mark.parametrize(("game", "key", "low", "high", "allowed"), BOUNDS)
def test_the_bounds_themselves_are_accepted_and_the_range_is_shown(
    game: str, key: str, low: int, high: int, allowed: str
) -> None:
    for value in (low, high):
        code, output = invoke("rules", game, "--rule", f"{key}={value}")
        assert code == 0, output
        row = next(line for line in output.splitlines() if line.lstrip("│ ").startswith(f"{key} "))
        assert f" {value} (default " in row, row
    # The `allowed` column may wrap in a narrow table: its words in order, read across the rows.
    words = " ".join(output.split())
    assert all(part in words for part in allowed.split(" ")), allowed


def test_golf_card_values_have_a_range() -> None:
    # G-2: an explicit value table holds integers -100..100.
    code, output = invoke("rules", "golf", "--rule", "values=A=1,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=101")
    assert code == 2
    assert "the value of rank K must be an integer -100..100, not 101" in " ".join(output.split())
    values = "A=-100,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=100"
    code, output = invoke("rules", "golf", "--rule", f"values={values}")
    assert code == 0, output
    config = get_game("golf").config_type.from_assignments([f"values={values}"])
    assert config.value_table[0] == -100 and config.value_table[12] == 100  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "key", "low", "high", "allowed"), BOUNDS)
def test_configs_built_directly_or_from_a_record_meet_the_same_bounds(
    game: str, key: str, low: int, high: int, allowed: str
) -> None:
    config_type = get_game(game).config_type
    stored = config_type().to_dict()
    assert config_type.from_stored({**stored, key: high}).to_dict()[key] == high
    for value in (low - 1, high + 1, 10**12):
        with pytest.raises(ConfigError, match=f"allowed: {allowed.replace('(', '.').replace(')', '.')}"):
            config_type(**{key: value})
        with pytest.raises(ConfigError, match=f"option '{key}'"):
            config_type.from_stored({**stored, key: value})
