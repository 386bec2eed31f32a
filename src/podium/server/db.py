"""Persistence: tables, seats (token hashes, never tokens) and each game as its seed and action list.

`SqlStore` holds every query, in the SQL both stores read; `Database` is the embedded store (SQLite, the default) and
`podium.server.pgstore.PostgresStore` the shared one (many processes on one PostgreSQL). `open_store` picks one by
the `--db` given. The schema is `podium.server.migrations`, applied when a store is opened.

SQLite: WAL journal with `synchronous=NORMAL`: a committed transaction survives the process being killed at any moment
(`kill -9`), which is what an acknowledged action needs; only a power cut could lose the last commits.
Every call is synchronous and short, and made from the event loop's thread: a table's apply and commit therefore
run with no await between them, so no other action can interleave. The shared store commits across a network and
waits for its disk: its REST writes run off the loop (`SqlStore.off_loop`), the embedded store's on it.
"""

from __future__ import annotations

import json
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import orjson

from podium.core.contract import JsonDict
from podium.server import migrations
from podium.server.migrations import Cursor, Dialect, Sql

# Statuses in the database: a table's own three, `expired` (a waiting table nobody joined, never loaded again) and
# `abandoned` (a playing table nobody was at for a long time: ended unfinished, loaded only when asked for).
OPEN_STATUSES = ("waiting", "playing")
OpenStatus = Literal["waiting", "playing"]
SWEPT_TO: dict[OpenStatus, str] = {"waiting": "expired", "playing": "abandoned"}  # what the sweep makes of each
OPEN_TABLES_QUERY = "SELECT id FROM tables WHERE status IN ('waiting', 'playing') ORDER BY created"
URL_SCHEMES = ("postgresql://", "postgres://")
T = TypeVar("T")


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None
    name: str | None
    token_hash: str | None


@dataclass
class TableRow:
    id: str
    game: str
    options: JsonDict
    num_players: int
    seed: int
    created: float
    status: str
    rematch_of: str | None
    rematch: str | None
    result: JsonDict | None
    seats: list[SeatRow]
    moves: list[tuple[int, JsonDict]]
    alive: float | None = None  # a waiting table: when a seated player was last known connected (else `created`)


@dataclass
class ActionRow:
    """One action to commit; `result` is set when it ends the game (the table's status becomes finished)."""

    table_id: str
    ply: int
    seat: int
    action: JsonDict
    result: JsonDict | None = None


