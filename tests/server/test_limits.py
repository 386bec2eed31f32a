"""Issue 14, defect 4: REST rate limits per client address (429 with Retry-After), waiting tables that expire,
finished tables that leave memory (their page, record and rematch then come from the database), and a start that
reads no finished table. Time is a fake clock; the housekeeping round (`sweep`) runs in the server's event loop."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.core.registry import game_names, get_game
from podium.server import ServerConfig, create_app
from podium.server.config import RateLimit
from podium.server.db import OPEN_TABLES_QUERY, ActionRow, Database, SeatRow, TableRow
from podium.server.manager import TableManager
from podium.server.migrations import Sql
from podium.server.ratelimit import ClientLimits, client_key

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup
TTL = 1800.0  # the default waiting_ttl
GRACE = 120.0  # the default finished_ttl


class FakeClock:
    """Seconds since 1970 that move only when a test moves them (from now: a start in between uses the real clock)."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now


@dataclass
class Server:
    client: TestClient
    clock: FakeClock

    @property
    def manager(self) -> TableManager:
        manager: TableManager = self.client.app.state.manager  # type: ignore[attr-defined]
        return manager

    def sweep(self) -> None:
        assert self.client.portal is not None
        self.client.portal.call(self.manager.sweep)  # in the event loop's thread, as the periodic task runs it


@contextlib.contextmanager
def serve(db: Path, clock: FakeClock | None = None, **settings: Any) -> Iterator[Server]:
    config = ServerConfig(db_path=db, bot_delay=0, sweep_interval=3600, **settings)
    with TestClient(create_app(config)) as client:
        server = Server(client, clock or FakeClock())
        server.manager.clock = server.clock
        yield server


def body(seats: list[str], game: str = PLUGIN, **extra: Any) -> dict[str, Any]:
    return {
        "game": game,
        "players": len(seats),
        "options": {"hands": 2} if game == PLUGIN else {},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
        **extra,
    }


@contextlib.contextmanager
def at_table(s: Server, made: dict[str, Any]) -> Iterator[Any]:
    """The socket of the seat `made` (a create's answer) gave, welcomed at its table."""
    with s.client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["type"] == "welcome"
        yield ws


def rate_limited(response: Any, retry_after: int) -> str:
    assert response.status_code == 429, response.text
    assert response.headers["retry-after"] == str(retry_after)
    error = response.json()["error"]
    assert error["code"] == "rate_limited" and f"try again in {retry_after} s" in error["message"]
    return str(error["message"])


