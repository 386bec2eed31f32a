"""Many processes on one PostgreSQL (podium.server.cluster): two servers (each its own event loop, manager and
database connections, as two processes have) share one database. Players of one table connected to different servers
play together and see each other connected; a seat taken through one is known to the other; each action is applied
once, whichever server gets it, however they race; a table's bots run in one server and move on when it stops."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from podium.server.config import RateLimit
from podium.server.db import open_store
from podium.testing import postgres
from server_support import LiveServer, Socket, create, live_server, play_to_end

PLUGIN = "kuhn"


@pytest.fixture
def pair(pg_cluster: postgres.Cluster) -> Iterator[tuple[LiveServer, LiveServer, str]]:
    url = pg_cluster.database()
    with live_server(url) as a, live_server(url) as b:
        yield a, b, url


def seats_connected(sync: dict[str, Any]) -> list[bool]:
    return [s["connected"] for s in sync["table"]["seats"]]


def test_players_on_two_servers_play_a_whole_game_together(pair: tuple[LiveServer, LiveServer, str]) -> None:
    a, b, url = pair
    with a.http() as http_a, b.http() as http_b:
        made = create(http_a, PLUGIN, ["human", "human"])
        table_id = made["table"]["id"]
        joined = http_b.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()  # through the other server
        assert joined["seat"] == 1
        assert [t["id"] for t in http_a.get("/api/tables").json()] == []  # full: no longer listed, on either
    ann, bo = a.ws(table_id), b.ws(table_id)
    ann.hello(made["token"])
    bo.hello(joined["token"])  # server b knows the seat a gave, and a knows b's
    # presence through the other server: each sees the other connected
    assert seats_connected(
        ann.until(
            "sync",
            table={
                **ann.last_sync()["table"],
                "seats": [{**s, "connected": True} for s in ann.last_sync()["table"]["seats"]],
            },
        )
    ) == [True, True]
    watcher = b.ws(table_id)
    watcher.hello(None)
    final = play_to_end({0: ann, 1: bo}, [watcher], random.Random(3))
    assert final["table"]["status"] == "finished"
    store = open_store(url)
    try:
        row = store.load(table_id)
        assert row is not None and row.status == "finished" and len(row.moves) == final["version"]
    finally:
        store.close()
    for s in (ann, bo, watcher):
        s.close()


def test_the_same_action_sent_to_both_servers_at_once_is_applied_once(
    pair: tuple[LiveServer, LiveServer, str],
) -> None:
    a, b, url = pair
    with a.http() as http:
        made = create(http, PLUGIN, ["human", "human"])
        table_id = made["table"]["id"]
        other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    tokens = {made["seat"]: made["token"], other["seat"]: other["token"]}
    store = open_store(url)
    try:
        while store.status(table_id) != "finished":
            # the seat to move is connected to both servers, and sends its action to both at once
            version = store.count_actions(table_id)
            sockets = {}
            for seat, token in tokens.items():
                for name, server in (("a", a), ("b", b)):
                    s = server.ws(table_id)
                    if s.hello(token)["version"] < version:
                        s.sync_at_least(version)
                    sockets[seat, name] = s
            mover = next(seat for seat in tokens if sockets[seat, "a"].last_sync()["legal"])
            legal = sockets[mover, "a"].last_sync()["legal"]
            message = {"type": "action", "version": version, "action": legal[0]["action"]}
            start = threading.Barrier(2)
            answers: dict[str, dict[str, Any]] = {}

            def send(name: str, s: Socket, message: Any = message, start: Any = start, answers: Any = answers) -> None:
                start.wait()
                s.send(message)
                answers[name] = s.ack()

            threads = [threading.Thread(target=send, args=(n, sockets[mover, n])) for n in ("a", "b")]
            for t in threads:
                t.start()
            for t in threads:
                t.join(20)
            applied = [n for n, f in answers.items() if f["type"] == "sync" and f.get("ack") is True]
            refused = [f for n, f in answers.items() if n not in applied]
            assert len(applied) == 1 and len(refused) == 1, answers  # exactly one server applied it
            # the other says it was a duplicate (it saw the action first) or stale (it lost the race for the ply)
            assert (refused[0]["type"] == "ack" and refused[0]["duplicate"]) or refused[0].get("code") == "stale"
            assert store.count_actions(table_id) == version + 1
            for s in sockets.values():
                s.close()
    finally:
        store.close()


def test_bots_run_in_one_server_and_move_on_when_it_stops(pg_cluster: postgres.Cluster) -> None:
    url = pg_cluster.database()
    with live_server(url) as b:  # b's bots move at once
        with live_server(url, bot_delay=3600) as a, a.http() as http:  # a's bots think for an hour
            made = create(http, PLUGIN, ["random", "human"])
            table_id = made["table"]["id"]
            player = b.ws(table_id)
            sync = player.hello(made["token"])
            if sync["legal"]:  # the human is first: one move, so that the bot is to move
                player.send({"type": "action", "version": sync["version"], "action": sync["legal"][0]["action"]})
                sync = player.ack()
            version = sync["version"]
            store = open_store(url)
            try:
                owner = store.execute("SELECT owner FROM tables WHERE id=?", (table_id,)).fetchone()[0]
            finally:
                store.close()
            assert owner == a.app.state.manager.cluster.id  # the bots are a's (it made the table)
            time.sleep(1.5)
            assert store_version(url, table_id) == version  # b, whose bots would move at once, leaves them to a
        # a has stopped: b adopts the table within a few seconds, and its bots play on there
        stopped = time.monotonic()
        sync = player.sync_at_least(version + 1, timeout=15)
        assert time.monotonic() - stopped < 10
        assert table_id in b.app.state.manager.cluster.owned
        final = play_to_end({made["seat"]: player}, [], random.Random(5))
        assert final["table"]["status"] == "finished"


def store_version(url: str, table_id: str) -> int:
    store = open_store(url)
    try:
        return store.count_actions(table_id)
    finally:
        store.close()


def test_the_rest_rate_limits_count_across_servers(pg_cluster: postgres.Cluster) -> None:
    url = pg_cluster.database()
    limit = RateLimit(burst=3, per_minute=1)
    with (
        live_server(url, rate_limits=True, create_limit=limit) as a,
        live_server(url, rate_limits=True, create_limit=limit) as b,
        a.http() as http_a,
        b.http() as http_b,
    ):
        body = {"game": PLUGIN, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ann"}
        answers = [client.post("/api/tables", json=body) for client in (http_a, http_b, http_a, http_b)]
        # three tables in all, whichever server made them; the fourth is refused by the server that did not
        # count the first three itself
        assert [r.status_code for r in answers] == [201, 201, 201, 429], [r.text for r in answers]
        assert int(answers[3].headers["Retry-After"]) > 0


def test_bots_play_for_a_player_connected_only_through_the_other_server(pg_cluster: postgres.Cluster) -> None:
    # Bots pause while nobody is at the table (issue 28); "nobody" counts the other processes' sockets too, so the
    # bots' server (a, which made the table) plays while the only player is connected through b.
    url = pg_cluster.database()
    with live_server(url) as a, live_server(url) as b, a.http() as http:
        made = create(http, PLUGIN, ["random", "human"])
        table_id = made["table"]["id"]
        owner = a.app.state.manager.cluster
        assert owner is not None and table_id in owner.owned  # claimed when it was made, though nobody watched
        player = b.ws(table_id)
        player.hello(made["token"])
        final = play_to_end({made["seat"]: player}, [], random.Random(7))
        assert final["table"]["status"] == "finished"
        assert table_id not in b.app.state.manager.cluster.owned  # every bot move was a's


def test_a_table_someone_is_at_through_another_process_is_not_abandoned(pg_cluster: postgres.Cluster) -> None:
    # The abandon sweep (issue 28) is decided by the database: a process whose copy of the table looks untouched
    # does not end it while another process keeps the table's `alive` fresh.
    url = pg_cluster.database()
    store = open_store(url)
    try:
        with live_server(url) as a, a.http() as http:
            made = create(http, PLUGIN, ["human", "random"])
        table_id = made["table"]["id"]
        store.set_alive([(table_id, 1000.0)])
        assert store.abandon_playing([table_id], 999.0) == {table_id: 1000.0}  # seen later than the cutoff
        assert store.status(table_id) == "playing"
        assert store.abandon_playing([table_id], 1000.0) == {table_id: None}
        assert store.status(table_id) == "abandoned"
        assert store.load(table_id) is not None  # kept, and still answered when asked for
    finally:
        store.close()
