"""The `podium` command line as a user meets it: exit codes, one-line errors, full games, records; on the plugin game
(Kuhn poker, tests/plugin_game) and every installed game (a game's own words: tests/games/<game>/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.core.record import Record
from podium.core.registry import game_names, get_game

runner = CliRunner()

ALWAYS_FIRST = "a\n" * 20_000  # the first menu item, every time


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'; games are:"),
        (["rules", "kuhn", "--rule", "colour=red"], "unknown rule option 'colour' for kuhn; options are:"),
        (["rules", "kuhn", "--rule", "hands=zero"], "invalid value 'zero' for kuhn option 'hands'"),
        (["rules", "kuhn", "--rule", "hands"], "must look like KEY=VALUE"),
        *[
            (
                ["play", name, "--rule", "chance=true"],
                f"{name} option 'chance' is for tools that deal the cards themselves",
            )
            for name in game_names()
            if "chance" in {o.name for o in get_game(name).config_type.options()}
        ],
        (["play", "kuhn", "--players", "9"], "Kuhn poker is for 2 to 3 players, not 9"),
        (["play", "kuhn", "--bots", "genius"], "unknown bot 'genius' for kuhn; bots are:"),
        (
            ["play", "kuhn", "--players", "3", "--bots", "random,random,random"],
            "2 seats need a bot but --bots names 3",
        ),
        (
            ["play", "kuhn", "--players", "2", "--seat", "3"],
            "--seat 3 does not exist: with 2 players, seats are 1 to 2",
        ),
        (["play", "kuhn", "--seat", "0"], "--seat 0 does not exist: seats count from 1"),
        (["play", "kuhn", "--seat", "4"], "--seat 4 does not exist: Kuhn poker has seats 1 to 3 (at most 3 players)"),
        (["simulate", "kuhn", "--players", "1"], "Kuhn poker is for 2 to 3 players, not 1"),
        (["replay", "no-such-file.jsonl"], "cannot read record 'no-such-file.jsonl'"),
    ],
)
def test_user_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    code, output = invoke(*args)
    assert code == 2
    assert message in output
    assert len(output.strip().splitlines()) == 1


def test_full_game_against_bots_then_replay_check(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, output = invoke("play", "kuhn", "--bots", "random,random", "--seed", "5", "--record", str(path),
                          stdin=ALWAYS_FIRST)  # fmt: skip
    assert code == 0
    assert "game over" in output
    record = Record.read(path)
    assert record.result is not None and record.num_players == 3 and record.seed == 5
    assert record.players == ["you", "random bot", "random bot"]
    code, output = invoke("replay", str(path), "--check")
    assert code == 0 and "replays exactly" in output
    code, output = invoke("replay", str(path), "--all")
    assert code == 0 and "Game over" in output


def test_hot_seat_game_finishes(tmp_path: Path) -> None:
    code, output = invoke("play", "kuhn", "--seat", "1", "--seat", "2", "--rule", "hands=3", "--seed", "2",
                          stdin=ALWAYS_FIRST)  # fmt: skip
    assert code == 0
    assert "Pass the terminal to player 2 (seat 2)" in output
    assert "game over" in output


def test_tampered_record_fails_the_check(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    invoke("play", "kuhn", "--seed", "3", "--rule", "hands=3", "--record", str(path), stdin=ALWAYS_FIRST)
    lines = path.read_text().splitlines()
    result = json.loads(lines[-1])
    result["result"]["scores"][0] += 1
    lines[-1] = json.dumps(result)
    path.write_text("\n".join(lines) + "\n")
    code, output = invoke("replay", str(path), "--check")
    assert code == 2 and "differs from the recorded one" in output
    path.write_text("not json\n")
    code, output = invoke("replay", str(path), "--check")
    assert code == 2 and "line 1: not JSON" in output


def test_rules_show_effective_options() -> None:
    code, output = invoke("rules", "kuhn", "--rule", "bet=2")
    assert code == 0
    assert "bet" in output and "2 (default 1)" in output and "hands" in output


def test_simulate_prints_a_summary() -> None:
    code, output = invoke("simulate", "kuhn", "--games", "20", "--players", "3", "--seed", "4")
    assert code == 0
    assert "20 games" in output and "games/s" in output and "mean score" in output


def test_games_lists_every_game() -> None:
    code, output = invoke("games")
    assert code == 0 and all(name in output for name in game_names())