def play_to_end(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """Play the seat of `token` (first legal action each turn) until the game ends; the final sync."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        for _ in range(2000):
            frame = ws.receive_json()
            if frame["type"] == "sync" and "result" in frame:
                return dict(frame)
            if frame["type"] == "sync" and frame["legal"]:
                ws.send_json({"type": "action", "version": frame["version"], "action": frame["legal"][0]["action"]})
    raise AssertionError("the game did not end")


# -- rate limits ----------------------------------------------------------------------------------------------


def test_create_is_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3", create_limit=RateLimit(burst=3, per_minute=2)) as s:
        for _ in range(3):  # the burst
            assert s.client.post("/api/tables", json=body(["human", "human"])).status_code == 201
        message = rate_limited(s.client.post("/api/tables", json=body(["human", "human"])), 30)
        assert "at most 3 at once, then 2 a minute" in message
        assert len(s.client.get("/api/tables").json()) == 3  # the refused create made nothing
        s.clock.now += 29
        rate_limited(s.client.post("/api/tables", json=body(["human", "human"])), 1)
        s.clock.now += 1  # half a minute after the refusal: one more token
        assert s.client.post("/api/tables", json=body(["human", "human"])).status_code == 201
        rate_limited(s.client.post("/api/tables", json=body(["human", "human"])), 30)
        # A bad body counts too (it is a request all the same), and other operations have their own limits.
        made = s.client.get("/api/tables").json()[0]
        assert s.client.post(f"/api/tables/{made['id']}/join", json={"name": "Bo"}).status_code == 200


def test_join_is_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3", join_limit=RateLimit(burst=2, per_minute=6)) as s:
        four = next(name for name in game_names() if get_game(name).max_players >= 4)  # a table of four humans
        ids = [s.client.post("/api/tables", json=body(["human"] * 4, four)).json()["table"]["id"] for _ in range(2)]
        assert s.client.post(f"/api/tables/{ids[0]}/join", json={"name": "Bo"}).status_code == 200
        assert s.client.post(f"/api/tables/{ids[1]}/join", json={"name": "Cy"}).status_code == 200
        rate_limited(s.client.post(f"/api/tables/{ids[0]}/join", json={"name": "Di"}), 10)
        rate_limited(s.client.post("/api/tables/no-such-table/join", json={"name": "Di"}), 10)  # before any lookup
        assert [seat["taken"] for seat in s.client.get(f"/api/tables/{ids[0]}").json()["seats"]] == [1, 1, 0, 0]
        s.clock.now += 10
        assert s.client.post(f"/api/tables/{ids[0]}/join", json={"name": "Di"}).json()["seat"] == 2


def test_rematch_is_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3", rematch_limit=RateLimit(burst=2, per_minute=1)) as s:
        made = s.client.post("/api/tables", json=body(["human", "random"])).json()
        table_id, auth = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
        play_to_end(s.client, table_id, made["token"])
        first = s.client.post(f"/api/tables/{table_id}/rematch", headers=auth)
        assert first.status_code == 201
        again = s.client.post(f"/api/tables/{table_id}/rematch", headers=auth)  # idempotent, but still a request
        assert again.json()["table"]["id"] == first.json()["table"]["id"]
        rate_limited(s.client.post(f"/api/tables/{table_id}/rematch", headers=auth), 60)
        s.clock.now += 60
        assert s.client.post(f"/api/tables/{table_id}/rematch", headers=auth).json() == first.json()


def test_no_limits_when_switched_off(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3", rate_limits=False, create_limit=RateLimit(burst=1, per_minute=1)) as s:
        for _ in range(5):
            assert s.client.post("/api/tables", json=body(["human", "human"])).status_code == 201


def test_limits_are_per_address_and_an_ipv6_client_counts_by_its_64_network() -> None:
    clock = FakeClock()
    limits = ClientLimits({"create": RateLimit(burst=1, per_minute=3)}, clock)
    assert limits.retry_after("create", client_key("192.0.2.1")) is None
    assert limits.retry_after("create", client_key("192.0.2.1")) == 20
    assert limits.retry_after("create", client_key("192.0.2.2")) is None  # another address has its own bucket
    assert limits.retry_after("create", client_key("2001:db8:1:2::1")) is None
    assert limits.retry_after("create", client_key("2001:db8:1:2:ffff::9")) == 20  # the same /64
    assert limits.retry_after("create", client_key("2001:db8:1:3::1")) is None
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1" and client_key(None) == "unknown"
    clock.now += 19
    limits.prune()
    assert len(limits.buckets) == 4  # none has filled up again yet (the refusals spent their time)
    clock.now += 21
    limits.prune()
    assert limits.buckets == {}  # full buckets are forgotten: memory is bounded by recent clients


# -- waiting tables expire ------------------------------------------------------------------------------------


def test_a_waiting_table_nobody_is_at_expires(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with serve(db) as s:
        made = s.client.post("/api/tables", json=body(["human", "human"])).json()
        table_id = made["table"]["id"]
        s.clock.now += TTL - 1
        s.sweep()
        assert s.client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
        s.clock.now += 1
        s.sweep()
        assert table_id not in s.manager.tables
        gone = s.client.get(f"/api/tables/{table_id}")
        assert gone.status_code == 404 and gone.json()["error"]["code"] == "not_found"
        assert "expired" in gone.json()["error"]["message"]
        assert s.client.get("/api/tables").json() == []
        assert s.client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).status_code == 404
    with serve(db) as s:  # and it stays gone after a restart
        assert table_id not in s.manager.tables
        assert s.client.get(f"/api/tables/{table_id}").status_code == 404


def test_a_waiting_tables_creator_at_the_table_keeps_it_open(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with serve(db) as s:
        made = s.client.post("/api/tables", json=body(["human", "human"])).json()
        table_id = made["table"]["id"]
        with at_table(s, made):
            for _ in range(3):  # an hour and a half at the table, waiting for a friend
                s.clock.now += TTL / 2
                s.sweep()
            assert table_id in s.manager.tables
        s.clock.now += TTL - 1  # counted from the moment the creator left
        s.sweep()
        assert s.client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
        last_seen = s.clock.now - (TTL - 1)
    # A restart keeps it too: the last time the creator was seen is stored (by the sweep while connected).
    restarted = FakeClock(last_seen)
    with serve(db, restarted) as s:
        assert table_id in s.manager.tables
        joined = s.client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
        assert joined.status_code == 200 and joined.json()["table"]["status"] == "playing"
        s.clock.now += 3 * TTL  # within abandon_ttl: a playing table ends only as abandoned, after that
        s.sweep()
        assert s.client.get(f"/api/tables/{table_id}").json()["status"] == "playing"  # only waiting tables expire


def test_waiting_tables_left_long_ago_expire_at_the_start_without_being_loaded(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    past = FakeClock(1_000_000.0)  # tables made long ago
    with serve(db, past) as s:
        old = [s.client.post("/api/tables", json=body(["human", "human"])).json()["table"]["id"] for _ in range(3)]
    loaded: list[str] = []
    original = Database.load

    def spy(self: Database, table_id: str) -> Any:
        loaded.append(table_id)
        return original(self, table_id)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Database, "load", spy)
        with TestClient(create_app(ServerConfig(db_path=db, bot_delay=0))) as client:
            assert client.app.state.manager.tables == {}  # type: ignore[attr-defined]
            assert loaded == []
            assert "expired" in client.get(f"/api/tables/{old[0]}").json()["error"]["message"]


# -- finished tables leave memory ---------------------------------------------------------------------------


def test_a_finished_table_leaves_memory_and_its_page_record_and_rematch_still_answer(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as s:
        options = {"hands": 2, "bet": 2}  # not the defaults: a rematch must keep them
        made = s.client.post("/api/tables", json=body(["human", "random"], options=options)).json()
        table_id, auth = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
        final = play_to_end(s.client, table_id, made["token"])
        record = s.client.get(f"/api/tables/{table_id}/record").text
        page = s.client.get(f"/api/tables/{table_id}").json()
        s.clock.now += GRACE - 1
        s.sweep()
        assert table_id in s.manager.tables  # the end screen's grace
        s.clock.now += 1
        s.sweep()
        assert table_id not in s.manager.tables
        assert s.client.get(f"/api/tables/{table_id}").json() == page  # read from the database
        assert s.client.get(f"/api/tables/{table_id}/record").text == record
        with s.client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # the end screen after a reconnect
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["type"] == "welcome"
            sync = ws.receive_json()
            assert sync["result"] == final["result"] and sync["version"] == final["version"]
            s.clock.now += 10 * GRACE
            s.sweep()
            assert table_id in s.manager.tables  # not while a client is connected
        s.clock.now += GRACE
        s.sweep()
        assert table_id not in s.manager.tables
        rematch = s.client.post(f"/api/tables/{table_id}/rematch", headers=auth)
        assert rematch.status_code == 201 and rematch.json()["table"]["rematch_of"] == table_id
        assert rematch.json()["table"]["options"] == options  # rule options: kept by the rematch
        assert s.client.get(f"/api/tables/{table_id}").json()["rematch"] == rematch.json()["table"]["id"]
        s.clock.now += GRACE
        s.sweep()
        assert table_id not in s.manager.tables
        again = s.client.post(f"/api/tables/{table_id}/rematch", headers=auth)  # idempotent from the database
        assert (again.json()["table"]["id"], again.json()["token"]) == (
            rematch.json()["table"]["id"],
            rematch.json()["token"],
        )


# -- a start with many finished tables ----------------------------------------------------------------------


def finished_game() -> tuple[int, list[tuple[int, dict[str, Any]]], dict[str, Any]]:
    game = get_game(PLUGIN)
    config = game.config({"hands": 2})
    state = game.new_game(config, 2, 11)
    moves = []
    while not state.is_over:
        player, action = state.current_player, state.legal_actions()[0]
        assert player is not None
        state.apply(action)
        moves.append((player, action.to_json()))
    return 11, moves, state.result().to_json()


def copy_table(conn: Sql, source: str, target: str, later: float) -> None:
    columns = "game, options, num_players, seed, created + ?, status, rematch_of, rematch, result, alive"
    names = columns.replace("created + ?", "created")
    conn.execute(
        f"INSERT INTO tables (id, {names}) SELECT ?, {columns} FROM tables WHERE id=?", (target, later, source)
    )
    conn.execute(
        "INSERT INTO seats SELECT ?, seat, kind, bot, name, token_hash FROM seats WHERE table_id=?", (target, source)
    )
    conn.execute(
        "INSERT INTO actions SELECT ?, ply, seat, action, created FROM actions WHERE table_id=?", (target, source)
    )


def test_a_start_reads_none_of_5000_finished_tables(tmp_path: Path) -> None:
    db_path = tmp_path / "db.sqlite3"
    seed, moves, result = finished_game()
    db = Database(db_path)
    seats = [SeatRow(0, "human", None, "Ann", "0" * 64), SeatRow(1, "bot", "random", None, None)]
    first = TableRow("finished-0", PLUGIN, {"hands": 2}, 2, seed, 1.0, "finished", None, None, result, seats, moves)
    db.insert_table(first)  # its seats; then its actions, as the server stores them
    last = len(moves) - 1
    db.append_actions(
        [
            ActionRow("finished-0", ply, player, action, result if ply == last else None)
            for ply, (player, action) in enumerate(moves)
        ]
    )
    with db.transaction() as conn:  # 4,999 more copies of the same finished game
        for n in range(1, 5000):
            copy_table(conn, "finished-0", f"finished-{n}", n)
    plan = " ".join(str(row) for row in db.conn.execute("EXPLAIN QUERY PLAN " + OPEN_TABLES_QUERY))
    db.close()
    # The start reads the partial index of the open tables, which holds no finished one: its time does not grow
    # with them. (Asserted on the query plan and on what is loaded, not on a time.)
    assert "USING INDEX tables_open" in plan, plan
    loaded: list[str] = []
    original = Database.load

    def spy(self: Database, table_id: str) -> Any:
        loaded.append(table_id)
        return original(self, table_id)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Database, "load", spy)
        with serve(db_path) as s:
            playing = s.client.post("/api/tables", json=body(["human", "random"])).json()["table"]["id"]
        loaded.clear()
        with TestClient(create_app(ServerConfig(db_path=db_path, bot_delay=3600))) as client:
            assert loaded == [playing]  # the one open table, none of the 5,000 finished ones
            assert list(client.app.state.manager.tables) == [playing]  # type: ignore[attr-defined]
            table = client.get("/api/tables/finished-4321").json()  # one is read when asked for
            assert table["status"] == "finished" and table["version"] == len(moves)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM tables WHERE status='finished'").fetchone() == (5000,)
        assert json.loads(conn.execute("SELECT result FROM tables WHERE id='finished-9'").fetchone()[0]) == result


def test_podium_serve_limits_by_default_and_not_with_no_rate_limits(tmp_path: Path) -> None:
    """The real command: the documented default burst (10 creations, then 4 a minute), and the switch."""
    import httpx2

    from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving

    for limited in (True, False):
        port = free_port()
        log = tmp_path / f"serve-{limited}.log"
        process = spawn_serve(tmp_path / f"db-{limited}.sqlite3", port, log=log, rate_limits=limited)
        try:
            wait_serving(process, port, log=log)
            with httpx2.Client(base_url=f"http://{HOST}:{port}", trust_env=False, timeout=10) as http:
                codes = [http.post("/api/tables", json=body(["human", "human"])).status_code for _ in range(10)]
                assert codes == [201] * 10
                # The next one is refused (unless a very slow machine took 15 s, a token's refill, for these).
                more = [http.post("/api/tables", json=body(["human", "human"])) for _ in range(2)]
                if limited:
                    refused = next(r for r in more if r.status_code == 429)
                    assert 1 <= int(refused.headers["retry-after"]) <= 15  # 4 a minute
                else:
                    assert [r.status_code for r in more] == [201, 201]
        finally:
            process.kill()
            process.wait(10)