class SqlStore(ABC):
    """Every query of the server, for any store: a subclass gives the connection (`execute`, `executemany` with `?`
    parameters, `transaction`) and says which rows a batch of actions could not take (`append_actions`)."""

    dialect: Dialect
    where: str  # the database, as shown in the log (never a password)

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor: ...

    @abstractmethod
    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Sql]: ...

    @abstractmethod
    def close(self) -> None: ...

    async def off_loop(self, write: Callable[[SqlStore], T]) -> T:
        """`write(store)`: a write the event loop must not wait for if it takes long (a table made, a seat taken).
        The embedded store's writes are short and local, and run here, on the loop's thread."""
        return write(self)

    @abstractmethod
    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        """Commit actions (of any tables) in one transaction; an action with a `result` also marks its table
        finished. Returns the rows refused because their ply is taken (another process played it first): nothing
        of those is written. Any other failure raises, and then nothing is written."""

    def schema(self) -> int:
        """The number of the last migration applied (0: an empty database)."""
        with self.transaction() as c:
            # Under the schema lock: PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against another process
            # creating the same table at the same moment (two processes starting on a new database: UniqueViolation).
            self.lock_schema(c)
            c.execute(migrations.META)
            return self._schema_in(c)

    def upgrade(self) -> list[int]:
        """Apply the migrations this database has not had, each in its own transaction; the numbers applied."""
        done = []
        for migration in migrations.pending(self.schema(), self.where):
            with self.transaction() as c:
                self.lock_schema(c)
                if self._schema_in(c) >= migration.number:  # another process applied it meanwhile
                    continue
                migrations.apply(c, migration, self.dialect)
            done.append(migration.number)
        return done

    # Two hooks that do nothing unless a store needs them (SQLite needs neither): not abstract.
    def lock_schema(self, c: Sql) -> None:  # noqa: B027
        """Make other processes opening the database wait for this transaction (SQLite's BEGIN IMMEDIATE does)."""

    def changed(self, table_ids: Sequence[str]) -> None:  # noqa: B027
        """Tell the other processes that these tables' seats, status or rematch changed (none with SQLite)."""

    def _schema_in(self, c: Sql) -> int:
        row = c.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        return 0 if row is None else int(row[0])

    # -- writes (each one transaction) -------------------------------------------------------------------------

    def insert_table(self, row: TableRow) -> None:
        with self.transaction() as c:
            self._insert(c, row)

    def insert_rematch(self, old_id: str, row: TableRow) -> None:
        """Store the rematch `row` of `old_id`, unless that table has one already that is not gone (asked for through
        another process meanwhile): `Taken` then, and nothing is written."""
        with self.transaction() as c:
            if c.execute(_SET_REMATCH, (row.id, old_id)).rowcount != 1:
                raise Taken(f"table {old_id} has a rematch already")
            self._insert(c, row)
        self.changed([old_id])

    @staticmethod
    def _insert(c: Sql, row: TableRow) -> None:
        c.execute(
            f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                row.id,
                row.game,
                json.dumps(row.options),
                row.num_players,
                row.seed,
                row.created,
                row.status,
                row.rematch_of,
                row.rematch,
                None if row.result is None else json.dumps(row.result),
                row.alive,
            ),
        )
        for s in row.seats:
            c.execute("INSERT INTO seats VALUES (?,?,?,?,?,?)", (row.id, s.seat, s.kind, s.bot, s.name, s.token_hash))

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        """Give `seat` to the holder of `token_hash` if it is still free (another process may have given it
        meanwhile): `Taken` then, and nothing is written."""
        with self.transaction() as c:
            taken = c.execute(
                "UPDATE seats SET name=?, token_hash=? WHERE table_id=? AND seat=? AND token_hash IS NULL",
                (name, token_hash, table_id, seat),
            ).rowcount
            if taken != 1:
                raise Taken(f"seat {seat} of table {table_id} is taken")
            c.execute("UPDATE tables SET status=? WHERE id=?", (status, table_id))
        self.changed([table_id])

    def expire_waiting(self, table_ids: list[str]) -> None:
        """Mark waiting tables expired (one transaction): they are never loaded again."""
        with self.transaction():
            query = "UPDATE tables SET status='expired' WHERE id=? AND status='waiting'"
            self.executemany(query, [(t,) for t in table_ids])
        self.changed(table_ids)

    def close_open_before(self, status: OpenStatus, before: float) -> int:
        """End every open table of `status` whose `alive` (or creation) is older than `before`, as the sweep does:
        a waiting table expires, a playing one is abandoned. Returns how many."""
        with self.transaction() as c:
            # `status IN (...)` as in the partial index, so that only open tables are read
            cursor = c.execute(
                "UPDATE tables SET status=? WHERE id IN (SELECT id FROM tables"
                " WHERE status IN ('waiting', 'playing') AND status=? AND COALESCE(alive, created) < ?)",
                (SWEPT_TO[status], status, before),
            )
            return cursor.rowcount

    def abandon_playing(self, table_ids: list[str], before: float) -> dict[str, float | None]:
        """Mark abandoned those of the playing tables `table_ids` whose `alive` (or creation) in the database is
        `before` or older (one transaction): they ended unfinished, keep their actions, and are not loaded at a
        start. The database decides, not this process's copy: another process where someone is at the table keeps
        its `alive` fresh. Returns each table's `alive` as stored now, None for those that are abandoned."""
        with self.transaction() as c:
            query = (
                "UPDATE tables SET status='abandoned' WHERE id=? AND status='playing' AND COALESCE(alive, created) <= ?"
            )
            self.executemany(query, [(t, before) for t in table_ids])
            alive: dict[str, float | None] = {}
            for table_id in table_ids:
                row = c.execute(
                    "SELECT status, COALESCE(alive, created) FROM tables WHERE id=?", (table_id,)
                ).fetchone()
                alive[table_id] = None if row is None or row[0] == "abandoned" else float(row[1])
        self.changed([t for t, at in alive.items() if at is None])
        return alive

    def set_alive(self, alive: list[tuple[str, float]]) -> None:
        with self.transaction():
            self.executemany("UPDATE tables SET alive=? WHERE id=?", [(at, table_id) for table_id, at in alive])

    # -- reads -------------------------------------------------------------------------------------------------

    def unfinished_ids(self) -> list[str]:
        """The open tables (waiting or playing), oldest first: the index `tables_open` alone answers it."""
        return [r[0] for r in self.execute(OPEN_TABLES_QUERY).fetchall()]

    def status(self, table_id: str) -> str | None:
        r = self.execute("SELECT status FROM tables WHERE id=?", (table_id,)).fetchone()
        return None if r is None else str(r[0])

    def load(self, table_id: str) -> TableRow | None:
        """The table `table_id` with its seats and actions; None if there is none (or it expired)."""
        r = self.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id=? AND status != 'expired'", (table_id,))
        head = r.fetchone()
        if head is None:
            return None
        return TableRow(
            head[0],
            head[1],
            json.loads(head[2]),
            head[3],
            head[4],
            head[5],
            head[6],
            head[7],
            head[8],
            None if head[9] is None else json.loads(head[9]),
            self.seats(table_id),
            self.moves_since(table_id, 0),
            head[10],
        )

    def seats(self, table_id: str) -> list[SeatRow]:
        query = "SELECT seat, kind, bot, name, token_hash FROM seats WHERE table_id=? ORDER BY seat"
        return [SeatRow(*s) for s in self.execute(query, (table_id,)).fetchall()]

    def moves_since(self, table_id: str, ply: int) -> list[tuple[int, JsonDict]]:
        """The actions of `table_id` from `ply` on, in order, as (seat, action)."""
        query = "SELECT seat, action FROM actions WHERE table_id=? AND ply>=? ORDER BY ply"
        return [(seat, json.loads(action)) for seat, action in self.execute(query, (table_id, ply)).fetchall()]

    def count_actions(self, table_id: str) -> int:
        return int(self.execute("SELECT COUNT(*) FROM actions WHERE table_id=?", (table_id,)).fetchone()[0])


