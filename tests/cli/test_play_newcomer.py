"""`podium play` as a newcomer meets it (issue 11): seats, hot seat, lettered menus, on the plugin game and every
installed game (each game's parse errors, undo, other games' words and notation: tests/games/<game>/). Every test
drives the real `podium` app with typed input."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from podium.cli.app import app
from podium.cli.play import menu_index, menu_label
from podium.core.record import Record
from podium.core.registry import game_names, get_game, get_spec

runner = CliRunner()
FIRST = "a\n" * 20_000  # the first menu item, every time
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup
# a game for four seats with a heuristic bot, whichever is installed
BIG = next(name for name in game_names() if get_game(name).max_players >= 4 and get_spec(name).heuristic)


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def seats_of(tmp_path: Path, *args: str) -> list[str]:
    """The players recorded for `podium play ARGS` left at once."""
    path = tmp_path / "seats.jsonl"
    code, output = invoke("play", *args, "--seed", "1", "--record", str(path), stdin="quit\n")
    assert code == 0, output
    record = Record.read(path)
    assert record.num_players == len(record.players)
    return record.players


# -- seats -------------------------------------------------------------------------------------------------------


def test_two_seat_flags_are_a_two_player_hot_seat_game(tmp_path: Path) -> None:
    # The README's hot-seat example: two people, no bot.
    for game in game_names():
        assert seats_of(tmp_path, game, "--seat", "1", "--seat", "2") == ["player 1", "player 2"]
        assert seats_of(tmp_path, game, "--seat", "2", "--seat", "1") == ["player 1", "player 2"]


def test_players_or_a_bot_list_add_bots_to_a_hot_seat_game(tmp_path: Path) -> None:
    assert seats_of(tmp_path, PLUGIN, "--seat", "1", "--seat", "2", "--players", "3") == [
        "player 1",
        "player 2",
        "random bot",
    ]
    assert seats_of(tmp_path, BIG, "--seat", "1", "--seat", "3", "--bots", "heuristic,random") == [
        "player 1",
        "heuristic bot",
        "player 3",
        "random bot",
    ]


def test_seats_reach_the_highest_seat_named_and_the_minimum(tmp_path: Path) -> None:
    assert seats_of(tmp_path, PLUGIN) == ["you", "random bot"]
    assert seats_of(tmp_path, PLUGIN, "--seat", "3") == ["random bot", "random bot", "you"]
    assert seats_of(tmp_path, BIG, "--seat", "1", "--seat", "4") == [
        "player 1",
        "random bot",
        "random bot",
        "player 4",
    ]


def test_a_bot_name_with_no_seat_left_for_it_is_refused() -> None:
    code, output = invoke("play", PLUGIN, "--seat", "1", "--seat", "2", "--bots", "hard")
    assert code == 2
    assert "--bots hard: every seat is played at this terminal; add --players N" in output
    assert len(output.strip().splitlines()) == 1


def test_hot_seat_passes_the_terminal_between_the_two_players_only() -> None:
    code, output = invoke("play", PLUGIN, "--seat", "1", "--seat", "2", "--rule", "hands=3", "--seed", "2",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    assert "seat 1: player 1, seat 2: player 2 —" in output
    assert "Pass the terminal to player 2 (seat 2)" in output and "Pass the terminal to player 1 (seat 1)" in output
    assert "bot" not in output


# -- lettered menus ----------------------------------------------------------------------------------------------


def test_menu_labels_are_letters_then_pairs() -> None:
    labels = [menu_label(i) for i in range(26 * 27 + 1)]
    assert labels[:3] == ["a", "b", "c"] and labels[25:28] == ["z", "aa", "ab"]
    assert labels[26 * 27 - 1] == "zz" and labels[26 * 27] == "aaa"
    assert len(set(labels)) == len(labels)
    assert all(menu_index(label) == i for i, label in enumerate(labels))
    assert menu_index("3") is None and menu_index("") is None and menu_index("a1") is None
