"""The post-game review in the browser (issue 29, item 6): from a finished table, a review page that replays the game
move by move as your seat saw it (buttons and arrow keys, forward and back), shows each of your decisions against
the hard bot's with its cost in win share, and lists your costliest moments first, each a link to its position.
The review is computed off the event loop: the page shows its progress meanwhile."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from axe_support import serious_findings
from e2e_support import click_and_wait, create_table, is_over, legal, no_horizontal_overflow, shoot, wait_my_turn

from podium.core.record import Record

REVIEW_WAIT = 240_000  # hard's search at each decision, beside the rest of the suite on two cores


def play_badly_to_the_end(page: Any) -> None:
    """A one-round Golf game (G-8) against a random bot, taking the last legal action each turn: decisions hard would
    often not make, so the review has costs to list."""
    for _ in range(200):
        wait_my_turn(page, timeout=60_000)
        if is_over(page):
            return
        actions = legal(page)
        click_and_wait(page, f'#legal button.legal[data-action="{actions[-1]}"]')
    raise AssertionError("the game did not end")


def test_the_review_replays_the_game_and_compares_each_decision_with_hard(new_page: Callable[..., Any]) -> None:
    page = new_page()
    create_table(page, "golf", name="Ada", seats=["bot:random"], options={"rounds": 1})
    play_badly_to_the_end(page)
    page.wait_for_selector('[data-key="review"]')
    page.click('[data-key="review"]')
    page.wait_for_url("**/review/**")
    # While hard weighs the decisions the page says so (the first answer may already be the whole review).
    page.wait_for_selector("#review-wait progress, #review-layout:not([hidden])")
    page.wait_for_selector("#review-layout:not([hidden])", timeout=REVIEW_WAIT)
    assert page.locator("#board .card").count() > 0  # the table as your seat saw it

    # The costliest moments come first and each is a link to its position.
    costly = page.locator(".costliest-list button.link")
    if costly.count():
        first = costly.first
        key = str(first.get_attribute("data-key"))
        first.click()
        at = int(key.removeprefix("costly-"))
        assert page.evaluate("Number(document.body.dataset.at)") == at
        text = page.inner_text("#moment")
        assert "You played:" in text and "Hard bot would play:" in text and "win share" in text
    else:
        assert "None" in page.inner_text("#costliest")
    assert serious_findings(page) == []
    shoot(page, "review", docs=True)

    # Forward and back with the buttons and the arrow keys; Home and End go to the ends.
    page.keyboard.press("Home")
    assert page.evaluate("Number(document.body.dataset.at)") == 0
    assert "The deal" in page.inner_text(".replay-move")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("Number(document.body.dataset.at)") == 1
    page.click('[data-key="forward"]')
    assert page.evaluate("Number(document.body.dataset.at)") == 2
    page.click('[data-key="back"]')
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("Number(document.body.dataset.at)") == 0
    page.keyboard.press("End")
    last = page.evaluate("Number(document.body.dataset.at)")
    assert last > 2 and page.locator('[data-key="forward"]').is_disabled()
    # Every decision of yours is compared with hard's: step through and find at least one.
    decisions = 0
    for at in range(last + 1):
        page.keyboard.press("Home") if at == 0 else page.keyboard.press("ArrowRight")
        if page.locator("#moment h2").count():
            decisions += 1
    assert decisions >= 2
    assert serious_findings(page) == []

    # In Hungarian and Norwegian, without a reload: the page's words and the game's.
    for lang, words in {
        "hu": ("Visszajátszás", "A legdrágább pillanataid"),
        "nb": ("Avspilling", "Dine dyreste øyeblikk"),
    }.items():
        page.select_option("#lang", lang)
        text = page.inner_text("#side")
        assert all(word in text for word in words), text
        assert "Replay" not in text and "costliest" not in text
    page.select_option("#lang", "en")

    # On a phone the review fits the width too.
    page.set_viewport_size({"width": 390, "height": 844})
    assert no_horizontal_overflow(page)
    shoot(page, "review-phone", docs=True)


def test_the_athletic_review_lists_the_costliest_turns_and_shows_only_what_the_seat_saw(
    new_page: Callable[..., Any],
) -> None:
    # Athletic's hard bot weighs whole turns (about 3 s a decision): a short game, one medal wins and four
    # turns in all at most, two of them yours. Each of your turns ends at once, turns hard would rather play.
    page = new_page()
    url = create_table(page, "athletic", name="Ada", seats=["bot:random"], options={"medals_to_win": 1, "max_turns": 4})
    table_id = url.rstrip("/").rsplit("/", 1)[-1]
    for _ in range(10):
        wait_my_turn(page, timeout=60_000)
        if is_over(page):
            break
        click_and_wait(page, '[data-key="end"]')
    else:
        raise AssertionError("the game did not end")
    page.wait_for_selector('[data-key="review"]')
    page.click('[data-key="review"]')
    page.wait_for_url("**/review/**")
    page.wait_for_selector("#review-layout:not([hidden])", timeout=REVIEW_WAIT)

    # What the page was sent, and the game itself (its record is public once it is over).
    token = page.evaluate("id => JSON.parse(localStorage.getItem('podium.seat.' + id)).token", table_id)
    answer = page.request.post(f"/api/tables/{table_id}/review", headers={"Authorization": f"Bearer {token}"}).json()
    assert answer["status"] == "done" and answer["review"]["seat"] == 0
    record = Record.loads(page.request.get(f"/api/tables/{table_id}/record").text())
    states = [record.start()] + [step.state.clone() for step in record.replay()]
    frames, moments = answer["frames"], {m["ply"]: m for m in answer["review"]["moments"]}
    assert moments and all(record.moves[ply][0] == 0 for ply in moments)  # your decisions only, one per turn
    # Each frame is exactly what your seat was shown at that point of the game: your hand, the opponent's count.
    assert [f["view"] for f in frames] == [json.loads(json.dumps(s.shown_view(0))) for s in states]

    # The costliest turns, costliest first, as the review weighed them; each a link to its position.
    costliest = answer["review"]["costliest"]
    links = page.locator(".costliest-list button.link")
    assert links.evaluate_all("els => els.map(e => e.dataset.key)") == [f"costly-{ply}" for ply in costliest]
    costs = [moments[ply]["cost"] for ply in costliest]
    assert costs == sorted(costs, reverse=True) and all(cost >= 0.005 for cost in costs)
    if costliest:
        assert page.evaluate("Number(document.body.dataset.at)") == costliest[0]  # the page opens on the costliest
        for i, ply in enumerate(costliest):
            links.nth(i).click()
            assert page.evaluate("Number(document.body.dataset.at)") == ply
            text = page.inner_text("#moment")
            assert "You played:" in text and "Hard bot would play:" in text
            said = re.search(r"It cost (\d+)\s?% win share", text)
            assert said and abs(int(said.group(1)) - costs[i] * 100) <= 0.5 + 1e-9, text
    else:
        assert "None" in page.inner_text("#costliest")
        assert all(m["cost"] is None or m["cost"] < 0.005 for m in moments.values())

    # Step through the whole game: each position shows your hand as it was and the opponent's as a count of backs;
    # your decisions are weighed against hard's where they were made, and nowhere else.
    page.keyboard.press("Home")
    for at, state in enumerate(states):
        if at:
            page.keyboard.press("ArrowRight")
        assert page.evaluate("Number(document.body.dataset.at)") == at
        shown = state.shown_view(0)
        hand = page.locator(".me .hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(hand) == sorted(shown["hand"])
        opponent = page.locator('.athletic-player[data-seat="1"]')
        assert opponent.locator("[data-card]").count() == 0
        assert opponent.locator(".mini-back").count() == min(shown["hand_sizes"][1], 10)
        assert (page.locator("#moment h2").count() == 1) == (at in moments)
    assert page.locator('[data-key="forward"]').is_disabled()
    assert serious_findings(page) == []
    shoot(page, "review-athletic")
