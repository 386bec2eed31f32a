"""`podium play` as a newcomer meets it (issue 11): seats, precise parse errors, undo, other games' words, lettered
menus and one card notation. Every test drives the real `podium` app with typed input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.cli.play import menu_index, menu_label
from podium.core.record import Record

runner = CliRunner()
FIRST = "a\n" * 20_000  # the first menu item, every time
RECORD_CARD = re.compile(r"\b(10|[A2-9TJQK])[cdhs]\b")  # Golf's record notation (`Kd`), never shown in the terminal


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


# -- 1. seats -------------------------------------------------------------------------------------------------------


def test_two_seat_flags_are_a_two_player_hot_seat_game(tmp_path: Path) -> None:
    # The README's hot-seat example: two people, no bot.
    assert seats_of(tmp_path, "golf", "--seat", "0", "--seat", "1") == ["player 0", "player 1"]
    assert seats_of(tmp_path, "athletic", "--seat", "1", "--seat", "0") == ["player 0", "player 1"]


def test_players_or_a_bot_list_add_bots_to_a_hot_seat_game(tmp_path: Path) -> None:
    assert seats_of(tmp_path, "golf", "--seat", "0", "--seat", "1", "--players", "3") == [
        "player 0",
        "player 1",
        "random bot",
    ]
    assert seats_of(tmp_path, "golf", "--seat", "0", "--seat", "2", "--bots", "heuristic,random") == [
        "player 0",
        "heuristic bot",
        "player 2",
        "random bot",
    ]


def test_seats_reach_the_highest_seat_named_and_the_minimum(tmp_path: Path) -> None:
    assert seats_of(tmp_path, "golf") == ["you", "random bot"]
    assert seats_of(tmp_path, "golf", "--seat", "2") == ["random bot", "random bot", "you"]
    assert seats_of(tmp_path, "olympicards", "--seat", "0", "--seat", "3") == [
        "player 0",
        "random bot",
        "random bot",
        "player 3",
    ]


def test_a_bot_name_with_no_seat_left_for_it_is_refused() -> None:
    code, output = invoke("play", "golf", "--seat", "0", "--seat", "1", "--bots", "hard")
    assert code == 2
    assert "--bots hard: every seat is played at this terminal; add --players N" in output
    assert len(output.strip().splitlines()) == 1


def test_hot_seat_passes_the_terminal_between_the_two_players_only() -> None:
    code, output = invoke("play", "golf", "--seat", "0", "--seat", "1", "--rule", "rounds=1", "--seed", "2",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    assert "seat 0: player 0, seat 1: player 1 —" in output
    assert "Pass the terminal to player 1 (seat 1)" in output and "Pass the terminal to player 0 (seat 0)" in output
    assert "bot" not in output


# -- 2. parse errors say what was wrong -------------------------------------------------------------------------------


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


def test_an_illegal_action_gets_the_games_reason(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    # Athletic Games, seed 1: the hand is 1r 6r 9r 10r 6g 8p 9p; 2b is not in it.
    code, output = invoke("play", "athletic", "--seed", "1", "--record", str(path), stdin="play 2b 1\nquit\n")
    assert code == 0
    assert "play 2b 1: 2b is not in your hand." in " ".join(output.split())
    assert Record.read(path).moves == []


# -- 3. undo ----------------------------------------------------------------------------------------------------------

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


# -- 4. another game's words ------------------------------------------------------------------------------------------


def test_another_games_command_says_where_it_exists() -> None:
    code, output = invoke("play", "olympicards", "--seed", "1", stdin="hint\nundo\nquit\n")
    flat = " ".join(output.split())
    assert "hint exists only in Athletic Games; Olympicards has none." in flat
    assert "undo exists only in Athletic Games and Golf; in Olympicards every action is final" in flat
    assert "is not a card" not in flat and "is not an action" not in flat
    code, output = invoke("play", *GOLF_UNDO, stdin="hint\nquit\n")
    assert code == 0
    assert "hint exists only in Athletic Games; Golf has none." in output


# -- 5. lettered menus ------------------------------------------------------------------------------------------------


def test_menu_labels_are_letters_then_pairs() -> None:
    labels = [menu_label(i) for i in range(26 * 27 + 1)]
    assert labels[:3] == ["a", "b", "c"] and labels[25:28] == ["z", "aa", "ab"]
    assert labels[26 * 27 - 1] == "zz" and labels[26 * 27] == "aaa"
    assert len(set(labels)) == len(labels)
    assert all(menu_index(label) == i for i, label in enumerate(labels))
    assert menu_index("3") is None and menu_index("") is None and menu_index("a1") is None


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


def test_menu_items_are_not_split_across_lines() -> None:
    code, output = invoke("play", "athletic", "--seed", "3", stdin="quit\n")
    assert code == 0
    menu = output[output.index("Your move:") : output.index("seat 0 >")]
    items = re.findall(r"(?:^|\s)([a-z]) ((?:play|fill|move) \S+(?: \S+)?|end)(?=\s|$)", menu)
    assert [label for label, _ in items] == [menu_label(i) for i in range(len(items))]
    assert ("e", "play 5o 3") in items and ("f", "end") in items  # 80 columns: `play 5o 3` was split before


# -- 6. one card notation -----------------------------------------------------------------------------------------


def test_golf_cards_are_written_as_on_the_table_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, output = invoke("play", "golf", "--seed", "3", "--rule", "rounds=2", "--record", str(path), stdin=FIRST)
    assert code == 0 and "game over" in output
    logged = [line for line in output.splitlines() if "(random bot):" in line and " · " in line]
    assert any("takes A♥" in line for line in logged)
    assert any("puts A♥ in slot 4, discards 10♦" in line for line in logged)
    assert "Hole 1 ends" in output and "♣" in output
    code, replayed = invoke("replay", str(path), "--all")
    assert code == 0 and "discards 10♦" in replayed
    assert re.search(r"Game over \(rounds complete\): scores seat 0 -?\d+, seat 1 -?\d+; winners seat \d", replayed)
    for text in (output, replayed):
        assert not RECORD_CARD.search(text), RECORD_CARD.search(text)


# -- more friction found by playing -------------------------------------------------------------------------------


def test_hot_seat_players_see_what_the_others_did_since_their_last_turn() -> None:
    # The screen is cleared between the players, so the public part of the other player's turn is repeated.
    code, output = invoke("play", "golf", "--seat", "0", "--seat", "1", "--rule", "rounds=1", "--seed", "2",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    handoffs = output.split("Pass the terminal to ")[1:]
    recaps = [handoff.split("Golf (four-card)")[0] for handoff in handoffs]
    assert recaps[0] == (
        "player 1 (seat 1) and press Enter Since your last turn:\n"
        "seat 0 (player 0): peek 1\nseat 0 (player 0): peek 2\n"
    )
    assert recaps[1].startswith("player 0 (seat 0) and press Enter Since your last turn:\nseat 1 (player 1): peek 1")
    assert "seat 0 (player 0)" not in recaps[1]  # never your own actions again
    assert "seat 0 (player 0): discard · discards 10♦\n" in recaps[2]


def test_your_own_end_of_turn_says_which_cards_you_drew() -> None:
    code, output = invoke("play", "athletic", "--seed", "5", stdin="end\nquit\n")
    assert code == 0
    assert re.search(r"seat 0 \(you\): end · 0 placed this turn, draws 3: \d+[rgbyop] \d+[rgbyop] \d+[rgbyop]", output)


def test_rules_are_followed_by_the_menu_again() -> None:
    code, output = invoke("play", *GOLF_UNDO, stdin="rules\nquit\n")
    assert code == 0
    after_rules = output[output.index("Card values") :]
    assert "Your move: a peek 1   b peek 2   c peek 3   d peek 4" in after_rules


def test_athletic_piles_read_downwards_from_the_top_card() -> None:
    # Seed 5, the solver's plan: pile 2 ends as 10r on 10p on 9p on 9b (placed in the order 9b, 9p, 10p, 10r).
    plan = "play 7o 3\nmove 2 4\nfill 9b 2\nmove 4 2\nmove 4 2\nplay 10r 2\nquit\n"
    code, output = invoke("play", "athletic", "--seed", "5", stdin=plan)
    assert code == 0
    last_table = output[output.rindex("pile 1") :]
    assert "10r" in last_table and "10p 9p 9b" in last_table


def test_olympicards_explains_its_marks_and_ends_with_points_per_seat() -> None:
    code, output = invoke("play", "olympicards", "--seed", "8", "--players", "3", "--rule", "world_record=true",
                          stdin=FIRST)  # fmt: skip
    assert code == 0
    flat = " ".join(output.replace("│", " ").split())
    assert "[S] = start player: decides about a new sport card and starts its rounds" in flat
    assert "★ = gold with an empty hand sets a world record (+2)" in flat and "Sprint ★" in flat
    assert re.search(r"Final points: seat 0 \d+, seat 1 \d+, seat 2 \d+", flat)
    code, output = invoke("play", "olympicards", "--seed", "8", "--players", "3", stdin="quit\n")
    assert code == 0 and "★" not in output  # stars mean something only with world records on
