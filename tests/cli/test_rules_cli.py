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
from podium.cli.app import app
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


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
    golf = type(get_game("golf"))
    sys.path.insert(0, str(tmp_path))
    try:
        importlib.import_module("outside_game.game")
        outside = type("OutsideGame", (golf,), {"__module__": "outside_game.game", "title": "Outside"})()
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
    code, output = invoke("rules", "golf", "--full", "--rule", "rounds=3", "--rule", "variant=six")
    assert code == 0
    assert "### G-5 End of a round" in output
    assert output.rstrip().endswith("Options in effect: variant=six, rounds=3")
    code, output = invoke("rules", "golf", "--full", "--rule", "rounds=none")
    assert code == 2 and "invalid value 'none' for golf option 'rounds'" in output


def test_full_in_a_terminal_renders_the_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(cli_app, "console", Console(file=screen, force_terminal=True, width=100, color_system=None))
    code, _ = invoke("rules", "golf", "--full")
    assert code == 0
    shown = screen.getvalue()
    assert "G-5.3" in shown and "round_turn_limit" in shown
    assert "###" not in shown and "**G-5.3**" not in shown and "|---|" not in shown  # rendered, not raw


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


def test_athletic_summary_counts_seats_from_zero() -> None:
    # seat 0 starts unless first_player names another seat; seats are numbered from 0 everywhere.
    code, output = invoke("rules", "athletic")
    assert code == 0 and "seat 0 starts" in " ".join(output.split())
    code, output = invoke("rules", "athletic", "--rule", "first_player=1")
    assert code == 0 and "seat 1 starts" in " ".join(output.split())
    game = get_game("athletic")
    state = game.new_game(game.config_type.from_assignments(["first_player=1"]), 3, 0)
    assert state.current_player == 1


def table_rows(output: str) -> dict[str, list[str]]:
    """The option table's cells, joined across wrapped lines: option name -> [value, allowed, meaning]."""
    rows: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in output.splitlines():
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[0]:
            current = rows.setdefault(cells[0], ["", "", ""])
        assert current is not None
        for index, cell in enumerate(cells[1:]):
            current[index] = f"{current[index]} {cell}".strip()
    return rows


@pytest.mark.parametrize("name", game_names())
def test_option_tables_write_values_as_typed_in_rule(name: str) -> None:
    code, output = invoke("rules", name)
    assert code == 0
    assert "null" not in output
    rows = table_rows(output)
    assert set(rows) == {info.name for info in get_game(name).config_type.options()}
    for values in rows.values():
        assert not re.search(r"\{|\"", values[0])  # never JSON


def test_none_defaults_show_as_none() -> None:
    _, output = invoke("rules", "athletic")
    assert table_rows(output)["first_player"][0] == "none"
    _, output = invoke("rules", "olympicards")
    assert table_rows(output)["first_player"][0] == "none"
    _, output = invoke("rules", "golf")
    assert table_rows(output)["values"][0] == "none"


def test_a_changed_option_shows_its_value_and_default_as_typed() -> None:
    table = "A=1,2=-2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=0"
    _, output = invoke("rules", "golf", "--rule", f"values={table}")
    assert table_rows(output)["values"][0].replace(" ", "") == f"{table}(defaultnone)"
    _, output = invoke("rules", "golf", "--rule", "discard_take_must_swap=yes")
    assert table_rows(output)["discard_take_must_swap"][0] == "true (default false)"
    _, output = invoke("rules", "athletic", "--rule", "first_player=2")
    assert table_rows(output)["first_player"][0] == "2 (default none)"
    # What the table shows is accepted back by --rule.
    code, _ = invoke("rules", "golf", "--rule", f"values={table}", "--rule", "values=none")
    assert code == 0