class Taken(Exception):
    """A seat or a rematch another process gave first: nothing was written."""


# A table's rematch is set once, or again when the one asked for is gone: expired unjoined, or abandoned.
_SET_REMATCH = (
    "UPDATE tables SET rematch=? WHERE id=? AND (rematch IS NULL OR EXISTS (SELECT 1 FROM tables r"
    " WHERE r.id = tables.rematch AND r.status IN ('expired', 'abandoned')))"
)
_TABLE_COLUMNS = "id, game, options, num_players, seed, created, status, rematch_of, rematch, result, alive"
_INSERT_ACTION = "INSERT INTO actions VALUES (?,?,?,?,?)"
_FINISH = "UPDATE tables SET status='finished', result=? WHERE id=?"


def action_values(rows: list[ActionRow]) -> list[tuple[str, int, int, str, float]]:
    now = time.time()
    return [(r.table_id, r.ply, r.seat, orjson.dumps(r.action).decode(), now) for r in rows]


def finish_values(rows: list[ActionRow]) -> list[tuple[str, str]]:
    return [(json.dumps(r.result), r.table_id) for r in rows if r.result is not None]


class Database(SqlStore):
    """The embedded store: one SQLite file (or ":memory:"), one process."""

    dialect = migrations.SqliteDialect()

    def __init__(self, path: Path | str) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.where = str(path)
        self.conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.execute("PRAGMA busy_timeout=5000")
        self.upgrade()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    @contextmanager
    def transaction(self) -> Iterator[Sql]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (the connection runs in autocommit mode otherwise)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        """One process writes a SQLite file, so a taken ply is a fault, raised (sqlite3.IntegrityError) as before."""
        values = action_values(rows)
        if len(rows) == 1 and rows[0].result is None:
            # One statement is a transaction of its own (autocommit): one call instead of BEGIN, INSERT, COMMIT.
            self.conn.execute(_INSERT_ACTION, values[0])
            return []
        with self.transaction() as c:
            self.conn.executemany(_INSERT_ACTION, values)
            for finished in finish_values(rows):
                c.execute(_FINISH, finished)
        return []


def is_url(db: Path | str) -> bool:
    return isinstance(db, str) and db.startswith(URL_SCHEMES)


def open_store(db: Path | str) -> SqlStore:
    """The store `db` names: a postgresql:// URL, else a SQLite file (or ":memory:")."""
    if is_url(db):
        from podium.server.pgstore import PostgresStore  # psycopg: the `postgres` extra

        return PostgresStore(str(db))
    return Database(db)
