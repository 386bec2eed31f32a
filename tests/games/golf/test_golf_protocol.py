"""Golf's actions sent to the server (every game's protocol: tests/server/test_protocol.py): which wrong actions are
no Golf action at all (`malformed`) and which are Golf actions the rules do not allow now (`illegal`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from server_support import LiveServer, live_server, two_humans


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("golf-protocol") / "db.sqlite3") as live:
        yield live


@pytest.mark.parametrize(
    ("action", "code"),
    [
        # An action of the wrong shape is no Golf action (MalformedAction): malformed, never illegal.
        ("knock", "malformed"),
        ({"type": "swap", "slot": "2"}, "malformed"),
        ({"type": "peek", "slot": 4}, "malformed"),  # G-3.1: four cards
        ({"type": "draw", "card": "K"}, "malformed"),
        # A Golf action that the rules do not allow now (IllegalAction): illegal.
        ({"type": "knock"}, "illegal"),  # not in the peek phase
        ({"type": "swap", "slot": 0}, "illegal"),  # G-3.3: peeks first
    ],
)
def test_a_wrong_golf_action_is_malformed_or_illegal_and_changes_nothing(
    server: LiveServer, action: Any, code: str
) -> None:
    t = two_humans(server, "golf")
    s = server.ws(t["id"])
    sync = s.hello(t["tokens"][0])
    s.send(json.dumps({"type": "action", "version": 0, "action": action}))
    frame = s.until("error")
    assert frame["code"] == code and frame["version"] == 0 and frame["message"], frame
    with server.http() as http:
        assert http.get(f"/api/tables/{t['id']}").json()["version"] == 0
    s.send({"type": "action", "version": 0, "action": sync["legal"][0]["action"]})  # the socket still works
    assert s.ack()["version"] == 1


def test_golf_has_a_hint_for_the_seat_to_move(server: LiveServer) -> None:
    # Every game has hard's hint (issue 29): at the deal, G-3's peek (an action without a search, so no estimate)
    t = two_humans(server, "golf")
    s = server.ws(t["id"])
    sync = s.hello(t["tokens"][0])
    s.send({"type": "hint"})
    hint = s.until("hint")
    assert hint["version"] == sync["version"]
    legal = [entry["action"] for entry in sync["legal"]]
    assert hint["choices"] and all(c["actions"][0] in legal for c in hint["choices"])
    assert hint["actions"] == next(c["actions"] for c in hint["choices"] if c["chosen"])
