"""On PostgreSQL the REST writes (a table made, a seat taken, a rematch) run off the event loop (`SqlStore.off_loop`):
while one waits for the database, the process serves every other table. The awaits that this opens are closed by
the table's lock (one join or rematch of a table at a time) and by writing and applying as one (a request cancelled
meanwhile still changes memory as it changed the database). Issue 32: a burst of creates and joins held the loop for
seconds and the sockets opening meanwhile timed out."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import psycopg
import pytest
from test_frames_and_commits import FakeSocket, frames, manager, run, two_player_table

from podium.server.manager import TableManager
from podium.server.tables import FINISHED, Connection, Table
from podium.testing import postgres


@pytest.fixture
def url(pg_cluster: postgres.Cluster) -> str:
    return pg_cluster.database()


async def waiting_table(m: TableManager, players: int) -> tuple[Table, str]:
    """A table of `players` humans with seat 0 taken; its creator's token."""
    made = await m.create({"game": "kuhn", "players": players, "seats": [{"kind": "human"}] * players, "name": "Ann"})
    return m.tables[made["table"]["id"]], made["token"]


class SeatsLocked:
    """Another client of the database holds the seat rows of a table (SELECT … FOR UPDATE) until `release`: a
    write to them waits for PostgreSQL meanwhile, as a slow disk or a busy database would make it wait."""

    def __init__(self, url: str, table_id: str) -> None:
        self.conn = psycopg.connect(url)
        self.conn.execute("SELECT * FROM seats WHERE table_id=%s FOR UPDATE", (table_id,))
        self.released_at = float("inf")
        self.guard = threading.Lock()
        # On a store that waited on the loop's thread the test could not release it: a timer of its own does then.
        self.timer = threading.Timer(10.0, self.release)
        self.timer.start()

    def release(self) -> None:
        with self.guard:
            if self.conn.closed:
                return
            self.released_at = time.monotonic()
            self.conn.rollback()
            self.conn.close()
        self.timer.cancel()


def test_while_a_join_waits_for_the_database_another_tables_action_is_acknowledged(url: str) -> None:
    async def play() -> None:
        m = manager(url)
        playing, conns = await two_player_table(m)
        waiting, _ = await waiting_table(m, 2)
        lock = SeatsLocked(url, waiting.id)
        # Released by a thread of its own: on a store that waited on the loop's thread, nothing of the loop could.
        timer = threading.Timer(3.0, lock.release)
        timer.start()
        try:
            join = asyncio.create_task(m.join(waiting, {"name": "Bo"}))
            await asyncio.sleep(0.2)  # the join is waiting for the seat rows
            seat = playing.state.current_player
            assert seat is not None
            await m.commit(playing, seat, playing.state.legal_actions()[0], ack=conns[seat])
            acknowledged_at = time.monotonic()
            assert not join.done()
            joined = await join
        finally:
            timer.join()
        assert acknowledged_at < lock.released_at, "the action waited for the other table's join"
        acks = [f for f in frames(conns[seat]) if f["type"] == "sync" and f.get("ack")]
        assert [f["version"] for f in acks] == [1]
        assert joined["seat"] == 1 and waiting.seats[1].taken

    run(play())


def test_two_joins_at_once_take_two_seats(url: str) -> None:
    async def play() -> None:
        m = manager(url)
        table, _ = await waiting_table(m, 3)
        # The second join starts while the first one's write is in the database: it must wait and take the other
        # seat, not pick the same free seat and be refused.
        first, second = await asyncio.gather(m.join(table, {"name": "Bo"}), m.join(table, {"name": "Cy"}))
        assert {first["seat"], second["seat"]} == {1, 2}
        assert [s.name for s in m.db.seats(table.id)] == ["Ann", "Bo", "Cy"]
        assert table.free_seats() == []

    run(play())


def test_a_join_cancelled_while_its_seat_is_written_still_takes_it_in_memory(url: str) -> None:
    async def play() -> None:
        m = manager(url)
        table, _ = await waiting_table(m, 2)
        lock = SeatsLocked(url, table.id)
        join = asyncio.create_task(m.join(table, {"name": "Bo"}))
        await asyncio.sleep(0.2)
        join.cancel()  # e.g. the client went away
        with pytest.raises(asyncio.CancelledError):
            await join
        lock.release()  # the write goes on, and commits
        for _ in range(100):
            if table.seats[1].taken:
                break
            await asyncio.sleep(0.05)
        stored = m.db.seats(table.id)[1]
        assert stored.name == "Bo" and table.seats[1].name == "Bo"
        assert table.seats[1].token_hash == stored.token_hash

    run(play())


async def finished_game(m: TableManager) -> tuple[Table, list[str]]:
    """A two-player table played to its end; the players' tokens."""
    made = await m.create({"game": "kuhn", "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    table = m.tables[made["table"]["id"]]
    joined = await m.join(table, {"name": "Bo"})
    for conn in [Connection(FakeSocket(), seat, 10**6) for seat in (0, 1)]:
        m.connect(table, conn)
    while table.status != FINISHED:
        seat = table.state.current_player
        assert seat is not None
        await m.commit(table, seat, table.state.legal_actions()[0])
    return table, [made["token"], joined["token"]]


def test_two_players_asking_for_a_rematch_at_once_get_the_same_new_table(url: str) -> None:
    async def play() -> None:
        m = manager(url)
        table, tokens = await finished_game(m)
        answers: list[Any] = await asyncio.gather(*(m.rematch(table, token) for token in tokens))
        assert answers[0]["table"]["id"] == answers[1]["table"]["id"] == table.rematch
        assert [a["seat"] for a in answers] == [0, 1]
        new = m.tables[answers[0]["table"]["id"]]
        assert new.free_seats() == [] and [s.name for s in m.db.seats(new.id)] == ["Ann", "Bo"]

    run(play())
