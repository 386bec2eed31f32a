"""The generic renderer: a game without a renderer of its own (Kuhn poker, the test plugin of tests/plugin_game,
registered only through its entry point) is listed by the lobby and played to the end in the browser from its view
and its legal actions alone; a game whose renderer does not load falls back to it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from e2e_support import click_and_wait, create_table, is_over, my_turn, shoot, version, wait_synced

# the generic renderer's own buttons: one per legal action, in the board
ACTION_BUTTONS = ".generic-actions button"


def test_a_game_without_a_renderer_is_played_to_the_end_with_the_generic_one(new_page: Callable[..., Any]) -> None:
    page = new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    # the lobby lists the games the server has (GET /api/games), the plugin among them
    assert "Kuhn poker" in page.locator("#game option").all_inner_texts()

    create_table(page, "kuhn", name="Kim", seats=["bot:random"], options={"hands": 3})
    page.wait_for_selector("body[data-renderer=generic]")
    assert not any("/games/kuhn/" in url for url in requested)  # /api/games said: no renderer of its own

    # the view, readably: its keys in words, this seat's own card as a chip, the players with whose turn it is
    state = page.locator(".generic-state")
    assert "deck size" in state.inner_text() and "facing bet" in state.inner_text()
    cards = page.locator('[data-key="view-cards"] .chip')
    assert cards.count() == 2
    mine = cards.nth(0).inner_text()
    assert mine in {"J", "Q", "K"}, mine
    assert cards.nth(1).inner_text() == "?"  # the bot's card is not in this seat's view
    assert page.locator(".generic-players .player").count() == 2
    assert page.inner_text('[data-key="view-first_player"]') == "Kim (you)"  # a `*_player` key is a seat
    assert "Kim (you)" in page.inner_text(".generic-players")

    deadline = time.monotonic() + 60
    moves = 0
    while not is_over(page):
        assert time.monotonic() < deadline, f"the match did not finish; version {version(page)}"
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        buttons = page.locator(ACTION_BUTTONS)
        # the buttons are exactly the legal actions the server sent (the shell's list shows the same)
        shown = buttons.evaluate_all("els => els.map(e => e.dataset.action)")
        listed = page.locator("#legal button.legal").evaluate_all("els => els.map(e => e.dataset.action)")
        assert shown and shown == listed
        if moves == 0:
            shoot(page, "generic")
        click_and_wait(page, f"{ACTION_BUTTONS} >> nth={moves % len(shown)}")  # pass and bet in turn
        moves += 1

    assert moves >= 3  # one decision at least in each of the three hands
    panel = page.locator(".result-panel")
    assert "Game over" in panel.inner_text() and panel.locator("table.ranking tbody tr").count() == 2
    log = page.inner_text("#log-list")
    assert "Kim (you):" in log and "random bot:" in log  # every move, by whom
    assert page.locator(ACTION_BUTTONS).count() == 0
    assert page.locator("#scores").is_hidden()  # the view has no `scores`: no empty score table
    shoot(page, "generic-result")


def test_a_renderer_that_fails_to_load_falls_back_to_the_generic_one(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.route("**/games/golf/renderer.js", lambda route: route.fulfill(status=500, body="broken"))
    url = create_table(page, "golf", name="Gil", seats=["bot:random"], options={"rounds": 1})
    page.wait_for_selector("body[data-renderer=generic]")
    assert "renderer did not load" in page.inner_text("#toast")
    assert page.locator(".golf-hand").count() == 0
    # still playable: the first legal action (a peek) from the generic buttons
    assert my_turn(page)
    before = version(page)
    click_and_wait(page, f"{ACTION_BUTTONS} >> nth=0")
    assert version(page) == before + 1

    # the same table with the renderer served again: the game's own picture
    page.unroute("**/games/golf/renderer.js")
    page.goto(url)
    wait_synced(page)
    page.wait_for_selector("body[data-renderer=golf]")
    assert page.locator(".golf-hand").count() >= 1
