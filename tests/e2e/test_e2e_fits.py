"""The table fits the screen (issue 29, point 2): at 1280x800 and on a 390x844 phone, in English, Hungarian and
Norwegian, at the largest table of each game, your own hand, the shared piles (Golf's stock and discard, Athletic's
five piles, Olympicards' sport card) and the buttons of your legal actions are all on the screen at once, without
scrolling; on a phone the invite link and the language menu do not push the game down."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import click_and_wait, create_table, legal, no_horizontal_overflow, shoot, wait_my_turn

LARGEST = {"golf": 5, "athletic": 5, "olympicards": 7}
SHARED = {"golf": ".golf-centre .piles", "athletic": ".athletic-centre .piles", "olympicards": ".sport-card"}
LOCALES = {"en": "en-US", "hu": "hu-HU", "nb": "nb-NO"}
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

BOXES = """([selectors]) => selectors.flatMap((sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return {sel, text: (el.innerText || el.getAttribute('aria-label') || '').slice(0, 30),
          top: r.top, bottom: r.bottom, left: r.left, right: r.right};
}))"""


def to_a_turn_with_buttons(page: Any, game: str) -> None:
    """Your turn, at a point where the game's own buttons show: Golf after its peeks, with a card drawn."""
    wait_my_turn(page)
    if game != "golf":
        return
    while any(a.startswith("peek") for a in legal(page)):
        click_and_wait(page, ".me button.card.target")  # by the cards, as a player does
        wait_my_turn(page)
    if "draw" in legal(page):
        click_and_wait(page, '[data-key="stock"]')


def off_screen(page: Any, selectors: list[str]) -> list[dict[str, Any]]:
    height, width = page.evaluate("[window.innerHeight, window.innerWidth]")
    boxes = page.evaluate(BOXES, [selectors])
    found = {box["sel"] for box in boxes}
    assert found == set(selectors), f"missing on the page: {set(selectors) - found}"
    return [b for b in boxes if b["top"] < 0 or b["bottom"] > height + 0.5 or b["left"] < 0 or b["right"] > width + 0.5]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("game", sorted(LARGEST))
def test_hand_piles_and_buttons_are_on_screen_together(
    game: str, lang: str, size: str, new_page: Callable[..., Any]
) -> None:
    width, height = SIZES[size]
    page = new_page(width=width, height=height, locale=LOCALES[lang])
    create_table(page, game, name="Ilona", seats=["bot:random"] * (LARGEST[game] - 1))
    to_a_turn_with_buttons(page, game)
    page.evaluate("window.scrollTo(0, 0)")  # the page as it opens: a click may have scrolled it
    page.wait_for_timeout(100)
    selectors = ["#board .player.me", f"#board {SHARED[game]}", "#board .action-bar button"]
    outside = off_screen(page, selectors)
    shoot(page, f"fits-{game}-{lang}-{size}")
    assert not outside, f"{game} {lang} {size}: off the {width}x{height} screen: {outside}"
    assert no_horizontal_overflow(page)
    if size == "phone":
        # one line of top bar, and no invite link above the game once it runs
        assert page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height") <= 56
        assert not page.locator("#notice .share").count()
        assert page.locator("#invite .share-url").count() == 1  # it waits beside the log
