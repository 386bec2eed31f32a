"""The `podium` command line in Golf's words (every game's: tests/cli/test_cli.py): its parse errors name its slots,
a record's malformed and illegal Golf actions."""

from __future__ import annotations

import json
from pathlib import Path

from game_support import invoke
from podium.core.record import Record


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


def test_hot_seat_second_peek_is_shown_before_the_screen_passes() -> None:
    # G-3.3: each player looks at two of their cards; in hot-seat the second one must be seen before the terminal
    # is cleared for the next player.
    script = "peek 1\npeek 2\n\n\nquit\n"
    code, output = invoke("play", "golf", "--seat", "1", "--seat", "2", "--seed", "1", stdin=script)
    assert code == 0
    waited = output.index("press Enter to hide your cards and pass the terminal")
    assert waited < output.index("Pass the terminal to player 2")
    seen_before_waiting = output[output.rindex("cards (slot:card)", 0, waited) : waited]
    assert "1: 9♣  2: 5♠  3:░░░  4:░░░" in seen_before_waiting  # both peeked cards (seed 1), the others hidden


def test_benchmark_bots_are_not_offered_to_players() -> None:
    # counting-v0 and heuristic-v1 are measurement baselines (docs/bots.md), not opponents to pick.
    for args in (("games",), ("rules", "golf")):
        code, output = invoke(*args)
        assert code == 0 and "counting-v0" not in output and "heuristic-v1" not in output
        assert "heuristic" in output
    code, output = invoke("simulate", "golf", "--bots", "counting-v0,heuristic-v1", "-n", "2", "--rule", "rounds=1")
    assert code == 0 and "counting-v0" in output


def test_a_seat_beyond_the_table_names_golfs_seats() -> None:
    # Golf is for 2 to 5 players: the screen's seats are 1 to 5, and a sixth is refused as a seat, not a player count.
    code, output = invoke("play", "golf", "--seat", "6")
    assert code == 2 and "--seat 6 does not exist: Golf has seats 1 to 5" in output and "not 6" not in output
    code, output = invoke("play", "golf", "--seat", "5", stdin="quit\n")
    assert code == 0 and "seat 5: you" in output
