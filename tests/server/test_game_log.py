"""GET /api/tables/{id}/log (issue 29): the game's log rebuilt from the table's record as each receiver may see it.
The rebuilt log of a seat and of a spectator is exactly what their sockets received live, move by move (the live
frames are the ones the leak tests check), so a reload, a language switch or a second device shows the whole game and
nothing more; a spectator's holds no private event, and a seat played from memory (Golf's G-4) gets no private
event of the past, which would name the cards it is to remember."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from server_support import Socket, live_server, play_to_end, two_humans

FAST = {"golf": {"rounds": 1}, "athletic": {"medals_to_win": 1}, "olympicards": {}, "kuhn": {"hands": 1}}


def live_log(socket: Socket) -> list[tuple[int, int, Any, list[Any]]]:
    """(version, seat, action, events) of every move this socket's syncs carried, in order."""
    out = []
    for frame in socket.frames:
        if frame["type"] == "sync" and frame.get("last") is not None and frame["version"] > 0:
            out.append((frame["version"], frame["last"]["seat"], frame["last"]["action"], frame["events"]))
    return list(dict((entry[0], entry) for entry in out).values())  # a resent sync of a version counts once


def rebuilt(http: Any, table_id: str, token: str | None) -> list[tuple[int, int, Any, list[Any]]]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = http.get(f"/api/tables/{table_id}/log", headers=headers)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["version"] == len(data["entries"])
    return [(e["version"], e["seat"], e["action"], e["events"]) for e in data["entries"]]


@pytest.mark.parametrize("game", sorted(FAST))
def test_the_rebuilt_log_is_what_each_receiver_saw_live(game: str, tmp_path: Path) -> None:
    with live_server(tmp_path / "log.db", rate_per_second=10_000.0, rate_burst=10_000.0) as server:
        table = two_humans(server, game, FAST[game])
        sockets = {}
        for seat, token in table["tokens"].items():
            sockets[seat] = server.ws(table["id"])
            sockets[seat].hello(token)
        watcher = server.ws(table["id"])
        watcher.hello(None)
        play_to_end(sockets, [watcher], random.Random(29))
        with server.http() as http:
            for seat, token in table["tokens"].items():
                assert rebuilt(http, table["id"], token) == live_log(sockets[seat]), f"seat {seat}"
            spectator = rebuilt(http, table["id"], None)
            assert spectator == live_log(watcher)
            assert rebuilt(http, table["id"], "not-a-token") == spectator  # a wrong token is a spectator
        private = [e for *_, events in spectator for e in events if "visible_to" in e]
        assert not private, private[:3]
        for s in [*sockets.values(), watcher]:
            s.close()


def test_a_seat_played_from_memory_gets_no_private_event_of_the_past(tmp_path: Path) -> None:
    # G-4 (option memory): the cards a player looked at are theirs to remember; the log must not name them again
    with live_server(tmp_path / "memory.db") as server:
        table = two_humans(server, "golf", {"memory": True, "peek": "choose"})
        socket = server.ws(table["id"])
        sync = socket.hello(table["tokens"][0])
        for _ in range(2):  # seat 0 peeks at two cards: each peek's event names its card, to seat 0 only
            peek = next(e for e in sync["legal"] if e["action"]["type"] == "peek")
            socket.send({"type": "action", "version": sync["version"], "action": peek["action"]})
            sync = socket.ack()
        assert any("card" in e for e in live_log(socket)[0][3])  # the live event did name it, at that moment
        with server.http() as http:
            mine = rebuilt(http, table["id"], table["tokens"][0])
        assert len(mine) == 2
        assert all(not events for *_, events in mine), mine
        socket.close()
