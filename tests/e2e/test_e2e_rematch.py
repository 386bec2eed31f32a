"""Rematch in the browser: a double click on Rematch makes one new table and keeps the player's seat; the other
player follows the announcement into their own seat (issue 14: a second request once took the other seat)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

from e2e_support import LiveServer
from websockets.sync.client import connect


def finished_two_human_table(page: Any) -> tuple[str, dict[int, str]]:
    """A Golf table of two humans played to the end over the WebSocket (quicker than clicking through it): its id
    and the seat tokens."""
    made = page.request.post(
        "/api/tables",
        data={
            "game": "golf",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "name": "Alice",
            "options": {"rounds": 1},
        },
    ).json()
    table_id = made["table"]["id"]
    other = page.request.post(f"/api/tables/{table_id}/join", data={"name": "Bob"}).json()
    tokens = {made["seat"]: made["token"], other["seat"]: other["token"]}
    return table_id, tokens


def play_to_end(server: LiveServer, table_id: str, tokens: dict[int, str]) -> None:
    rng = random.Random(3)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(connect(url, proxy=None, open_timeout=5)) for seat in tokens}
        last: dict[int, dict[str, Any]] = {}
        for seat, s in sockets.items():
            s.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            assert json.loads(s.recv(timeout=10))["type"] == "welcome"
        for version in range(2000):  # one action per version: the two humans are the only players
            for seat, s in sockets.items():  # read each seat's frames up to the current version
                while seat not in last or last[seat]["version"] < version:
                    frame = json.loads(s.recv(timeout=10))
                    if frame["type"] == "sync":
                        last[seat] = frame
            if "result" in last[0]:
                return
            seat = next(seat for seat in sockets if last[seat]["legal"])
            legal = [a["action"] for a in last[seat]["legal"]]
            knock = [a for a in legal if a.get("type") == "knock"]  # the shortest way to the end
            action = knock[0] if knock else rng.choice(legal)
            sockets[seat].send(json.dumps({"type": "action", "version": version, "action": action}))
        raise AssertionError("the game did not end")


def seat_page(new_page: Callable[..., Any], table_id: str, seat: int, token: str) -> Any:
    page = new_page()
    page.goto("/")
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem('podium.seat.' + id, JSON.stringify({seat, token, at: 0}))",
        [table_id, seat, token],
    )
    page.goto(f"/t/{table_id}")
    page.wait_for_selector('.result-panel [data-key="rematch"]')
    return page


def test_double_click_on_rematch_makes_one_table_and_both_players_keep_their_seats(
    new_page: Callable[..., Any], server: LiveServer
) -> None:
    table_id, tokens = finished_two_human_table(new_page())
    play_to_end(server, table_id, tokens)
    alice = seat_page(new_page, table_id, 0, tokens[0])
    bob = seat_page(new_page, table_id, 1, tokens[1])
    assert alice.evaluate("document.body.dataset.seat") == "0"

    alice.dblclick('[data-key="rematch"]')
    alice.wait_for_url(lambda u: table_id not in u)
    alice.wait_for_selector("body[data-status=waiting]")
    new_id = alice.url.rsplit("/", 1)[1]
    old = alice.request.get(f"/api/tables/{table_id}").json()
    assert old["rematch"] == new_id
    new = alice.request.get(f"/api/tables/{new_id}").json()
    assert [s["taken"] for s in new["seats"]] == [True, False]  # one request: Bob's seat is still free
    assert alice.evaluate("document.body.dataset.seat") == "0"

    bob.wait_for_selector('[data-key="rematch"]:has-text("Join the rematch")')
    bob.dblclick('[data-key="rematch"]')
    bob.wait_for_url(f"**/t/{new_id}")
    bob.wait_for_selector("body[data-status=playing]")
    assert bob.evaluate("document.body.dataset.seat") == "1"
    alice.wait_for_selector("body[data-status=playing]")
    assert alice.evaluate("document.body.dataset.seat") == "0"
    seats = alice.request.get(f"/api/tables/{new_id}").json()["seats"]
    assert [(s["name"], s["taken"]) for s in seats] == [("Alice", True), ("Bob", True)]
