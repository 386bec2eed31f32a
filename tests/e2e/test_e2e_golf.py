"""Golf in the browser: two people in their own browsers and a bot play a one-round game to the end; the Known
total is the view's `known_sum`."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import (
    click_and_wait,
    create_table,
    is_over,
    join_table,
    legal,
    my_turn,
    no_horizontal_overflow,
    shoot,
    version,
)


class GolfPlayer:
    """Plays through the table's pictures (cards, stock, discard pile), not the fallback list: peek the first
    two cards, then draw and swap into an unseen slot (Alice) or draw and discard (Bob), and knock on the second
    turn when allowed."""

    def __init__(self, page: Any, seat: int, swap: bool) -> None:
        self.page = page
        self.seat = seat
        self.swap = swap
        self.turns = 0

    def step(self) -> None:
        actions = legal(self.page)
        page = self.page
        peeks = [a for a in actions if a.startswith("peek ")]
        if peeks:
            slot = int(peeks[0].split()[1]) - 1
            click_and_wait(page, f'[data-key="g-{self.seat}-{slot}"]')
            return
        if "draw" in actions:
            if "knock" in actions and self.turns >= 1:
                click_and_wait(page, '[data-key="btn-knock"]')
                self.turns += 1
                return
            click_and_wait(page, '[data-key="stock"]')
            return
        swaps = [a for a in actions if a.startswith("swap ")]
        if swaps:
            # a card is in hand: the page shows it and offers every slot
            assert page.locator('[data-key="drawn"]').count() == 1
            assert page.locator(".golf-player.me button.card.target").count() == len(swaps)
            if self.swap or "discard" not in actions:
                click_and_wait(page, f'[data-key="g-{self.seat}-2"]')
            else:
                click_and_wait(page, '[data-key="discard"]')
            self.turns += 1
            return
        # anything else (pass …): the fallback list reaches every legal action
        click_and_wait(page, "#legal button.legal")


def test_golf_two_browsers_and_a_bot_play_to_the_end(new_page: Callable[..., Any]) -> None:
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human", "bot:random"], options={"rounds": 1})
    assert alice.locator(".share-url").input_value() == url
    assert "Waiting for 1 more player" in alice.inner_text("#turn")

    bob = new_page(width=390, height=844)  # a phone
    join_table(bob, url, "Bob")
    alice.wait_for_selector("body[data-status=playing]")
    assert "Bob" in alice.inner_text("#board")
    assert "Alice" in bob.inner_text("#board")

    players = [GolfPlayer(alice, 0, swap=True), GolfPlayer(bob, 1, swap=False)]
    shot_taken = False
    deadline = time.monotonic() + 60
    while not (is_over(alice) and is_over(bob)):
        assert time.monotonic() < deadline, f"the game did not finish; versions {version(alice)} {version(bob)}"
        acted = False
        for player in players:
            if my_turn(player.page) and not is_over(player.page):
                player.step()
                acted = True
        if not acted:
            alice.wait_for_timeout(50)
        if not shot_taken and players[0].turns == 1 and players[1].turns == 1:
            # mid-game picture: both have played a turn (cards seen, a card swapped in, the discard pile grown)
            shoot(alice, "golf", docs=True)
            shoot(bob, "golf-phone", docs=True)
            shot_taken = True

    for page in (alice, bob):
        panel = page.locator(".result-panel")
        assert "Game over" in panel.inner_text()
        assert panel.locator("table.ranking tbody tr").count() == 3
        assert panel.locator('[data-key="rematch"]').count() == 1
        assert page.locator(".last-round").count() >= 1  # every hand revealed
    assert "Alice" in alice.inner_text("#log-list") and "knock" in alice.inner_text("#log-list")
    assert no_horizontal_overflow(bob), "the phone-width table scrolls sideways"
    shoot(alice, "golf-result")

    # Rematch: Alice opens a new table with the same options and bot, Bob follows the announcement.
    alice.click('[data-key="rematch"]')
    alice.wait_for_url(lambda u: u != url)
    bob.wait_for_selector('[data-key="rematch"]:has-text("Join the rematch")')
    bob.click('[data-key="rematch"]')
    bob.wait_for_url(alice.url)
    bob.wait_for_selector("body[data-status=playing]")
    assert bob.evaluate("document.body.dataset.seat") == "1"


@pytest.mark.parametrize("known", ["given", "absent"])
def test_six_card_golf_shows_the_known_total_the_view_gives(new_page: Callable[..., Any], known: str) -> None:
    """The Known total is the golf package's `known_sum` (G-8.4: a column pair counts 0 once both cards are known),
    shown as the view gives it, never summed in the browser: here every sync reaches the page with `known_sum`
    replaced by numbers no sum of the cards can give (100, 110), or without the key, which shows no total rather than
    a guess."""
    page = new_page()
    frames: list[dict[str, Any]] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "sync":
                frame["view"].pop("known_sum", None)
                if known == "given":
                    frame["view"]["known_sum"] = [100 + 10 * seat for seat in range(frame["view"]["num_players"])]
            frames.append(frame)
            ws.send(json.dumps(frame))

        server.on_message(from_server)

    page.route_web_socket("**/ws/tables/*", relay)
    create_table(page, "golf", name="Sid", seats=["bot:random"], options={"variant": "six", "rounds": 1})
    page.wait_for_selector("body[data-status=playing]")
    deadline = time.monotonic() + 30
    # the opening phase (turning two cards up), then the first ordinary turn: two cards of each hand are known by then
    while not (my_turn(page) and "draw" in legal(page)):
        assert time.monotonic() < deadline and not is_over(page), "no ordinary turn came"
        if my_turn(page):
            click_and_wait(page, "#legal button.legal")
        else:
            page.wait_for_timeout(50)
    view = next(f["view"] for f in reversed(frames) if f.get("type") == "sync" and f["version"] == version(page))
    totals = page.locator(".known-total")
    if known == "absent":
        assert totals.count() == 0
        return
    for seat in (0, 1):
        unknown = sum(card is None for card in view["hands"][seat])
        assert 0 < unknown < 6
        line = page.locator(f'.golf-player[data-seat="{seat}"] .known-total')
        assert line.inner_text() == f"Known total: {100 + 10 * seat} + {unknown} unknown"
