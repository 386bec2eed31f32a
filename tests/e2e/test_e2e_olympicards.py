"""Olympicards in the browser: accept the sport card, make a play from selected cards, then withdraw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import click_and_wait, create_table, is_over, legal, no_horizontal_overflow, shoot, wait_my_turn


def test_olympicards_sport_with_a_withdrawal(new_page: Callable[..., Any]) -> None:
    page = new_page()
    create_table(page, "olympicards", name="Olga", seats=["bot:random", "bot:random"])
    wait_my_turn(page)  # seat 0 holds the start player card (O-2) and decides on the first sport (O-4)
    assert page.locator(".sport-card .sport-name").count() == 1
    sport = page.inner_text(".sport-card .sport-name").split("★")[0].strip()
    assert "sport 1 of 9" in page.inner_text(".sport-card").lower()
    assert set(legal(page)) == {"accept", "postpone"}
    click_and_wait(page, '[data-key="accept"]')

    # A play made by selecting cards in the hand; the button names the play once it is legal.
    wait_my_turn(page)
    hand_before = page.locator(".oly-me .hand .card").count()
    if page.locator(".oly-me .hand button.card.playable").count():
        quick = page.locator(".quick-play").first.get_attribute("data-action") or ""  # the server's text: "play 3r 5r"
        cards = quick.removeprefix("play ").split()
        for text in cards:
            page.locator(f'.oly-me .hand button.card[data-card="{text}"][aria-pressed="false"]').first.click()
        assert "Play " in page.inner_text('[data-key="play-selected"]')
        click_and_wait(page, '[data-key="play-selected"]')
        assert page.locator(".oly-me .hand .card").count() == hand_before - len(cards)
        wait_my_turn(page)

    # Withdraw: the button says what the withdrawal earns (O-6); the log and the player's tag confirm it.
    if not is_over(page) and "withdraw" in legal(page):
        award = page.inner_text('[data-key="withdraw"]')
        assert "Withdraw" in award
        shoot(page, "olympicards", docs=True)
        click_and_wait(page, '[data-key="withdraw"]')
        assert "Olga (you) withdraws" in page.inner_text("#log-list")
        # the sport goes on without us or is over; either way the page follows the bots to the next sport
        page.wait_for_function(
            "s => !document.querySelector('.sport-card .sport-name')?.textContent.includes(s)"
            " || document.querySelector('.oly-me .tag-out')",
            arg=sport,
        )
    page.wait_for_selector(".sport-card:has-text('Sport 2 of 9')", timeout=30_000)
    assert sport in page.inner_text(".sport-pile-info")  # listed as done

    page.set_viewport_size({"width": 390, "height": 844})
    assert no_horizontal_overflow(page)
    shoot(page, "olympicards-phone", docs=True)
