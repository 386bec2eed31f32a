"""Keyboard and screen reader (issue 29, point 8): a whole game of each game played with the keyboard alone (Tab to
a legal action, Enter), the moves and the bots' steps said in the live region, and axe-core finding no serious or
critical issue on every page and state these tests pass through: the lobby (its options open), each table at its
start, in the middle and at its end, the rules dialog and an unknown table's page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_support import serious_findings
from e2e_support import create_table, is_over, legal, version, wait_my_turn

GAMES = {"golf": {"rounds": 1}, "athletic": {"medals_to_win": 1}, "olympicards": {}}
PREFER = ("play", "fill", "swap", "take", "draw", "peek", "flip", "accept")  # moves that bring the end nearer


def no_findings(page: Any, where: str) -> None:
    found = serious_findings(page)
    assert not found, f"axe, {where}: {found}"


def focused_action(page: Any) -> str | None:
    return page.evaluate("document.activeElement ? document.activeElement.dataset.action ?? null : null")


def tab_to(page: Any, action: str, limit: int = 400) -> None:
    """Press Tab until the legal action `action` has the focus."""
    for _ in range(limit):
        if focused_action(page) == action:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {action!r}")


def choose(actions: list[str]) -> str:
    for word in PREFER:
        found = [a for a in actions if a.startswith(word)]
        if found:
            return found[0]
    return actions[0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_with_the_keyboard_alone(game: str, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"/?game={game}")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#options-box summary")
    no_findings(page, "the lobby")
    create_table(page, game, name="Kim", seats=["bot:random"], options=GAMES[game])
    wait_my_turn(page)
    no_findings(page, f"{game} at its start")
    page.locator(".topbar .rules-open").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules-dialog[open][data-loaded=true]")
    no_findings(page, f"{game}'s rules dialog")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#rules-dialog').open")

    moves = 0
    heard: set[str] = set()
    # Every text the live region takes, as a screen reader hears it (a bot's steps are replaced by the next
    # announcement within a second, faster than the loop below looks).
    page.evaluate(
        "() => { window.heardAll = []; new MutationObserver(() => window.heardAll.push("
        "document.querySelector('#announce').innerText)).observe(document.querySelector('#announce'),"
        " {childList: true, characterData: true, subtree: true}); }"
    )
    while not is_over(page):
        heard.add(page.inner_text("#announce"))
        action = choose(legal(page))
        tab_to(page, action)
        before = version(page)
        page.keyboard.press("Enter")
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        moves += 1
        if moves == 6:
            no_findings(page, f"{game} in the middle")
        assert moves < 400, "the game did not end"
        wait_my_turn(page, timeout=30_000)
    heard.add(page.inner_text("#announce"))
    heard.update(page.evaluate("() => window.heardAll"))
    assert moves >= 3
    if "random bot" in page.inner_text("#log-list"):  # the bot had a turn (a player may win before it: medals 1/1)
        assert any("random bot" in said for said in heard), heard  # the bot's steps were said
    assert any(said.startswith("You ") for said in heard), heard  # and the player's own moves
    no_findings(page, f"{game} at its end")


def test_an_unknown_tables_page_has_no_serious_issue(new_page: Callable[..., Any]) -> None:
    page = new_page(width=390, height=844, locale="hu-HU")
    page.goto("/t/no-such-table")
    page.wait_for_selector("body[data-status=unavailable]")
    no_findings(page, "an unknown table")
