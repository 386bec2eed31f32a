"""Issue 28: a rematch table keeps its free seats for the players of the finished game. A stranger could take the
opponent's seat from the lobby (the opponent then got 409 for good), and once a rematch expired unjoined, asking for
a rematch answered 404 forever."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server_support import LiveServer, error, live_server, play_to_end, two_humans

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game


def finished(server: LiveServer) -> dict[str, Any]:
    """A finished table of two humans (Ann at seat 0, Bo at seat 1): its id and each seat's token."""
    made = two_humans(server, PLUGIN, {"hands": 1})
    sockets = {}
    for seat, token in made["tokens"].items():
        sockets[seat] = server.ws(made["id"])
        sockets[seat].hello(token)
    play_to_end(sockets, [], random.Random(3))
    for s in sockets.values():
        s.close()
    return made


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_rematch_seat_is_kept_for_its_player(tmp_path: Path) -> None:
    with live_server(tmp_path / "db.sqlite3") as server, server.http() as client:
        old = finished(server)
        ann, bo = old["tokens"][0], old["tokens"][1]
        new = client.post(f"/api/tables/{old['id']}/rematch", headers=bearer(ann)).json()
        new_id = new["table"]["id"]
        assert new["table"]["status"] == "waiting" and new["table"]["seats"][1]["reserved"] is True
        assert new_id not in [t["id"] for t in client.get("/api/tables").json()]  # not offered in the lobby
        error(client.post(f"/api/tables/{new_id}/join", json={"name": "Eve"}), 409, "seat_reserved")
        error(client.post(f"/api/tables/{new_id}/join", json={"name": "Eve", "seat": 1}), 409, "seat_reserved")
        mine = client.post(f"/api/tables/{old['id']}/rematch", headers=bearer(bo))
        assert mine.status_code in (200, 201), mine.text
        assert mine.json()["seat"] == 1 and mine.json()["table"]["status"] == "playing"
        assert [s["name"] for s in mine.json()["table"]["seats"]] == ["Ann", "Bo"]


def test_a_rematch_can_be_asked_again_after_an_unjoined_one_expired(tmp_path: Path) -> None:
    with (
        live_server(tmp_path / "db.sqlite3", waiting_ttl=0.3, sweep_interval=0.1) as server,
        server.http() as client,
    ):
        old = finished(server)
        ann, bo = old["tokens"][0], old["tokens"][1]
        first = client.post(f"/api/tables/{old['id']}/rematch", headers=bearer(ann)).json()["table"]["id"]
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{first}").status_code != 404:
            assert time.monotonic() < deadline, "the unjoined rematch did not expire"
            time.sleep(0.05)
        again = client.post(f"/api/tables/{old['id']}/rematch", headers=bearer(bo))
        assert again.status_code == 201, again.text
        second = again.json()["table"]["id"]
        assert second != first and again.json()["seat"] == 1
        assert client.get(f"/api/tables/{old['id']}").json()["rematch"] == second
        joined = client.post(f"/api/tables/{old['id']}/rematch", headers=bearer(ann)).json()
        assert joined["table"]["id"] == second and joined["seat"] == 0
        assert joined["table"]["status"] == "playing"
