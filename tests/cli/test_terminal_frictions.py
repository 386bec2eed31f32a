"""Issue 29's terminal frictions, each as a user meets it: `--version`, help in words, replay forward and back,
`replay --check` on a record cut short or altered, a rule option given twice, a bot's long turn, hot-seat peeks."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from podium import __version__
from podium.cli.app import app
from podium.cli.replay import replay_record

runner = CliRunner()
ALWAYS_FIRST = "a\n" * 5_000


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_version_option() -> None:
    code, output = invoke("--version")
    assert code == 0 and output.strip() == __version__


@pytest.mark.parametrize("command", ["", *sorted(typer.main.get_group(app).commands)])
def test_help_speaks_words_not_python_types(command: str) -> None:
    code, output = invoke(*([command] if command else []), "--help")
    assert code == 0 and "Usage: podium" in output
    # typer's own notation: <bool> on every flag, <list[int]>, {game_name} in the usage line
    assert not re.search(r"<(bool|int|str|path|float|list\[[a-z]+\])>|\{\w+\}", output), output


def test_help_names_what_to_give() -> None:
    _, output = invoke("play", "--help")
    assert "Usage: podium play [OPTIONS] GAME" in output and "KEY=VALUE" in output and "SEAT" in output


@pytest.fixture
def kuhn_record(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    code, _ = invoke("play", "kuhn", "--seed", "3", "--rule", "hands=3", "--record", str(path), stdin=ALWAYS_FIRST)
    assert code == 0
    return path


def test_replay_steps_back_and_jumps(kuhn_record: Path) -> None:
    screen = io.StringIO()
    console = Console(file=screen, width=120, color_system=None)
    answers = iter(["", "", "b", "0", "x", "99", "q"])
    assert replay_record(kuhn_record, console, check=False, pause=True, read=lambda _: next(answers)) == 0
    shown = screen.getvalue()
    total = len(kuhn_record.read_text().splitlines()) - 2  # the actions: all lines but the header and the result
    # deal, step 1, step 2, back to step 1, back to the deal; a wrong key and a step out of range change nothing
    assert re.findall(rf"(\d+)/{total} ", shown) == ["0", "1", "2", "1", "0"]
    assert "'x' is no key here" in shown and f"There is no step 99: steps run from 0 to {total}" in shown
    assert "Game over" not in shown  # quit before the end


def test_replay_check_refuses_a_record_cut_short(kuhn_record: Path) -> None:
    lines = kuhn_record.read_text().splitlines()
    kuhn_record.write_text("\n".join(lines[:-1]) + "\n")  # the result line lost
    code, output = invoke("replay", str(kuhn_record), "--check")
    assert code == 2 and "result line is missing: it was cut short" in output
    kuhn_record.write_text("\n".join(lines[:-2]) + "\n")  # and the last action
    code, output = invoke("replay", str(kuhn_record), "--check")
    assert code == 2 and "the record ends before the game does" in output
    kuhn_record.write_text("\n".join(lines) + "\n")
    code, output = invoke("replay", str(kuhn_record), "--check")
    assert code == 0 and "replays exactly" in output


def test_replay_check_names_the_field_that_differs(kuhn_record: Path) -> None:
    lines = kuhn_record.read_text().splitlines()
    result = json.loads(lines[-1])
    recorded = result["result"]["scores"][1]
    result["result"]["scores"][1] += 5
    lines[-1] = json.dumps(result)
    kuhn_record.write_text("\n".join(lines) + "\n")
    code, output = invoke("replay", str(kuhn_record), "--check")
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert f"scores[1] is {recorded} in the replay, {recorded + 5} in the record" in output
    assert "{" not in output  # no dicts dumped


@pytest.mark.parametrize("command", ["play", "rules", "simulate", "tournament"])
def test_a_rule_option_given_twice_is_refused(command: str) -> None:
    extra = ["--bots", "random,random"] if command == "tournament" else []
    code, output = invoke(command, "kuhn", "--rule", "hands=3", "--rule", "hands=5", *extra)
    assert code == 2 and "--rule hands=… is given twice ('hands=3', then 'hands=5')" in output


def test_simulate_with_two_values_needs_compare() -> None:
    code, output = invoke("simulate", "kuhn", "--rule", "hands=3", "--rule", "hands=5", "-n", "2")
    assert code == 2 and "add --compare to compare the two values" in output
    code, output = invoke("simulate", "kuhn", "--compare", "--rule", "hands=3", "--rule", "hands=5", "-n", "2")
    assert code == 0
