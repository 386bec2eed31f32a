"""Issue 28, bounded work: tables of bots only made from one address ran for hours with nobody watching, a playing
table left by every human never ended (it stayed in memory and was replayed at every start), and the longest
options made one game last hours. Now: caps per address, bots that pause while nobody is connected, playing tables
that end as abandoned, and narrower option ranges on a public server."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_limits import FakeClock, at_table, body, serve

from podium.core.registry import game_names, get_game
from podium.server import ServerConfig, create_app
from podium.server.db import Database

ABANDON = 7200.0  # the default abandon_ttl


def test_one_address_has_a_cap_on_live_tables_and_on_tables_of_bots_only(tmp_path: Path) -> None:
    caps = {"max_tables_per_address": 3, "max_bot_tables_per_address": 1}
    with serve(tmp_path / "db.sqlite3", **caps) as s:
        assert s.client.post("/api/tables", json=body(["random", "random"])).status_code == 201
        again = s.client.post("/api/tables", json=body(["random", "random"]))
        assert again.status_code == 429 and again.json()["error"]["code"] == "too_many_tables"
        assert "bots only" in again.json()["error"]["message"]
        for _ in range(2):
            assert s.client.post("/api/tables", json=body(["human", "human"])).status_code == 201
        over = s.client.post("/api/tables", json=body(["human", "human"]))
        assert over.status_code == 429 and "unfinished tables" in over.json()["error"]["message"]
        assert len(s.manager.tables) == 3  # the refused ones made nothing
        s.clock.now += 1800  # the waiting tables expire: their places are free again
        s.sweep()
        assert s.client.post("/api/tables", json=body(["human", "human"])).status_code == 201


def test_bots_nobody_watches_pause_and_play_on_when_someone_comes(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as s:
        made = s.client.post("/api/tables", json=body(["random", "random"])).json()
        table_id = made["table"]["id"]
        time.sleep(0.3)  # bot_delay 0: unpaused bots would have played the whole game by now
        assert table_id not in s.manager.bots.tasks
        assert s.client.get(f"/api/tables/{table_id}").json()["version"] == 0
        with s.client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello", "spectator": True})
            for _ in range(500):
                frame = ws.receive_json()
                if frame["type"] == "sync" and frame["table"]["status"] == "finished":
                    break
            else:
                raise AssertionError("the bots did not play while watched")


def test_a_playing_table_nobody_is_at_ends_abandoned_and_leaves_memory(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as s:
        made = s.client.post("/api/tables", json=body(["human", "random"])).json()
        with at_table(s, made):
            s.clock.now += 3 * ABANDON
            s.sweep()
            table_id = made["table"]["id"]
            assert table_id in s.manager.tables  # a player at the table keeps it
        s.clock.now += ABANDON - 1
        s.sweep()
        assert s.manager.tables[table_id].status == "playing"
        s.clock.now += 1
        s.sweep()
        assert table_id not in s.manager.tables
        page = s.client.get(f"/api/tables/{table_id}").json()  # the record stays, read when asked for
        assert page["status"] == "abandoned" and page["result"] is None
        join = s.client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
        assert join.status_code == 409
    assert Database(tmp_path / "db.sqlite3").unfinished_ids() == []  # a start does not replay it


def test_a_start_abandons_tables_left_long_ago_without_replaying_them(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    past = FakeClock(1_000_000.0)
    with serve(db, past) as s:
        stale = s.client.post("/api/tables", json=body(["human", "random"])).json()["table"]["id"]
    with serve(db, FakeClock(1_000_000.0 + ABANDON + 1)) as s:
        assert stale not in s.manager.tables
        assert s.client.get(f"/api/tables/{stale}").json()["status"] == "abandoned"


PUBLIC = [
    (game, option, low, high)
    for game in game_names()
    for option, (low, high) in get_game(game).config_type.public_ranges().items()
]


@pytest.mark.parametrize(("game", "option", "low", "high"), PUBLIC)
def test_a_public_server_holds_long_options_to_sane_ranges(
    tmp_path: Path, game: str, option: str, low: int, high: int
) -> None:
    base = {"game": game, "players": get_game(game).min_players, "name": "Ann"}
    config = ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0, rate_limits=False)
    with TestClient(create_app(config)) as client:
        for value in (low - 1, high + 1):
            answer = client.post("/api/tables", json={**base, "options": {option: value}})
            assert answer.status_code == 400, answer.text
            # past the public range, or past the game's own (the same low bound): refused either way
            assert f"{game} option '{option}'" in answer.json()["error"]["message"]
        message = client.post("/api/tables", json={**base, "options": {option: high + 1}}).json()["error"]["message"]
        assert f"on this server; allowed: integer {low}..{high}" in message
        for value in (low, high):
            assert client.post("/api/tables", json={**base, "options": {option: value}}).status_code == 201
        listed = next(g for g in client.get("/api/games").json() if g["name"] == game)
        assert {o["name"]: o["allowed"] for o in listed["options"]}[option] == f"integer {low}..{high}"
    whole = ServerConfig(db_path=tmp_path / "db2.sqlite3", bot_delay=0, rate_limits=False, public_limits=False)
    with TestClient(create_app(whole)) as client:
        assert client.post("/api/tables", json={**base, "options": {option: high + 1}}).status_code == 201


def test_some_game_declares_public_ranges() -> None:
    assert PUBLIC  # else the test above tests nothing


def test_one_address_holds_a_bounded_number_of_game_sockets(tmp_path: Path) -> None:
    # The bench's attack opened 1,000 spectators from one address; each costs a frame per change of its table.
    from starlette.websockets import WebSocketDisconnect

    with serve(tmp_path / "db.sqlite3", max_sockets_per_address=3) as s:
        table_id = s.client.post("/api/tables", json=body(["human", "human"])).json()["table"]["id"]
        url = f"/ws/tables/{table_id}"
        with s.client.websocket_connect(url) as a, s.client.websocket_connect(url) as b:
            for ws in (a, b):
                ws.send_json({"type": "hello", "spectator": True})
                assert ws.receive_json()["type"] == "welcome"
            with s.client.websocket_connect(url) as c:
                c.send_json({"type": "hello", "spectator": True})
                assert c.receive_json()["type"] == "welcome"
                with pytest.raises(WebSocketDisconnect) as refused, s.client.websocket_connect(url) as d:
                    d.receive_json()
                assert refused.value.code == 1008
            with s.client.websocket_connect(url) as e:  # one closed: a place again
                e.send_json({"type": "hello", "spectator": True})
                assert e.receive_json()["type"] == "welcome"
        assert s.manager.sockets == {}


def test_one_address_opens_game_sockets_at_a_bounded_rate(tmp_path: Path) -> None:
    # Issue 28: a reconnect storm from one address opened 300 sockets a second, each a handshake, a hello and a
    # snapshot on the event loop that serves every table; a human's acknowledgement waited behind them.
    from starlette.websockets import WebSocketDisconnect

    from podium.server.config import RateLimit

    with serve(tmp_path / "db.sqlite3", socket_limit=RateLimit(burst=3, per_minute=60)) as s:
        table_id = s.client.post("/api/tables", json=body(["human", "human"])).json()["table"]["id"]
        url = f"/ws/tables/{table_id}"

        def welcomed() -> bool:
            try:
                with s.client.websocket_connect(url) as ws:
                    ws.send_json({"type": "hello", "spectator": True})
                    return bool(ws.receive_json()["type"] == "welcome")
            except WebSocketDisconnect as refused:
                assert refused.code == 1008
                return False

        assert [welcomed() for _ in range(4)] == [True, True, True, False]  # one at a time: the cap is not it
        s.clock.now += 1.0  # one a second comes back
        assert [welcomed() for _ in range(2)] == [True, False]
        assert s.manager.sockets == {}
