"""The game log of GET /api/tables/{id}/log (issue 29), checked through the real server: the rebuilt log of each seat
and of a spectator is exactly what their sockets received live, move by move (the live frames are the ones the leak
tests check), so a reload, a language switch or a second device shows the whole game and nothing more."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_support import Socket, live_server, play_to_end, two_humans

Entry = tuple[int, int, Any, list[Any]]


def live_log(socket: Socket) -> list[Entry]:
    """(version, seat, action, events) of every move this socket's syncs carried, in order."""
    out = []
    for frame in socket.frames:
        if frame["type"] == "sync" and frame.get("last") is not None and frame["version"] > 0:
            out.append((frame["version"], frame["last"]["seat"], frame["last"]["action"], frame["events"]))
    return list({entry[0]: entry for entry in out}.values())  # a resent sync of a version counts once


def rebuilt(http: Any, table_id: str, token: str | None) -> list[Entry]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = http.get(f"/api/tables/{table_id}/log", headers=headers)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["version"] == len(data["entries"])
    return [(e["version"], e["seat"], e["action"], e["events"]) for e in data["entries"]]


def check_rebuilt_logs(game: str, options: dict[str, Any], tmp_path: Path) -> None:
    """Two humans and a spectator play `game` to its end; each one's rebuilt log is what it saw live, and the
    spectator's has no private event."""
    with live_server(tmp_path / "log.db", rate_per_second=10_000.0, rate_burst=10_000.0) as server:
        table = two_humans(server, game, options)
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
