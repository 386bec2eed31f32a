"""Every numeric rule option of every installed game has a range (issue 14: `rounds = 10**12` made a table): a value
just past either bound is refused by `podium rules GAME --rule KEY=VALUE` with exit code 2 and the range, the bound
itself is accepted and shown, and a config built directly or read from a record meets the same bounds."""

from __future__ import annotations

import dataclasses

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.core.errors import ConfigError
from podium.core.registry import game_names, get_game


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def bounds() -> list[tuple[str, str, int, int, str]]:
    """(game, option, lowest, highest, the range as the error and `podium rules` state it) of every installed game."""
    out = []
    for name in game_names():
        config_type = get_game(name).config_type
        allowed = {info.name: info.allowed for info in config_type.options()}
        for field in dataclasses.fields(config_type):
            low, high = field.metadata.get("minimum"), field.metadata.get("maximum")
            if low is not None and high is not None:
                out.append((name, field.name, low, high, allowed[field.name]))
    return out


BOUNDS = bounds()


@pytest.mark.parametrize("game", game_names())
def test_every_integer_option_has_a_range(game: str) -> None:
    for field in dataclasses.fields(get_game(game).config_type):
        if "int" in str(field.type).split(" | "):
            assert field.metadata.get("minimum") is not None and field.metadata.get("maximum") is not None, field.name


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
        default = getattr(get_game(game).config_type(), key)
        assert (f" {value} " if value == default else f" {value} (default ") in row, row
    # The `allowed` column may wrap in a narrow table: its words in order, read across the rows.
    words = " ".join(output.split())
    assert all(part in words for part in allowed.split(" ")), allowed


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
