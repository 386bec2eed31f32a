"""`hint` in every game's terminal play and `podium review RECORD` (issue 29), as a player meets them."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from podium.cli.app import app
from podium.cli.review import review_record
from podium.core.registry import game_names

runner = CliRunner()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("name", game_names())
def test_hint_in_every_game(name: str) -> None:
    code, output = invoke("play", name, "--seed", "2", stdin="help\nhint\nquit\n")
    assert code == 0
    assert "hint: the hard bot would play" in output
    assert "exists only in" not in output
    assert re.search(r"^\s+hint\s", output, re.MULTILINE)  # listed by help


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    code, _ = invoke("play", "kuhn", "--seed", "3", "--rule", "hands=3", "--record", str(path), stdin="a\n" * 200)
    assert code == 0
    return path


def test_review_lists_the_costliest_moments_then_the_game(record: Path) -> None:
    code, output = invoke("review", str(record), "--all")
    assert code == 0
    assert "Reviewing seat 1 (you) against the hard bot" in output
    assert re.search(r"\d+ decisions? weighed; the hard bot agrees with \d+", output)
    assert output.index("decisions weighed") < output.index("the deal")  # the summary comes before the steps
    assert "Game over" in output
    assert "✓ the hard bot plays the same" in output or "✗ the hard bot would play" in output
    if "The costliest moments" in output:
        costs = [int(c) for c in re.findall(r"│\s+(\d+)%\s+│$", output, re.MULTILINE)]
        assert costs == sorted(costs, reverse=True)


def test_review_steps_back_and_jumps(record: Path) -> None:
    screen = io.StringIO()
    console = Console(file=screen, width=120, color_system=None)
    answers = iter(["", "b", "3", "q"])
    code = review_record(record, console, seat=None, bot="hard", top=3, pause=True, read=lambda _: next(answers))
    assert code == 0
    assert re.findall(r"(\d+)/\d+ ", screen.getvalue()) == ["0", "1", "0", "3"]


def test_review_refuses_a_seat_that_does_not_exist_and_an_unfinished_game(record: Path) -> None:
    code, output = invoke("review", str(record), "--seat", "5")
    assert code == 2 and "--seat 5 does not exist: the game has seats 1 to 2" in output
    lines = record.read_text().splitlines()
    record.write_text("\n".join(lines[:-2]) + "\n")
    code, output = invoke("review", str(record))
    assert code == 2 and "the record ends before the game does" in output
