"""`podium play olympicards` as a newcomer meets it (issue 11; the framework's play loop:
tests/cli/test_play_newcomer.py): Olympicards' parse errors, undo, menus, notation and texts. Every test drives the
real `podium` app with typed input."""

from __future__ import annotations

import re

import pytest

from game_support import invoke

FIRST = "a\n" * 20_000  # the first menu item, every time
RECORD_CARD = re.compile(r"\b(10|[A2-9TJQK])[cdhs]\b")  # Golf's record notation (`Kd`), never shown in the terminal


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("play 9z", "'play 9z': no colour 'z' in '9z'; colours are r g b y k (red green blue yellow black)"),
        ("play 10r", "'play 10r': no card value 10 in '10r'; values are 1..9"),
        ("play 7", "'7' is not a card: write its value then its colour, e.g. 7r"),
        ("jump", "'jump' is not an action; write 'play CARDS'"),
    ],
)
def test_olympicards_parse_errors_name_the_wrong_part(typed: str, message: str) -> None:
    code, output = invoke("play", "olympicards", "--seed", "1", stdin=f"{typed}\nquit\n")
    assert code == 0
    assert message in " ".join(output.split())


GOLF_UNDO = "golf", "--seed", "3"  # seat 0 starts; after two peeks: a draw, b take, c knock


def test_another_games_command_says_where_it_exists() -> None:
    code, output = invoke("play", "olympicards", "--seed", "1", stdin="hint\nundo\nquit\n")
    flat = " ".join(output.split())
    assert code == 0 and "hint: the hard bot would play" in flat  # every game has a hint now (issue 29)
    assert "undo exists only in Athletic Games and Golf; in Olympicards every action is final" in flat
    assert "is not a card" not in flat and "is not an action" not in flat


def test_olympicards_explains_its_marks_and_ends_with_points_per_seat() -> None:
    code, output = invoke("play", "olympicards", "--seed", "8", "--players", "3", "--rule", "world_record=true",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    flat = " ".join(output.replace("│", " ").split())
    assert "[S] = start player: decides about a new sport card and starts its rounds" in flat
    assert "★ = gold with an empty hand sets a world record (+2)" in flat and "Sprint ★" in flat
    assert re.search(r"Final points: seat 1 \d+, seat 2 \d+, seat 3 \d+", flat)
    code, output = invoke("play", "olympicards", "--seed", "8", "--players", "3", stdin="quit\n")
    assert code == 0 and "★" not in output  # stars mean something only with world records on
