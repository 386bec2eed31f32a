"""Many processes on one PostgreSQL: every committed action is announced to every process, its own too. The
announcement of a process's own action often arrives while that action's commit is still being answered (the
table is in flight); once the commit is over, the table has the action, and reading the database again for it
cost a blocking query on the event loop for most actions under load (bench/README.md, issue 32)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import orjson
import pytest
from test_frames_and_commits import manager, run, two_player_table

from podium.server.cluster import Cluster
from podium.server.db import ActionRow
from podium.server.manager import TableManager
from podium.server.pgstore import PostgresStore
from podium.server.protocol import ProtocolError
from podium.server.tables import Connection, Table
from podium.testing import postgres


@pytest.fixture
def url(pg_cluster: postgres.Cluster) -> str:
    return pg_cluster.database()


def counting_reads(m: TableManager) -> list[str]:
    """The tables whose moves this manager's store reads from now on."""
    reads: list[str] = []
    read: Callable[[str, int], Any] = m.db.moves_since

    def counted(table_id: str, ply: int) -> Any:
        reads.append(table_id)
        return read(table_id, ply)

    m.db.moves_since = counted  # type: ignore[method-assign]
    return reads


async def clustered(url: str) -> tuple[TableManager, Cluster, Table, list[Connection]]:
    """A manager on PostgreSQL with its cluster (not listening: the tests deliver the announcements), and a table of
    two seated players."""
    m = manager(url)
    assert isinstance(m.db, PostgresStore)
    m.cluster = cluster = Cluster(m, m.db)
    table, conns = await two_player_table(m)
    return m, cluster, table, conns


async def announced_during_flight(m: TableManager, cluster: Cluster, table: Table, conns: list[Connection]) -> None:
    """Commit the table's next action, and deliver the announcement of ply 0 while that commit is in flight."""
    seat = table.state.current_player
    assert seat is not None
    action = table.state.legal_actions()[0]
    commit = asyncio.create_task(m.commit(table, seat, action, ack=conns[seat]))
    await asyncio.sleep(0)  # the commit is queued; its transaction runs in the loop's next turn
    assert table.in_flight
    cluster._action(table.id, 0, seat, orjson.dumps(action.to_json()).decode())
    try:
        await commit
    finally:
        await asyncio.sleep(0.1)  # the announcement's check after the flight has run


def test_the_announcement_of_an_own_action_during_its_commit_reads_nothing(url: str) -> None:
    async def play() -> None:
        m, cluster, table, conns = await clustered(url)
        reads = counting_reads(m)
        await announced_during_flight(m, cluster, table, conns)
        assert table.version == 1
        assert reads == []

    run(play())


def test_a_ply_another_process_took_during_a_commit_is_read_and_shown(url: str) -> None:
    async def play() -> None:
        m, cluster, table, conns = await clustered(url)
        seat = table.state.current_player
        assert seat is not None
        theirs = table.state.legal_actions()[-1].to_json()
        m.db.append_actions([ActionRow(table.id, 0, seat, theirs)])  # another process played ply 0 first
        reads = counting_reads(m)
        with pytest.raises(ProtocolError, match="another move was played first"):
            await announced_during_flight(m, cluster, table, conns)
        assert table.version == 1 and table.moves[0] == (seat, theirs)
        assert table.id in reads

    run(play())
