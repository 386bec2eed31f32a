"""Joining a table from its link and playing at it, as a person does: what they type and click survives redraws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import create_table, join_table, my_turn, version, wait_synced


def test_a_name_typed_before_a_redraw_is_still_there_when_join_is_clicked(new_page: Callable[..., Any]) -> None:
    # Someone else taking a seat changes the free seats, so the form is drawn anew; the name typed before it must
    # still be what Join sends.
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human", "human"], options={"rounds": 1})
    table_id = url.rstrip("/").rsplit("/", 1)[-1]
    bob = new_page()
    bob.goto(url)
    bob.wait_for_selector("#join-name")
    wait_synced(bob)
    bob.fill("#join-name", "Bob")
    syncs = bob.evaluate("Number(document.body.dataset.syncs || 0)")
    answer = bob.request.post(f"/api/tables/{table_id}/join", data={"name": "Carol", "seat": 2})
    assert answer.status == 200
    bob.wait_for_function(f"Number(document.body.dataset.syncs || 0) > {syncs}")  # the page has redrawn
    assert bob.input_value("#join-name") == "Bob"
    bob.click(".join-form button[type=submit]")
    bob.wait_for_function("document.body.dataset.seat === '1'")
    alice.wait_for_selector("body[data-status=playing]")
    assert "Bob" in alice.inner_text("#board") and "Carol" in alice.inner_text("#board")


def test_a_redraw_between_pressing_and_releasing_join_still_joins(new_page: Callable[..., Any]) -> None:
    # A sync that arrives while the button is held down (here: the creator's page closing, which everyone's seat list
    # shows) must not replace the button under the pointer: the release would then miss it and the join be lost.
    # Two fresh-clone CI runs on 2 cores lost joins this way, the spectator's first sync arriving during the click.
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human"], options={"rounds": 1})
    bob = new_page()
    bob.goto(url)
    bob.wait_for_selector("#join-name")
    wait_synced(bob)
    bob.fill("#join-name", "Bob")
    box = bob.locator(".join-form button[type=submit]").bounding_box()
    assert box is not None
    bob.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    syncs = bob.evaluate("Number(document.body.dataset.syncs || 0)")
    bob.mouse.down()
    alice.close()
    bob.wait_for_function(f"Number(document.body.dataset.syncs || 0) > {syncs}")  # redrawn with the button held
    bob.wait_for_selector(".seat-list .seat.taken:not(.online)")
    bob.mouse.up()
    bob.wait_for_function("document.body.dataset.seat === '1'")
    wait_synced(bob)


def test_a_move_held_down_across_a_sync_that_only_says_who_is_online_is_still_made(
    new_page: Callable[..., Any],
) -> None:
    # The other player's page closing changes only who is online (the same version). The page must not draw its
    # move buttons anew for that: a button replaced under the pointer between press and release loses the click.
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human"], options={"rounds": 1})
    bob = new_page()
    join_table(bob, url, "Bob")
    alice.wait_for_selector("body[data-status=playing]")
    wait_synced(alice)
    mover, other = (alice, bob) if my_turn(alice) else (bob, alice)
    mover.wait_for_function("document.body.dataset.myTurn === 'true'")
    before = version(mover)
    box = mover.locator("#legal button.legal").first.bounding_box()
    assert box is not None
    mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    syncs = mover.evaluate("Number(document.body.dataset.syncs || 0)")
    mover.mouse.down()
    other.close()
    mover.wait_for_function(f"Number(document.body.dataset.syncs || 0) > {syncs}")  # the presence sync, held down
    assert version(mover) == before
    mover.mouse.up()
    mover.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
