"""A dropped connection: the page notices, reconnects on its own with backoff, and resyncs from the snapshot;
a reload keeps the seat (the token lives in localStorage)."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from e2e_support import click_and_wait, create_table, join_table, legal, my_turn, start_server, version, wait_my_turn


def peek_twice(page: Any, seat: int) -> None:
    for _ in range(2):
        wait_my_turn(page)
        slot = int(next(a for a in legal(page) if a.startswith("peek ")).split()[1]) - 1
        click_and_wait(page, f'[data-key="g-{seat}-{slot}"]')


def test_reconnect_after_going_offline(new_page: Callable[..., Any]) -> None:
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human"], options={"rounds": 1})
    bob = new_page()
    join_table(bob, url, "Bob")
    peek_twice(alice, 0)
    assert version(alice) == 2

    alice.context.set_offline(True)
    alice.wait_for_function("['offline', 'reconnecting'].includes(document.body.dataset.conn)")
    assert alice.locator("#conn").inner_text() != "connected"

    peek_twice(bob, 1)  # the game goes on while Alice is away
    assert version(bob) == 4
    assert version(alice) == 2

    alice.context.set_offline(False)
    alice.wait_for_selector("#conn[data-status=connected]")
    alice.wait_for_function("Number(document.body.dataset.version) === 4")
    assert my_turn(alice)  # round 1 starts with seat 0 (G-3.4)
    # the moves made while she was away are in her log, rebuilt from the server's record (issue 29)
    alice.wait_for_function("document.querySelector('#log-list').innerText.includes('Bob peeks at card 2')")
    assert "synced at move" not in alice.inner_text("#log-list")
    click_and_wait(alice, '[data-key="stock"]')  # and she can play at once
    assert alice.locator('[data-key="drawn"]').count() == 1

    # A reload is a reconnect too: same seat, same card in hand, still her move.
    alice.reload()
    alice.wait_for_selector("#conn[data-status=connected]")
    alice.wait_for_function("Number(document.body.dataset.version) === 5")
    assert alice.evaluate("document.body.dataset.seat") == "0"
    assert "Alice (you)" in alice.inner_text("#board")
    assert alice.locator('[data-key="drawn"] .pip').count() == 1  # she still sees the card she drew
    assert my_turn(alice)


def test_reconnect_after_a_server_restart(new_page: Callable[..., Any], tmp_path: Path) -> None:
    """The server dies (SIGKILL) and comes back on the same address with the same database: the page retries with
    backoff, then resyncs to the game as it was committed."""
    db = tmp_path / "restart.db"
    live = start_server(db)
    port = int(live.url.rsplit(":", 1)[1])
    try:
        page = new_page()
        create_table(page, "golf", name="Rita", seats=["bot:random"], options={"rounds": 1}, base=live.url)
        assert page.url.startswith(live.url)
        peek_twice(page, 0)
        wait_my_turn(page)
        before = version(page)
        syncs = int(page.evaluate("Number(document.body.dataset.syncs)"))

        live.process.send_signal(signal.SIGKILL)
        live.process.wait(timeout=10)
        page.wait_for_function("document.body.dataset.conn === 'reconnecting'")
        live = start_server(db, port)
        page.wait_for_selector("#conn[data-status=connected]", timeout=20_000)
        page.wait_for_function("n => Number(document.body.dataset.syncs) > n", arg=syncs)
        assert version(page) == before
        # the two cards Rita looked at before the crash are still hers to see (the acknowledged peeks survived)
        assert page.locator(".golf-player.me .card.private").count() == 2, (
            "the restarted server lost acknowledged moves"
        )
        assert my_turn(page)
        click_and_wait(page, '[data-key="stock"]')
    finally:
        live.stop()
