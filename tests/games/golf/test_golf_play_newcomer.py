"""`podium play golf` as a newcomer meets it (issue 11; the framework's play loop: tests/cli/test_play_newcomer.py):
Golf's parse errors, undo, menus, notation and texts. Every test drives the real `podium` app with typed input."""

from __future__ import annotations

import re
from pathlib import Path

from game_support import invoke
from podium.core.record import Record

FIRST = "a\n" * 20_000  # the first menu item, every time
RECORD_CARD = re.compile(r"\b(10|[A2-9TJQK])[cdhs]\b")  # Golf's record notation (`Kd`), never shown in the terminal


GOLF_UNDO = "golf", "--seed", "3"  # seat 0 starts; after two peeks: a draw, b take, c knock


def test_golf_take_can_be_undone(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    script = "a\na\ntake\nundo\nundo\ndraw\nundo\nquit\n"
    code, output = invoke("play", *GOLF_UNDO, "--record", str(path), stdin=script)
    assert code == 0
    flat = " ".join(output.split())
    assert flat.count("Undone.") == 1
    nothing = (
        "Nothing to undo. In Golf, only take can be undone, before you swap or discard: every other action reveals a"
        " card or ends your turn."
    )
    assert flat.count(nothing) == 2  # the second undo, and the one after draw (it showed the stock's top card)
    assert [action["type"] for seat, action in Record.read(path).moves if seat == 0] == ["peek", "peek", "draw"]


def test_help_lists_undo_with_what_it_can_take_back() -> None:
    code, output = invoke("play", *GOLF_UNDO, stdin="help\nquit\n")
    assert "undo take back an action: only take can be undone, before you swap or discard" in " ".join(output.split())
    code, output = invoke("play", "athletic", "--seed", "1", stdin="help\nquit\n")
    flat = " ".join(output.split())
    assert "undo take back an action: play, fill and move can be undone one by one until you end" in flat
    code, output = invoke("play", "olympicards", "--seed", "1", stdin="help\nquit\n")
    assert code == 0
    assert "undo" not in output and "quit     leave the game" in output


def test_golf_menu_letters_never_read_as_slots(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    # After peeking slot 1 the menu is `a peek 2   b peek 3   c peek 4`.
    code, output = invoke("play", *GOLF_UNDO, "--record", str(path), stdin="a\n3\nz\nd\nc\nquit\n")
    assert code == 0
    assert "Your move: a peek 2   b peek 3   c peek 4" in output
    flat = " ".join(output.split())
    assert (
        "A number alone is not an action. Type the letter shown next to an action (a to c) or the action's text,"
        " e.g. b or peek 3." in flat
    )
    assert "There is no menu item z: the menu runs from a to c." in flat
    # `d` was `peek 4` a moment ago; it is not taken as Golf's one-letter alias for draw either.
    assert "There is no menu item d: the menu runs from a to c." in flat and "draw is not allowed" not in flat
    assert [action for _, action in Record.read(path).moves][:2] == [
        {"type": "peek", "slot": 0},
        {"type": "peek", "slot": 3},  # `c`, the third item: slot 4
    ]


def test_golf_cards_are_written_as_on_the_table_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, output = invoke("play", "golf", "--seed", "3", "--rule", "rounds=2", "--record", str(path), stdin=FIRST)
    assert code == 0 and "game over" in output
    logged = [line for line in output.splitlines() if "(random bot):" in line and " · " in line]
    assert any("takes A♥" in line for line in logged)
    assert any("puts A♥ in slot 4, discards 10♦" in line for line in logged)
    assert "Round 1 ends" in output and "♣" in output
    code, replayed = invoke("replay", str(path), "--all")
    assert code == 0 and "discards 10♦" in replayed
    assert re.search(r"Game over \(rounds complete\): scores seat 1 -?\d+, seat 2 -?\d+; winners seat [12]", replayed)
    for text in (output, replayed):
        assert not RECORD_CARD.search(text), RECORD_CARD.search(text)


def test_hot_seat_players_see_what_the_others_did_since_their_last_turn() -> None:
    # The screen is cleared between the players, so the public part of the other player's turn is repeated.
    code, output = invoke("play", "golf", "--seat", "1", "--seat", "2", "--rule", "rounds=1", "--seed", "2",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    handoffs = output.split("Pass the terminal to ")[1:]
    recaps = [handoff.split("Golf (four-card)")[0] for handoff in handoffs]
    assert recaps[0] == (
        "player 2 (seat 2) and press Enter Since your last turn:\n"
        "seat 1 (player 1): peek 1\nseat 1 (player 1): peek 2\n"
    )
    assert recaps[1].startswith("player 1 (seat 1) and press Enter Since your last turn:\nseat 2 (player 2): peek 1")
    assert "seat 1 (player 1)" not in recaps[1]  # never your own actions again
    assert "seat 1 (player 1): discard · discards 10♦\n" in recaps[2]


def test_rules_are_followed_by_the_menu_again() -> None:
    code, output = invoke("play", *GOLF_UNDO, stdin="rules\nquit\n")
    assert code == 0
    after_rules = output[output.index("Card values") :]
    assert "Your move: a peek 1   b peek 2   c peek 3   d peek 4" in after_rules
