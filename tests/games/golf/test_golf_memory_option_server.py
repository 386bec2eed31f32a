"""Play from memory (issue 14, "Golf as at a real table"; issue 27: "each rule once"): Golf's own rule option `memory`
(G-4: a player never looks at their face-down cards again). The server knows nothing of it as such: it travels as a
game option (stored, kept by a rematch and a restart), and its hiding is in the view the server sends
(`State.shown_view`), so a remembered card never leaves the server. A database of schema 2, where it was a column
of every table that only the clients read, is migrated: a flagged Golf table becomes one with the option set.
Another game (the plugin game, Kuhn poker) has no such option and refuses it."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from podium.core.record import Record
from podium.server.migrations import SCHEMA_VERSION
from server_support import Socket, create, live_server, play_to_end


def golf(seats: list[str], **options: Any) -> dict[str, Any]:
    return {
        "game": "golf",
        "players": len(seats),
        "options": {"rounds": 1, **options},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
    }


def test_memory_is_a_golf_option_stored_kept_by_rematch_and_restart(tmp_path: Path) -> None:
    db = tmp_path / "memory.sqlite3"
    with live_server(db) as server, server.http() as http:
        listed = {g["name"]: g for g in http.get("/api/games").json()}
        assert any(o["name"] == "memory" and o["default"] is False for o in listed["golf"]["options"])
        plain = http.post("/api/tables", json=golf(["human", "human"])).json()
        assert "memory" not in plain["table"]["options"] and "memory" not in plain["table"]  # off: stored as before
        made = http.post("/api/tables", json=golf(["human", "random"], memory=True)).json()
        table_id = made["table"]["id"]
        assert made["table"]["options"]["memory"] is True and "memory" not in made["table"]
        socket = server.ws(table_id)
        socket.hello(made["token"])
        final = play_to_end({0: socket}, [], random.Random(3))
        assert final["table"]["options"]["memory"] is True and final["view"]["config"]["memory"] is True
        socket.close()
        rematch = http.post(f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {made['token']}"})
        assert rematch.status_code == 201 and rematch.json()["table"]["options"]["memory"] is True
        new_id = rematch.json()["table"]["id"]
    with live_server(db) as server, server.http() as http:  # stored, not only kept in memory
        assert http.get(f"/api/tables/{table_id}").json()["options"]["memory"] is True
        assert http.get(f"/api/tables/{new_id}").json()["options"]["memory"] is True
        assert "memory" not in http.get(f"/api/tables/{plain['table']['id']}").json()["options"]


def test_the_old_memory_field_of_a_request_is_refused_and_the_option_is_checked(tmp_path: Path) -> None:
    with live_server(tmp_path / "bad.sqlite3") as server, server.http() as http:
        response = http.post("/api/tables", json={**golf(["human", "human"]), "memory": True})
        assert response.status_code == 400, response.text
        assert "unknown field(s) ['memory']" in response.json()["error"]["message"]
        response = http.post("/api/tables", json=golf(["human", "human"], memory="sometimes"))
        assert response.status_code == 400 and "memory" in response.json()["error"]["message"]
        response = http.post("/api/tables", json={**golf(["human", "human"]), "game": "kuhn", "options": {}})
        assert response.status_code == 201
        response = http.post("/api/tables", json={**golf(["human", "human"]), "game": "kuhn",
                                                  "options": {"memory": True}})  # fmt: skip
        assert response.status_code == 400  # a game without the option refuses it like any unknown option
        assert len(http.get("/api/tables").json()) == 1  # nothing else was made


def remembered(truth_view: dict[str, Any], seat: int) -> set[str]:
    """The cards of `seat`'s hand that only its owner knows (the perfect-recall view): what it must remember."""
    hand, public = truth_view["hands"][seat], truth_view["public"][seat]
    return {card for card, shown in zip(hand, public, strict=True) if card is not None and not shown}


def strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [str(k), *strings(v)]]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return []


