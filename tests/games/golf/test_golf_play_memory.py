"""Play from memory at the terminal, as at a real table (issue 14): Golf's rule option `memory` (`--rule memory=true`).
Golf's G-4 says a player never looks at their face-down cards again; with the option the view leaves such a card out
and the terminal shows it only at the moment the player sees it (issue 27: the hiding is the view's, not the
terminal's). Every test drives the real `podium` app with typed input."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from podium.cli.app import app
from podium.cli.tui.cards import card_label
from podium.core.registry import get_game

runner = CliRunner()
SEED = "3"
PROMPT = "seat 1 > "  # the first seat, as the terminal counts


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def my_rows(output: str) -> list[str]:
    """Your row of each table drawn, one per prompt: the cards after `you`."""
    rows = []
    for screen in output.split(PROMPT):
        found = re.search(r"▶? you\s*│([^│]*)│", screen)
        if found:
            rows.append(found.group(1))
    return rows


def known_cards() -> tuple[str, str]:
    """Seat 0's cards in slots 0 and 1 of this seed's deal, as the terminal writes them."""
    game = get_game("golf")
    state = game.new_game(game.config(), 2, int(SEED))
    for word in ("peek 1", "peek 2"):
        state.apply(game.parse_action(word, state.config))
    hand = state.view(0)["hands"][0]
    return card_label(hand[0]), card_label(hand[1])


def test_from_memory_a_peeked_card_is_shown_once_then_hidden() -> None:
    # G-3.3, G-4: peek at slot 1, then slot 2, then draw; each peeked card shows on the next table only.
    first, second = known_cards()
    code, output = invoke("play", "golf", "--rule", "memory=true", "--seed", SEED, stdin="peek 1\npeek 2\ndraw\nquit\n")
    assert code == 0, output
    assert "memory=True" in output and "from memory: your face-down cards are ░░░" in output
    before, after_first, after_second, after_draw = my_rows(output)[:4]
    assert first not in before and second not in before
    assert f"1:{first:>3}" in after_first and second not in after_first  # the moment you look at it
    assert f"2:{second:>3}" in after_second and f"1:{first:>3}" not in after_second  # the first is now a back
    assert "1:░░░" in after_second
    assert first not in after_draw and second not in after_draw  # your next action: both are to be remembered
    assert "1:░░░  2:░░░" in after_draw


def test_without_memory_the_terminal_keeps_showing_what_you_have_seen() -> None:
    # G-4: by default podium shows a player's own cards that they have fairly seen (a perfect memory).
    first, second = known_cards()
    code, output = invoke("play", "golf", "--seed", SEED, stdin="peek 1\npeek 2\ndraw\nquit\n")
    assert code == 0, output
    after_draw = my_rows(output)[3]
    assert f"1:{first:>3}" in after_draw and f"2:{second:>3}" in after_draw


def test_from_memory_the_card_you_put_down_is_shown_until_your_next_action() -> None:
    # G-4.1: a card drawn from the stock and swapped in lies face down; you see it as you place it, then not.
    game = get_game("golf")
    state = game.new_game(game.config(), 2, int(SEED))
    for word in ("peek 1", "peek 2"):
        state.apply(game.parse_action(word, state.config))
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    state.apply(game.parse_action("draw", state.config))
    drawn = card_label(state.view(0)["drawn"])
    code, output = invoke(
        "play",
        "golf",
        "--rule",
        "memory=true",
        "--seed",
        SEED,
        "--bots",
        "random",
        stdin="a\na\ndraw\nswap 3\n" + "a\n" * 3 + "quit\n",
    )
    assert code == 0, output
    rows = my_rows(output)
    assert f"3:{drawn:>3}" in rows[4], rows  # the table right after the swap
    assert all(drawn not in row for row in rows[5:]), rows[5:]


def test_memory_in_a_game_without_that_option_is_refused_with_exit_2() -> None:
    code, output = invoke("play", "athletic", "--rule", "memory=true", "--seed", SEED, stdin="quit\n")
    assert code == 2
    assert "memory" in output and "unknown" in output.lower()
