"""Athletic Games in the browser: a turn played by clicking a card then a pile, then by following the hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import (
    click_and_wait,
    create_table,
    legal,
    my_turn,
    no_horizontal_overflow,
    shoot,
    version,
    wait_my_turn,
)


def test_athletic_turn_with_a_hint(new_page: Callable[..., Any]) -> None:
    page = new_page()
    create_table(page, "athletic", name="Ada", seats=["bot:random"])
    wait_my_turn(page)  # seat 0 starts
    assert page.locator(".me .hand .card").count() == 7
    assert page.locator(".athletic-pile").count() == 5

    # By hand: select a card that can be placed, the piles that accept it light up, click one.
    playable = page.locator(".me .hand button.card.playable")
    if playable.count():
        card = playable.first.get_attribute("data-card")
        said = (playable.first.get_attribute("title") or "").split(",")[0]  # the card as the log says it: "red 7"
        playable.first.click()
        assert playable.first.get_attribute("aria-pressed") == "true"
        targets = page.locator(".athletic-pile button.card.target")
        assert targets.count() >= 1
        click_and_wait(page, ".athletic-pile button.card.target")
        assert page.locator(f'.me .hand [data-card="{card}"]').count() == 0
        assert said and said in page.inner_text("#log-list")

    # The hint: hard's best turn, followed to its end without asking again (tests/e2e/test_e2e_hints.py tells
    # the steps); the turn comes back after the bot's.
    page.click('[data-key="hint"]')
    page.wait_for_selector(".hint-box", timeout=90_000)
    assert "Hard bot plays" in page.inner_text(".hint-box")
    followed = 0
    while page.locator('[data-key="hint-do"]').count():
        click_and_wait(page, '[data-key="hint-do"]')
        followed += 1
        assert page.locator(".hint-box").count() == (1 if page.locator('[data-key="hint-do"]').count() else 0)
        assert followed < 30
    assert followed >= 1
    wait_my_turn(page)
    shoot(page, "athletic", docs=True)

    # A move by hand: click a pile's top card, then the pile it may go on.
    moves = [a for a in legal(page) if a.startswith("move ")]
    if moves:
        source, target = (int(x) - 1 for x in moves[0].split()[1:])
        page.click(f'.athletic-pile[data-pile="{source}"] button.card')
        assert page.locator(f'.athletic-pile[data-pile="{target}"] .card.target').count() == 1
        click_and_wait(page, f'.athletic-pile[data-pile="{target}"] button.card')
        assert f"pile {source + 1} to pile {target + 1}" in page.inner_text("#log-list")

    # End the turn; the bot plays; the turn comes back with a fresh hand count.
    assert "end" in legal(page)
    before = version(page)
    click_and_wait(page, '[data-key="end"]')
    wait_my_turn(page)
    assert version(page) > before + 1 or my_turn(page)
    # the centre is drawn after the bot's steps, which are paced: wait for it rather than read it at once
    page.wait_for_function(
        "() => document.querySelector('.athletic-centre').innerText.includes('turn 5')"
        " || !!document.querySelector('.result-panel')",
        timeout=60_000,
    )

    # At phone width the five piles and the hand still fit without sideways scrolling.
    page.set_viewport_size({"width": 390, "height": 844})
    assert no_horizontal_overflow(page)
    shoot(page, "athletic-phone", docs=True)
