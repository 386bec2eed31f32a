"""The game log rebuilt from the record (GET /api/tables/{id}/log, issue 29): what each seat and a spectator saw live
(G-3.3: a peeked card is its owner's alone; the check: tests/server_log_support.py), and with the option memory (G-4)
no private event of the past, which would name the cards the player is to remember."""

from __future__ import annotations

from pathlib import Path

from server_log_support import check_rebuilt_logs, live_log, rebuilt
from server_support import live_server, two_humans


def test_the_rebuilt_log_is_what_each_receiver_saw_live(tmp_path: Path) -> None:
    check_rebuilt_logs("golf", {"rounds": 1}, tmp_path)


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
