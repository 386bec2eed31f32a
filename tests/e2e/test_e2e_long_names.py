"""Names of the longest allowed length never make the page scroll sideways (issue 14, defect 5): in the lobby and at
a table of each game, on a small phone, a phone and a desktop; a name cut short keeps the full name in its title."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import create_table, join_table

from podium.server.requests import MAX_NAME

WIDTHS = (320, 390, 1280)
# "W" and "M" are the widest letters of the system fonts; no space, so the name cannot wrap.
ALICE = "W" * MAX_NAME
BOB = "M" * (MAX_NAME - 1) + "x"


def overflow_at(page: Any) -> dict[int, int]:
    """The widths (of WIDTHS) at which the document is wider than the window, with the document's width."""
    wide: dict[int, int] = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        scroll = int(page.evaluate("document.documentElement.scrollWidth"))
        if scroll > int(page.evaluate("window.innerWidth")):
            wide[width] = scroll
    return wide


def test_the_lobby_lists_long_names_without_scrolling_sideways(new_page: Callable[..., Any]) -> None:
    page = new_page()
    created = page.request.post("/api/tables", data={"game": "golf", "players": 3, "name": ALICE})
    assert created.status == 201, created.text()
    table_id = created.json()["table"]["id"]
    assert page.request.post(f"/api/tables/{table_id}/join", data={"name": BOB}).status == 200
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector(f'.open-table[data-table="{table_id}"]')
    page.fill("#your-name", ALICE)
    assert overflow_at(page) == {}


def test_a_name_longer_than_the_limit_cannot_be_typed(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.get_attribute("#your-name", "maxlength") == str(MAX_NAME)
    page.fill("#your-name", "")
    page.type("#your-name", "x" * (MAX_NAME + 5))
    assert page.input_value("#your-name") == "x" * MAX_NAME


@pytest.mark.parametrize("game", ["athletic", "golf", "olympicards"])
def test_a_table_with_two_long_names_fits_every_width(game: str, new_page: Callable[..., Any]) -> None:
    alice = new_page()
    url = create_table(alice, game, name=ALICE, seats=["human"])
    bob = new_page()
    bob.goto(url)
    bob.wait_for_selector("#join-name")
    assert bob.get_attribute("#join-name", "maxlength") == str(MAX_NAME)
    join_table(bob, url, BOB)
    alice.wait_for_selector("body[data-status=playing]")
    alice.wait_for_function("n => document.querySelector('#board').textContent.includes(n.slice(0, 4))", arg=BOB)
    assert overflow_at(alice) == {}, f"{game}: the table scrolls sideways (width: document width)"
    assert overflow_at(bob) == {}, f"{game}: the table scrolls sideways (width: document width)"
    # where a name is cut short, the full name is one hover away
    titles = alice.evaluate("[...document.querySelectorAll('.player-name')].map(e => e.getAttribute('title') || '')")
    assert any(ALICE in t for t in titles) and any(BOB in t for t in titles), titles


@pytest.mark.parametrize("game", ["athletic", "golf", "olympicards"])
def test_the_rules_panel_and_the_card_backs_fit_every_width(game: str, new_page: Callable[..., Any]) -> None:
    # The rules panel (its wide option tables) and Olympicards' fans of card backs, with the longest names.
    alice = new_page()
    create_table(alice, game, name=ALICE, seats=["bot:random", "human"])
    url = alice.url
    bob = new_page()
    join_table(bob, url, BOB)
    alice.wait_for_selector("body[data-status=playing]")
    if game == "olympicards":
        alice.wait_for_selector(".oly-players .hand-backs")
        assert alice.locator(".oly-players .hand-backs").count() == 2
    assert overflow_at(alice) == {}, f"{game}: the table scrolls sideways (width: document width)"
    alice.click(".topbar .rules-open")
    alice.wait_for_selector("#rules-dialog[open][data-loaded=true]")
    assert overflow_at(alice) == {}, f"{game}: the open rules panel scrolls sideways (width: document width)"
    for width in WIDTHS:  # the panel stays inside the window at every width
        alice.set_viewport_size({"width": width, "height": 800})
        box = alice.locator("#rules-dialog").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
