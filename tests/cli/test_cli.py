"""The `podium` command line as a user meets it: exit codes, one-line errors, full games, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.core.record import Record

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
        (["rules", "golf", "--rule", "colour=red"], "unknown rule option 'colour' for golf; options are:"),
        (["rules", "golf", "--rule", "rounds=zero"], "invalid value 'zero' for golf option 'rounds'"),
        (["rules", "golf", "--rule", "rounds"], "must look like KEY=VALUE"),
        (["play", "golf", "--rule", "chance=true"], "golf option 'chance' is for tools that deal the cards themselves"),
        (["play", "golf", "--players", "9"], "Golf is for 2 to 5 players, not 9"),
        (["play", "golf", "--bots", "genius"], "unknown bot 'genius' for golf; bots are:"),
        (["play", "golf", "--players", "4", "--bots", "random,random"], "3 seat(s) need a bot but --bots names 2"),
        (["play", "golf", "--players", "2", "--seat", "3"], "--seat 3 does not exist: seats are 0 to 1"),
        (["simulate", "golf", "--players", "1"], "Golf is for 2 to 5 players, not 1"),
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
    code, output = invoke("play", "golf", "--bots", "random,random", "--seed", "5", "--record", str(path),
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
    code, output = invoke("play", "golf", "--seat", "0", "--seat", "1", "--rule", "rounds=1", "--seed", "2",
                          stdin=ALWAYS_FIRST)  # fmt: skip
    assert code == 0
    assert "Pass the terminal to player 1 (seat 1)" in output
    assert "game over" in output


def test_bad_input_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    script = "fly away\n99\nswap 9\nknock\nhelp\nquit\n"
    code, output = invoke("play", "golf", "--seed", "1", "--record", str(path), stdin=script)
    assert code == 0
    assert "is not a Golf action" in output
    assert "A number alone is not an action" in output
    assert "swap needs a slot 1..4 in four-card Golf" in " ".join(output.split())  # G-3.1: four cards
    assert "1..6" not in output
    assert "is not allowed now" in output  # knocking during the initial peeks
    assert "Game left before the end" in output
    record = Record.read(path)
    assert record.moves == []  # nothing was applied


def test_six_card_slot_errors_name_six_slots() -> None:
    # G-8.1: six cards, slots 1..6; seven is one too many.
    code, output = invoke("play", "golf", "--rule", "variant=six", "--seed", "1", stdin="flip 7\nswap 9\nquit\n")
    flat = " ".join(output.split())
    assert code == 0
    assert "'flip 7': flip needs a slot 1..6 in six-card Golf" in flat and "swap needs a slot 1..6 in six-card" in flat


def test_replay_check_names_the_slots_of_the_recorded_game(tmp_path: Path) -> None:
    # G-3.1: a four-card record with a peek at slot 4 (JSON counts from 0, so the fifth card) does not replay.
    path = tmp_path / "bad.jsonl"
    header = {"format": "podium-record", "version": 1, "game": "golf", "config": {"rounds": 1}, "seed": 3,
              "num_players": 2, "players": ["a", "b"]}  # fmt: skip
    moves = [{"ply": 0, "player": 0, "action": {"type": "peek", "slot": 0}},
             {"ply": 1, "player": 0, "action": {"type": "peek", "slot": 4}}]  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in [header, *moves]) + "\n")
    code, output = invoke("replay", str(path), "--check")
    flat = " ".join(output.split())
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "ply 1: malformed action: {'type': 'peek', 'slot': 4}: peek needs a slot 0..3 in four-card Golf" in flat
    assert "0..5" not in flat and "1..6" not in flat


def test_replay_check_says_an_action_the_rules_did_not_allow_is_illegal(tmp_path: Path) -> None:
    # G-3.3: seat 0 peeks twice, then it is seat 1's turn to peek; a knock there is a Golf action, but illegal.
    path = tmp_path / "bad.jsonl"
    header = {"format": "podium-record", "version": 1, "game": "golf", "config": {"rounds": 1}, "seed": 3,
              "num_players": 2, "players": ["a", "b"]}  # fmt: skip
    moves = [{"ply": 0, "player": 0, "action": {"type": "peek", "slot": 0}},
             {"ply": 1, "player": 0, "action": {"type": "peek", "slot": 1}},
             {"ply": 2, "player": 1, "action": {"type": "knock"}}]  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in [header, *moves]) + "\n")
    code, output = invoke("replay", str(path), "--check")
    flat = " ".join(output.split())
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "ply 2: illegal action: knock is not allowed now" in flat and "malformed" not in flat


def test_tampered_record_fails_the_check(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    invoke("play", "golf", "--seed", "3", "--rule", "rounds=1", "--record", str(path), stdin=ALWAYS_FIRST)
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
    code, output = invoke("rules", "golf", "--rule", "variant=six")
    assert code == 0
    assert "variant" in output and "six" in output and "discard_take_must_swap" in output


def test_simulate_prints_a_summary() -> None:
    code, output = invoke("simulate", "golf", "--games", "20", "--players", "3", "--seed", "4")
    assert code == 0
    assert "20 games" in output and "games/s" in output and "mean score" in output


def test_games_lists_every_game() -> None:
    code, output = invoke("games")
    assert code == 0 and "golf" in output
