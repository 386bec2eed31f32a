"""An installed game whose plugin cannot be loaded takes only itself down: `podium games` lists it with the reason
and the other games, and a game in the terminal goes on when its player types a word that is no action (the play
loop looks for that word among the other games' commands)."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.core import registry

runner = CliRunner()


@pytest.fixture(autouse=True)
def broken_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution declaring a `podium.games` entry point whose module does not exist."""
    point = EntryPoint(name="broken", value="no_such_module:SPEC", group=registry.GROUP)
    monkeypatch.setitem(registry._found(), "broken", point)


def test_podium_games_lists_the_broken_game_with_the_reason_and_the_others() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.startswith("│ ")}
    assert "cannot be loaded" in rows["broken"].split("│")[2]
    assert "(no_such_module:SPEC)" in result.output and "named 'no_such_module'" in result.output
    others = [name for name in registry.game_names() if name != "broken"]
    assert "kuhn" in others and len(others) > 1
    for name in others:  # every other game is listed with its title
        assert registry.get_game(name).title in rows[name]


def test_a_game_in_the_terminal_survives_another_games_broken_plugin() -> None:
    result = runner.invoke(app, ["play", "kuhn", "--seed", "1"], input="fly\nb\nb\n" + "a\n" * 5)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "'fly' is not a Kuhn poker action" in text and "game over" in text
    assert "cannot be loaded" not in text
