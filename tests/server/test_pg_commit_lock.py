"""The group commit of many processes (PostgresStore.append_actions_async) never leaves a transaction open while it
waits for the event loop: the store's other writes run on the loop's thread, on the second connection, and one of
them touching the row of a table whose last action is being committed (the sweep's `alive`, a join, an abandon)
would wait for that transaction's lock while the loop could never run the coroutine that commits it — the process
froze for good (found by bench/server_load.py --think 0 on two processes: `UPDATE tables SET alive` waiting on a
connection `idle in transaction` after `UPDATE tables SET status='finished'`)."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from test_store import row

from podium.server.db import ActionRow
from podium.server.pgstore import PostgresStore
from podium.testing import postgres

TABLES = 12


def test_a_write_during_a_finishing_commit_never_waits_on_the_event_loop(pg_cluster: postgres.Cluster) -> None:
    store = PostgresStore(pg_cluster.database())
    # a write that waits on a lock held by a transaction the loop cannot finish fails instead of hanging the test
    store.execute("SET lock_timeout = '5s'")

    async def play() -> None:
        await store.open_async()
        try:
            for n in range(TABLES):
                table_id = f"lock{n}"
                store.insert_table(row(table_id))
                last = ActionRow(table_id, 0, 0, {"move": "bet"}, result={"scores": [1, -1]})
                commit = asyncio.create_task(store.append_actions_async([last]))
                for _ in range(n):  # the write comes after a different number of the commit's steps each time
                    await asyncio.sleep(0)
                store.set_alive([(table_id, 1.0)])  # on the loop's thread, as the sweep does
                assert await commit == []
        finally:
            await store.close_async()

    try:
        asyncio.run(play())
    except psycopg.errors.LockNotAvailable as exc:
        pytest.fail(f"a write waited on the commit's open transaction: {exc}")
    for n in range(TABLES):
        stored = store.load(f"lock{n}")
        assert stored is not None and stored.status == "finished" and stored.alive == 1.0
    store.close()