def test_no_frame_to_a_memory_seat_holds_a_remembered_card(tmp_path: Path) -> None:
    # G-4 from memory: after the moment a player sees one of their face-down cards (the peek's event at that
    # version), no frame of a later version names it while it lies face down in their hand; the player's own
    # `known_sum` leaves it out too. Two rounds, so that a round's cards come back in the next deal.
    with live_server(tmp_path / "db.sqlite3") as server, server.http() as http:
        made = create(http, "golf", ["human", "human", "random"], {"rounds": 2, "memory": True})
        table_id = made["table"]["id"]
        tokens = {0: made["token"], 1: http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()["token"]}
        sockets: dict[int, Socket] = {}
        for seat, token in tokens.items():
            sockets[seat] = server.ws(table_id)
            sockets[seat].hello(token)
        final = play_to_end(sockets, [], random.Random(27))
        record = Record.loads(http.get(f"/api/tables/{table_id}/record").text)
        for s in sockets.values():
            s.close()
    states = [record.start()] + [step.state.clone() for step in record.replay()]
    checked = hidden = 0
    for seat, socket in sockets.items():
        for frame in socket.frames:
            if frame["type"] != "sync" or frame["version"] == final["version"]:
                continue  # the end reveals every card
            truth = states[frame["version"]]
            truth_view = json.loads(json.dumps(truth.view(seat)))
            must_remember = remembered(truth_view, seat)
            moment = {s for e in frame["events"] for s in strings(e)}  # the cards seen at this version's action
            forbidden = must_remember - moment
            view = {k: v for k, v in frame["view"].items() if k != "last_round"}  # the last round's reveal: public
            found = forbidden & set(strings({**frame, "view": view}))
            assert not found, f"seat {seat} was sent remembered card(s) {found} at version {frame['version']}"
            own = frame["view"]["hands"][seat]
            assert all(c is None or frame["view"]["public"][seat][i] for i, c in enumerate(own))
            assert frame["view"]["owner_knows"] == truth_view["owner_knows"]  # what they have seen is public
            checked += 1
            hidden += len(forbidden)
    assert checked > 20 and hidden > 20  # the test saw many remembered cards


SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, num_players INTEGER NOT NULL,
    seed INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL, rematch_of TEXT, rematch TEXT, result TEXT);
CREATE INDEX tables_status ON tables (status);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables (id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, name TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables (id), ply INTEGER NOT NULL, seat INTEGER NOT NULL,
    action TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, ply));
INSERT INTO meta VALUES ('schema', '1');
"""
SCHEMA_2 = (
    SCHEMA_1.replace("result TEXT);", "result TEXT, memory INTEGER NOT NULL DEFAULT 0, alive REAL);")
    .replace("CREATE INDEX tables_status ON tables (status);", "")
    .replace("VALUES ('schema', '1')", "VALUES ('schema', '2')")
    + "CREATE INDEX tables_open ON tables (created) WHERE status IN ('waiting', 'playing');"
)


def old_table(conn: sqlite3.Connection, table_id: str, game: str, options: dict[str, Any], *memory: int) -> None:
    values = "?, ?, ?, 2, 7, ?, 'waiting', NULL, NULL, NULL" + ", ?, ?" * bool(memory)
    extra = (*memory, time.time()) if memory else ()
    conn.execute(f"INSERT INTO tables VALUES ({values})", (table_id, game, json.dumps(options), time.time(), *extra))
    conn.execute("INSERT INTO seats VALUES (?, 0, 'human', NULL, 'Ann', ?)", (table_id, "0" * 64))
    conn.execute("INSERT INTO seats VALUES (?, 1, 'human', NULL, NULL, NULL)", (table_id,))


def test_a_database_of_schema_2_is_migrated_its_memory_tables_become_golf_tables_with_the_option(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.executescript(SCHEMA_2)
        old_table(conn, "golf-memory", "golf", {"rounds": 1}, 1)
        old_table(conn, "golf-plain", "golf", {"rounds": 1}, 0)
        old_table(conn, "kuhn-memory", "kuhn", {}, 1)  # the flag meant nothing there: dropped
    with live_server(db) as server, server.http() as http:
        assert http.get("/api/tables/golf-memory").json()["options"]["memory"] is True
        assert "memory" not in http.get("/api/tables/golf-plain").json()["options"]
        other_game = http.get("/api/tables/kuhn-memory").json()
        assert "memory" not in other_game["options"] and "memory" not in other_game
        assert {t["id"] for t in http.get("/api/tables").json()} == {"golf-memory", "golf-plain", "kuhn-memory"}
        other = http.post("/api/tables/golf-memory/join", json={"name": "Bo"}).json()
        socket = server.ws("golf-memory")
        sync = socket.hello(other["token"])
        assert sync["view"]["config"]["memory"] is True  # the game is played with the option
        socket.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == (str(SCHEMA_VERSION),)
        assert "memory" not in {r[1] for r in conn.execute("PRAGMA table_info(tables)")}


def test_a_database_of_schema_1_is_upgraded(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.executescript(SCHEMA_1)
        old_table(conn, "old-table", "golf", {"rounds": 1})
    with live_server(db) as server, server.http() as http:
        table = http.get("/api/tables/old-table").json()
        assert "memory" not in table["options"] and table["status"] == "waiting"
        assert [t["id"] for t in http.get("/api/tables").json()] == ["old-table"]  # resumed at the start
        made = http.post("/api/tables", json=golf(["human", "human"], memory=True)).json()
        assert made["table"]["options"]["memory"] is True
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == (str(SCHEMA_VERSION),)
        assert {"alive"} <= {r[1] for r in conn.execute("PRAGMA table_info(tables)")}
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
        assert "tables_open" in indexes and "tables_status" not in indexes
