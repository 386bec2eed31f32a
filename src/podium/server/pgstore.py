"""The shared store: PostgreSQL (psycopg 3, the `postgres` extra), for any number of `podium serve` processes.

The queries are `SqlStore`'s, written with `?` parameters; they are turned into psycopg's `%s` once each. The
connection is in autocommit mode: a statement alone is its own transaction, and `transaction()` groups several.
Every committed action is also announced on the channel `podium` (NOTIFY, sent by PostgreSQL when the transaction
commits, in commit order), with what another process needs to apply it without asking: see podium.server.cluster.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg

from podium.server import migrations
from podium.server.db import ActionRow, SqlStore, action_values, finish_values
from podium.server.migrations import Cursor, Sql

CHANNEL = "podium"
# Threads (each with a connection of its own) that make the REST writes: a durable commit waits for PostgreSQL's disk,
# and a burst of creates and joins then commits together instead of one after another.
WRITERS = 4
T = TypeVar("T")
# One statement for a whole batch: the rows whose ply is free are inserted and announced; a taken ply is skipped
# (ON CONFLICT DO NOTHING does not abort the transaction, so the other rows of the batch still commit).
_INSERTED = (
    "ins AS (INSERT INTO actions (table_id, ply, seat, action, created)"
    " SELECT * FROM unnest(?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::float8[])"
    " ON CONFLICT DO NOTHING RETURNING table_id, ply, seat, action)"
)
_ANNOUNCED = (
    f" SELECT table_id, ply, pg_notify('{CHANNEL}', 'a ' || table_id || ' ' || ply || ' ' || seat || ' ' || action)"
    " FROM ins"
)
_APPEND = f"WITH {_INSERTED}{_ANNOUNCED}"
# The same, and the tables that the inserted rows end marked finished, in one statement: a transaction of its own that
# PostgreSQL finishes without waiting for the client. A BEGIN … COMMIT around two statements, awaited on the event
# loop, held the table's row while the loop ran other work, and a write of the loop's thread (the sweep's `alive`)
# on that row waited for a commit the loop could no longer run: the process froze.
_FINISHED = (
    "fin AS (UPDATE tables SET status='finished', result=f.result"
    " FROM unnest(?::text[], ?::bigint[], ?::text[]) AS f(id, ply, result)"
    " WHERE tables.id = f.id AND EXISTS (SELECT 1 FROM ins WHERE ins.table_id = f.id AND ins.ply = f.ply))"
)
_APPEND_FINISH = f"WITH {_INSERTED}, {_FINISHED}{_ANNOUNCED}"


def _statement(rows: list[ActionRow]) -> tuple[str, list[list[Any]]]:
    """The statement that commits the batch, and its arrays: the five `_APPEND` unnests, and for `_APPEND_FINISH` the
    (table, ply, result) of the rows that end their game."""
    columns = [list(column) for column in zip(*action_values(rows), strict=True)]
    ending = [r for r in rows if r.result is not None]
    if not ending:
        return _APPEND, columns
    results = [result for result, _ in finish_values(ending)]
    return _APPEND_FINISH, [*columns, [r.table_id for r in ending], [r.ply for r in ending], results]


def _refused(rows: list[ActionRow], inserted: list[Any]) -> list[ActionRow]:
    """The rows `_APPEND` did not insert (their ply was taken), from the (table, ply, _) rows it returned."""
    done = {(table_id, ply) for table_id, ply, _ in inserted}
    return [r for r in rows if (r.table_id, r.ply) not in done]


def shown(url: str) -> str:
    """The URL without its password, for the log."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


class _Translated:
    """A psycopg connection seen with `?` parameters (the SQL of both stores)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn
        self.cache: dict[str, str] = {}

    def sql(self, query: str) -> str:
        text = self.cache.get(query)
        if text is None:
            text = self.cache[query] = query.replace("%", "%%").replace("?", "%s")
        return text

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Cursor:
        return self.conn.execute(self.sql(sql), params)


class PostgresStore(SqlStore):
    dialect = migrations.PostgresDialect()

    def __init__(self, url: str, *, upgrade: bool = True) -> None:
        self.url = url
        self.where = shown(url)
        try:
            conn = psycopg.connect(url, autocommit=True)
        except psycopg.OperationalError as exc:
            raise RuntimeError(f"cannot connect to the database {self.where}: {str(exc).strip()}") from None
        self.conn = conn
        self.sql = _Translated(conn)
        self.writers: ThreadPoolExecutor | None = None  # made at the first `off_loop`
        self.writer_stores: list[PostgresStore] = []  # one per writer thread, each with its own connection
        self.writer_local = threading.local()
        self.writer_lock = threading.Lock()
        if upgrade:
            self.upgrade()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.sql.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cursor:
            cursor.executemany(self.sql.sql(sql), rows)

    @contextmanager
    def transaction(self) -> Iterator[Sql]:
        with self.conn.transaction():
            yield self.sql

    def lock_schema(self, c: Sql) -> None:
        # Processes starting together: one applies a migration, the others wait and then find it applied.
        c.execute("SELECT pg_advisory_xact_lock(7206)")

    def close(self) -> None:
        if self.writers is not None:
            self.writers.shutdown(wait=True)
        for store in self.writer_stores:
            store.close()
        self.conn.close()

    async def off_loop(self, write: Callable[[SqlStore], T]) -> T:
        """`write(store)` in a writer thread, on that thread's own connection: while PostgreSQL commits, the event
        loop serves everyone else. With the loop waiting for each commit, a burst of 1,000 games made and joined
        held it long enough for the sockets opening meanwhile to time out (bench/README.md, issue 32)."""
        if self.writers is None:
            self.writers = ThreadPoolExecutor(WRITERS, thread_name_prefix="podium-pg-writer")
        return await asyncio.get_running_loop().run_in_executor(self.writers, self._write, write)

    def _write(self, write: Callable[[SqlStore], T]) -> T:
        store: PostgresStore | None = getattr(self.writer_local, "store", None)
        if store is None:
            store = self.writer_local.store = PostgresStore(self.url, upgrade=False)
            with self.writer_lock:
                self.writer_stores.append(store)
        return write(store)

    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        sql, params = _statement(rows)
        return _refused(rows, self.execute(sql, params).fetchall())

    async def open_async(self) -> None:
        """A second connection, for the group commit of many processes (`append_actions_async`)."""
        self.aconn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def close_async(self) -> None:
        await self.aconn.close()

    async def append_actions_async(self, rows: list[ActionRow]) -> list[ActionRow]:
        """`append_actions`, awaited: while the database answers, the event loop serves everyone else (and the
        actions that arrive meanwhile make the next batch). One statement, never a transaction left open across an
        await (`_APPEND_FINISH`)."""
        sql, params = _statement(rows)
        return _refused(rows, await (await self.aconn.execute(self.sql.sql(sql), params)).fetchall())

    def changed(self, table_ids: Sequence[str]) -> None:
        for table_id in table_ids:
            self.conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"t {table_id}"))
