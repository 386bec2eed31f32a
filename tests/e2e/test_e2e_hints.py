"""A hint in every game (issue 29, item 5): what the hard bot would play and the best few choices with their win
share, from the server's hint worker; keyboard reachable and axe-clean; in Athletic Games the whole best turn stays
shown while the player follows it step by step."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from axe_support import serious_findings
from e2e_support import click_and_wait, create_table, legal, shoot, version, wait_my_turn

HINT_WAIT = 90_000  # hard's search takes seconds, and the suite's browsers share two cores with it


def ask_for_a_hint(page: Any) -> str:
    """Press the hint button with the keyboard and wait for the hint; its text."""
    page.focus('[data-key="hint"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".hint-box", timeout=HINT_WAIT)
    return str(page.inner_text(".hint-box"))


def past_the_peeks(page: Any) -> None:
    """Golf: peek at the two cards the deal asks for (G-3), so the hint weighs a real choice."""
    while any(a.startswith("peek ") for a in legal(page)):
        click_and_wait(page, "#legal button.legal[data-action^='peek']")
        wait_my_turn(page)


@pytest.mark.parametrize("game", ["golf", "olympicards"])
def test_a_hint_shows_hards_choice_and_the_best_few_with_their_win_share(
    new_page: Callable[..., Any], game: str
) -> None:
    page = new_page()
    create_table(page, game, name="Ada", seats=["bot:random"])
    wait_my_turn(page)
    if game == "golf":
        past_the_peeks(page)
    text = ask_for_a_hint(page)
    assert "Hard bot plays" in text
    choices = page.locator(".hint-choices > li")
    assert 1 <= choices.count() <= 3
    assert page.locator(".hint-choices > li.chosen").count() == 1
    if choices.count() > 1:  # more than one choice: each is weighed by hard's search
        assert re.search(r"win share \d+%", text), text
    assert serious_findings(page) == []
    shoot(page, f"hint-{game}", docs=True)
    # The offered step is one of the legal actions, and doing it plays it.
    before = version(page)
    page.focus('[data-key="hint-do"]')
    page.keyboard.press("Enter")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)


def test_the_athletic_hint_keeps_the_whole_turn_while_it_is_followed(new_page: Callable[..., Any]) -> None:
    page = new_page()
    create_table(page, "athletic", name="Ada", seats=["bot:random"])
    wait_my_turn(page)
    text = ask_for_a_hint(page)
    assert "Hard bot plays" in text
    steps = page.locator(".hint-choices > li.chosen .hint-steps > li").count() or 1
    assert serious_findings(page) == []
    shoot(page, "hint-athletic", docs=True)
    followed = 0
    while page.locator('[data-key="hint-do"]').count():
        # The whole turn is still shown, the steps played struck through, the next one highlighted on the table.
        assert page.locator(".hint-box").count() == 1
        if steps > 1:
            assert page.locator(".hint-choices > li.chosen .hint-steps > li.done").count() == followed
            assert page.locator(".hint-choices > li.chosen .hint-steps > li").count() == steps
        if followed < steps - 1:
            assert page.locator(".card.hinted").count() >= 1 or "end" in legal(page)
        if followed == 1:
            shoot(page, "hint-athletic-following", docs=True)
        click_and_wait(page, '[data-key="hint-do"]')
        followed += 1
        assert followed <= steps
    assert followed == steps  # the whole turn was played without asking again
    # The turn is over: the hint belonged to it and is gone.
    assert page.locator(".hint-box").count() == 0
