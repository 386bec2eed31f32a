"""`podium play athletic` as a newcomer meets it (issue 11; the framework's play loop: tests/cli/test_play_newcomer.py):
Athletic Games' parse errors, undo, menus, notation and texts. Every test drives the real `podium` app with typed
input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game_support import invoke
from podium.cli.play import menu_label
from podium.core.record import Record

FIRST = "a\n" * 20_000  # the first menu item, every time
RECORD_CARD = re.compile(r"\b(10|[A2-9TJQK])[cdhs]\b")  # Golf's record notation (`Kd`), never shown in the terminal


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("play 9z 1", "'play 9z 1': no sport 'z' in '9z'; sports are r g b y o p (red green blue yellow orange"),
        ("play 12r 1", "'play 12r 1': no card value 12 in '12r'; values are 1..10"),
        ("play 0r 1", "no card value 0 in '0r'; values are 1..10"),
        ("play 7r 9", "'play 7r 9': no pile 9; piles are 1..5"),
        ("fill 7r 0", "'fill 7r 0': no pile 0; piles are 1..5"),
        ("move 1 6", "'move 1 6': no pile 6; piles are 1..5"),
        ("move 2 2", "'move 2 2': a move needs two different piles"),
        ("play 7r", "'play 7r': write play CARD PILE, e.g. play 7r 3 (piles 1..5)"),
        ("move 1", "'move 1': write move FROM TO, e.g. move 1 4"),
        ("end 3", "'end 3': write end, with nothing after it"),
        ("play 7 1", "'7' is not a card: it needs its sport, e.g. 7r"),
        ("jump", "'jump' is not an action; actions are: play CARD PILE"),
    ],
)
def test_athletic_parse_errors_name_the_wrong_part(typed: str, message: str) -> None:
    code, output = invoke("play", "athletic", "--seed", "1", stdin=f"{typed}\nquit\n")
    assert code == 0
    assert message in " ".join(output.split())


def test_an_illegal_action_gets_the_games_reason(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    # Athletic Games, seed 1: the hand is 1r 6r 9r 10r 6g 8p 9p; 2b is not in it.
    code, output = invoke("play", "athletic", "--seed", "1", "--record", str(path), stdin="play 2b 1\nquit\n")
    assert code == 0
    assert "play 2b 1: 2b is not in your hand." in " ".join(output.split())
    assert Record.read(path).moves == []


def test_athletic_steps_are_undone_one_by_one_until_the_end_of_the_turn(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    # Seed 1: a play 1r 4, then a play 8p 2.
    code, output = invoke("play", "athletic", "--seed", "1", "--record", str(path),
                          stdin="a\na\nundo\nundo\nundo\nquit\n")  # fmt: skip
    assert code == 0
    flat = " ".join(output.split())
    assert flat.count("Undone.") == 2
    assert (
        "Nothing to undo. In Athletic Games, play, fill and move can be undone one by one until you end the turn"
        in (flat)
    )
    assert Record.read(path).moves == []


def test_menu_items_are_not_split_across_lines() -> None:
    code, output = invoke("play", "athletic", "--seed", "3", stdin="quit\n")
    assert code == 0
    menu = output[output.index("Your move:") : output.index("seat 1 >")]
    items = re.findall(r"(?:^|\s)([a-z]) ((?:play|fill|move) \S+(?: \S+)?|end)(?=\s|$)", menu)
    assert [label for label, _ in items] == [menu_label(i) for i in range(len(items))]
    assert ("e", "play 5o 3") in items and ("f", "end") in items  # 80 columns: `play 5o 3` was split before


def test_your_own_end_of_turn_says_which_cards_you_drew() -> None:
    code, output = invoke("play", "athletic", "--seed", "5", stdin="end\nquit\n")
    assert code == 0
    assert re.search(r"seat 1 \(you\): end · 0 placed this turn, draws 3: \d+[rgbyop] \d+[rgbyop] \d+[rgbyop]", output)


def test_athletic_piles_read_downwards_from_the_top_card() -> None:
    # Seed 5, the solver's plan: pile 2 ends as 10r on 10p on 9p on 9b (placed in the order 9b, 9p, 10p, 10r).
    plan = "play 7o 3\nmove 2 4\nfill 9b 2\nmove 4 2\nmove 4 2\nplay 10r 2\nquit\n"
    code, output = invoke("play", "athletic", "--seed", "5", stdin=plan)
    assert code == 0
    last_table = output[output.rindex("pile 1") :]
    assert "10r" in last_table and "10p 9p 9b" in last_table
