"""The lobby: rule options come from the server, open tables are listed and joinable, a bad link says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import create_table, shoot, wait_synced


def test_lobby_lists_open_tables_and_joins_one(new_page: Callable[..., Any]) -> None:
    host = new_page()
    url = create_table(host, "olympicards", name="Hana", seats=["human", "bot:random"], options={"world_record": True})
    table_id = url.rsplit("/", 1)[1]

    guest = new_page()
    guest.goto("/")
    guest.wait_for_selector("body[data-ready=true]")
    for game in ("golf", "athletic", "olympicards"):  # every game offers its rule options and its bots
        guest.select_option("#game", game)
        assert guest.locator("#options [data-option]").count() >= 3
        assert guest.locator("#seat-1 option[value^='bot:']").count() >= 1
    entry = guest.locator(f'.open-table[data-table="{table_id}"]')
    entry.wait_for()
    assert "Hana" in entry.inner_text() and "world record: true" in entry.inner_text()
    assert "sports" not in entry.inner_text()  # options left at their defaults are not listed
    shoot(guest, "lobby", docs=True)
    guest.fill("#your-name", "Gus")
    entry.get_by_role("button", name="Join").click()
    guest.wait_for_url(url)
    wait_synced(guest)
    assert guest.evaluate("document.body.dataset.seat") == "1"
    host.wait_for_selector("body[data-status=playing]")
    assert "Gus" in host.inner_text("#board")


def test_a_table_that_does_not_exist(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/t/no-such-table")
    page.wait_for_selector(".notice .error")
    assert "lobby" in page.inner_text("#notice").lower()
    page.wait_for_selector("#conn[data-status=closed]")  # refused even as a spectator: no retry loop
    page.wait_for_timeout(1500)
    assert page.locator("#conn").get_attribute("data-status") == "closed"
