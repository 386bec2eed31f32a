"""`podium rules GAME` and `podium rules GAME --full`, and `Game.rules_text()` behind them."""

from __future__ import annotations

import importlib
import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import podium.cli.app as cli_app
from game_support import table_rows
from podium.cli.app import app
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("name", game_names())
def test_rules_text_is_the_document_shipped_with_the_game(name: str) -> None:
    game = get_game(name)
    text = game.rules_text()
    assert text.startswith(f"# {game.title}\n")
    assert "## How to play" in text and "## Rule options" in text
    source = Path(importlib.import_module(type(game).__module__).__file__ or "").parent / "rules.md"
    assert text == source.read_text(encoding="utf-8")


def test_a_game_outside_podium_ships_its_rules_in_its_own_package(tmp_path: Path) -> None:
    # The contract finds rules.md next to the module defining the game, wherever that package lives.
    package = tmp_path / "outside_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text("")
    (package / "rules.md").write_text("# Outside\n\nHow to play: …\n", encoding="utf-8")
    base = type(get_game(PLUGIN))
    sys.path.insert(0, str(tmp_path))
    try:
        importlib.import_module("outside_game.game")
        outside = type("OutsideGame", (base,), {"__module__": "outside_game.game", "title": "Outside"})()
        assert outside.rules_text() == "# Outside\n\nHow to play: …\n"
        (package / "rules.md").unlink()
        with pytest.raises(
            PodiumError, match=r"Outside has no rules document \(rules.md in the package outside_game\)"
        ):
            outside.rules_text()
    finally:
        sys.path.remove(str(tmp_path))
        for module in ("outside_game.game", "outside_game"):
            sys.modules.pop(module, None)


@pytest.mark.parametrize("name", game_names())
def test_full_prints_the_whole_rules_document(name: str) -> None:
    code, output = invoke("rules", name, "--full")
    assert code == 0
    # Not a terminal: the Markdown source itself, unwrapped, so that it reads and greps well.
    assert output == get_game(name).rules_text()


def test_full_names_the_options_in_effect_and_rejects_bad_ones() -> None:
    code, output = invoke("rules", PLUGIN, "--full", "--rule", "hands=3", "--rule", "bet=2")
    assert code == 0
    assert "### K-5 A match" in output
    assert output.rstrip().endswith("Options in effect: hands=3, bet=2")
    code, output = invoke("rules", PLUGIN, "--full", "--rule", "hands=none")
    assert code == 2 and "invalid value 'none' for kuhn option 'hands'" in output


def test_full_in_a_terminal_renders_the_markdown_through_a_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    paged: list[str] = []
    monkeypatch.setattr("pydoc.pager", paged.append)  # rich's system pager is pydoc's (less, $PAGER)
    monkeypatch.setattr(cli_app, "console", Console(file=screen, force_terminal=True, width=100, color_system=None))
    code, _ = invoke("rules", PLUGIN, "--full")
    assert code == 0
    assert len(paged) == 1 and "K-2.2" not in screen.getvalue()  # the document went to the pager, not the screen
    shown = paged[0]
    assert "K-2.2" in shown and "hands" in shown
    assert "###" not in shown and "**K-2.2**" not in shown and "|---|" not in shown  # rendered, not raw


@pytest.mark.parametrize("name", game_names())
def test_short_rules_point_to_the_whole_rules(name: str) -> None:
    code, output = invoke("rules", name)
    assert code == 0
    # The last words of the output, however the terminal wraps them.
    last = " ".join(output[output.rindex("The whole rules") :].split())
    # docs/rules.md indexes the games shipped with podium, not a plugin's (the Kuhn poker of tests/plugin_game).
    index = f"](../src/podium/games/{name}/rules.md)" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert last == (
        f"The whole rules, with every numbered rule and decision: podium rules {name} --full"
        + (" (also docs/rules.md in podium's source)." if index else ".")
    )


@pytest.mark.parametrize("name", game_names())
def test_option_tables_write_values_as_typed_in_rule(name: str) -> None:
    code, output = invoke("rules", name)
    assert code == 0
    assert "null" not in output
    rows = table_rows(output)
    assert set(rows) == {info.name for info in get_game(name).config_type.options()}
    for values in rows.values():
        assert not re.search(r"\{|\"", values[0])  # never JSON


@pytest.mark.parametrize("name", game_names())
def test_none_defaults_show_as_none(name: str) -> None:
    _, output = invoke("rules", name)
    rows = table_rows(output)
    for info in get_game(name).config_type.options():
        if info.default is None:
            assert rows[info.name][0] == "none", info.name


def test_a_changed_option_shows_its_value_and_default_as_typed() -> None:
    _, output = invoke("rules", PLUGIN, "--rule", "hands=3")
    assert table_rows(output)["hands"][0] == "3 (default 1)"
    # What the table shows is accepted back by --rule (each game's own values: tests/games/<game>/).
    code, _ = invoke("rules", PLUGIN, "--rule", "hands=1")
    assert code == 0
