"""Joining a table from its link, as a person does: what they type in the join form survives the page redrawing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import create_table, wait_synced


def test_a_name_typed_before_a_redraw_is_still_there_when_join_is_clicked(new_page: Callable[..., Any]) -> None:
    # The form is drawn anew on every render (here: a sync caused by someone else joining, as a renderer arriving
    # also does); the name typed before it must still be what Join sends.
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
