"""`podium rules golf` (every game's: tests/cli/test_rules_cli.py): the options in effect, the Markdown in a
terminal, and option values as typed."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import podium.cli.app as cli_app
from game_support import invoke, table_rows


def test_full_names_the_options_in_effect_and_rejects_bad_ones() -> None:
    code, output = invoke("rules", "golf", "--full", "--rule", "rounds=3", "--rule", "variant=six")
    assert code == 0
    assert "### G-5 End of a round" in output
    assert output.rstrip().endswith("Options in effect: variant=six, rounds=3")
    code, output = invoke("rules", "golf", "--full", "--rule", "rounds=none")
    assert code == 2 and "invalid value 'none' for golf option 'rounds'" in output


def test_full_in_a_terminal_renders_the_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    paged: list[str] = []
    monkeypatch.setattr("pydoc.pager", paged.append)  # a terminal pages the whole document
    monkeypatch.setattr(
        cli_app, "console", Console(file=io.StringIO(), force_terminal=True, width=100, color_system=None)
    )
    code, _ = invoke("rules", "golf", "--full")
    assert code == 0
    shown = paged[0]
    assert "G-5.3" in shown and "round_turn_limit" in shown
    assert "###" not in shown and "**G-5.3**" not in shown and "|---|" not in shown  # rendered, not raw


def test_a_changed_option_shows_its_value_and_default_as_typed() -> None:
    table = "A=1,2=-2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=0"
    _, output = invoke("rules", "golf", "--rule", f"values={table}")
    assert table_rows(output)["values"][0].replace(" ", "") == f"{table}(defaultnone)"
    _, output = invoke("rules", "golf", "--rule", "discard_take_must_swap=yes")
    assert table_rows(output)["discard_take_must_swap"][0] == "true (default false)"
    # What the table shows is accepted back by --rule.
    code, _ = invoke("rules", "golf", "--rule", "values=none")
    assert code == 0
