"""The table option `memory` (issue 14, "Golf as at a real table"): a client display choice the server stores with
the table, keeps through a rematch and a restart, and shows in every `table` object — and does nothing else with."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from server_support import live_server, play_to_end


def golf(seats: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "game": "golf",
        "players": len(seats),
        "options": {"rounds": 1},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
        **extra,
    }


def test_memory_is_stored_shown_everywhere_kept_by_rematch_and_restart(tmp_path: Path) -> None:
    db = tmp_path / "memory.sqlite3"
    with live_server(db) as server, server.http() as http:
        plain = http.post("/api/tables", json=golf(["human", "human"])).json()
        assert plain["table"]["memory"] is False  # off by default
        made = http.post("/api/tables", json=golf(["human", "human"], memory=True)).json()
        table_id = made["table"]["id"]
        assert made["table"]["memory"] is True
        assert http.get(f"/api/tables/{table_id}").json()["memory"] is True
        listed = {t["id"]: t["memory"] for t in http.get("/api/tables").json()}
        assert listed == {table_id: True, plain["table"]["id"]: False}
        other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
        assert other["table"]["memory"] is True
        sockets = {0: server.ws(table_id), 1: server.ws(table_id)}
        sockets[0].hello(made["token"])
        sockets[1].hello(other["token"])
        assert next(f for f in sockets[0].frames if f["type"] == "welcome")["table"]["memory"] is True
        final = play_to_end(sockets, [], random.Random(3))
        assert final["table"]["memory"] is True
        assert all(f["table"]["memory"] is True for s in sockets.values() for f in s.frames if f["type"] == "sync")
        for s in sockets.values():
            s.close()
        rematch = http.post(f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {made['token']}"})
        assert rematch.status_code == 201 and rematch.json()["table"]["memory"] is True
        new_id = rematch.json()["table"]["id"]
    with live_server(db) as server, server.http() as http:  # stored, not only kept in memory
        assert http.get(f"/api/tables/{table_id}").json()["memory"] is True
        assert http.get(f"/api/tables/{new_id}").json()["memory"] is True
        assert http.get(f"/api/tables/{plain['table']['id']}").json()["memory"] is False


@pytest.mark.parametrize("value", ["yes", 1, 0, None, [], {}])
def test_memory_must_be_a_boolean(tmp_path: Path, value: Any) -> None:
    with live_server(tmp_path / "bad.sqlite3") as server, server.http() as http:
        response = http.post("/api/tables", json=golf(["human", "human"], memory=value))
        assert response.status_code == 400, response.text
        assert response.json()["error"] == {"code": "bad_request", "message": "'memory' must be true or false"}
        assert http.get("/api/tables").json() == []  # nothing was made


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


def test_a_database_of_schema_1_is_upgraded_and_its_tables_have_memory_off(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.executescript(SCHEMA_1)
        conn.execute(
            "INSERT INTO tables VALUES ('old-table', 'golf', ?, 2, 7, ?, 'waiting', NULL, NULL, NULL)",
            (json.dumps({"rounds": 1}), time.time()),
        )
        conn.execute("INSERT INTO seats VALUES ('old-table', 0, 'human', NULL, 'Ann', ?)", ("0" * 64,))
        conn.execute("INSERT INTO seats VALUES ('old-table', 1, 'human', NULL, NULL, NULL)")
    with live_server(db) as server, server.http() as http:
        table = http.get("/api/tables/old-table").json()
        assert table["memory"] is False and table["status"] == "waiting"
        assert [t["id"] for t in http.get("/api/tables").json()] == ["old-table"]  # resumed at the start
        made = http.post("/api/tables", json=golf(["human", "human"], memory=True)).json()
        assert made["table"]["memory"] is True
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("2",)
