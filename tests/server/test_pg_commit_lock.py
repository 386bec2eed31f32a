"""The group commit of many processes (PostgresStore.append_actions_async) never leaves a transaction open while it
waits for the event loop: the store's other writes run on the loop's thread, on the second connection, and one of
them touching the row of a table whose last action is being committed (the sweep's `alive`, a join, an abandon)
would wait for that transaction's lock while the loop could never run the coroutine that commits it — the process
froze for good (found by bench/server_load.py --think 0 on two processes: `UPDATE tables SET alive` waiting on a
connection `idle in transaction` after `UPDATE tables SET status='finished'`)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from test_store import row

from podium.server.db import ActionRow
from podium.server.pgstore import PostgresStore
from podium.testing import postgres

TABLES = 5


def row_locked(observer: psycopg.Connection[tuple[object, ...]], table_id: str) -> bool:
    """Whether an UPDATE of the table's row would wait now (the lock an UPDATE of a column that is no key takes; the
    insert of an action only shares the row's key, which such an UPDATE does not wait for)."""
    try:
        observer.execute("SELECT 1 FROM tables WHERE id=%s FOR NO KEY UPDATE NOWAIT", (table_id,))
    except psycopg.errors.LockNotAvailable:
        return True
    return False  # (autocommit: the observer's own lock ends with its statement)


def test_a_write_during_a_finishing_commit_never_waits_on_the_event_loop(pg_cluster: postgres.Cluster) -> None:
    url = pg_cluster.database()
    store = PostgresStore(url)
    # a write that waits on a lock held by a transaction the loop cannot finish fails instead of hanging the test
    store.execute("SET lock_timeout = '5s'")
    observer = psycopg.connect(url, autocommit=True)

    async def play() -> None:
        await store.open_async()
        try:
            for n in range(TABLES):
                table_id = f"lock{n}"
                store.insert_table(row(table_id))
                last = ActionRow(table_id, 0, 0, {"move": "bet"}, result={"scores": [1, -1]})
                commit = asyncio.create_task(store.append_actions_async([last]))
                # the loop's thread writes the table's row while the commit holds it (if it ever does so while
                # waiting for the loop): as the sweep's `alive` does
                for _ in range(1000):
                    if commit.done() or row_locked(observer, table_id):
                        break
                    await asyncio.sleep(0)
                store.set_alive([(table_id, 1.0)])
                assert await commit == []
        finally:
            await store.close_async()

    try:
        # in a thread of its own: a test before this one in the process (Playwright's) may have left a loop running
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, play()).result()
    except psycopg.errors.LockNotAvailable as exc:
        pytest.fail(f"a write waited on the commit's open transaction: {exc}")
    finally:
        observer.close()
    for n in range(TABLES):
        stored = store.load(f"lock{n}")
        assert stored is not None and stored.status == "finished" and stored.alive == 1.0
    store.close()
