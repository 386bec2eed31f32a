"""`podium rules athletic` (every game's: tests/cli/test_rules_cli.py): the summary counts seats from 1, as every
screen does, while the option `first_player` counts from 0, as records do (issue 29)."""

from __future__ import annotations

from game_support import invoke, table_rows
from podium.core.registry import get_game


def test_athletic_summary_counts_seats_as_the_screens_do() -> None:
    # the first seat starts unless first_player names another seat (from 0, like records).
    code, output = invoke("rules", "athletic")
    assert code == 0 and "Seat 1 starts" in " ".join(output.split())
    code, output = invoke("rules", "athletic", "--rule", "first_player=1")
    assert code == 0 and "Seat 2 starts" in " ".join(output.split())
    game = get_game("athletic")
    state = game.new_game(game.config_type.from_assignments(["first_player=1"]), 3, 0)
    assert state.current_player == 1


def test_the_first_player_shows_as_typed() -> None:
    _, output = invoke("rules", "athletic")
    assert table_rows(output)["first_player"][0] == "none"
    _, output = invoke("rules", "athletic", "--rule", "first_player=2")
    assert table_rows(output)["first_player"][0] == "2 (default none)"
