"""Persistence: tables, seats (token hashes, never tokens) and each game as its seed and action list, in SQLite.

WAL journal with `synchronous=NORMAL`: a committed transaction survives the process being killed at any moment
(`kill -9`), which is what an acknowledged action needs; only a power cut could lose the last commits.
Every call is synchronous and short, and made from the event loop's thread: a table's apply and commit therefore
run with no await between them, so no other action can interleave.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from podium.core.contract import JsonDict
from podium.core.errors import PodiumError
from podium.core.registry import get_game

SCHEMA_VERSION = 3  # 2: tables.memory and tables.alive, the partial index tables_open; 3: no tables.memory
# Statuses in the database: a table's own three, `expired` (a waiting table nobody joined, never loaded again) and
# `abandoned` (a playing table nobody was at for a long time: ended unfinished, loaded only when asked for).
OPEN_STATUSES = ("waiting", "playing")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    num_players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    rematch_of TEXT,
    rematch TEXT,
    result TEXT,
    alive REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, ply)
);
"""
# Created after the columns of older schemas are added. The start-up query reads this index only: it holds just the
# open tables, so the time to start does not grow with the number of finished (or expired) ones.
_INDEXES = """
DROP INDEX IF EXISTS tables_status;
CREATE INDEX IF NOT EXISTS tables_open ON tables (created) WHERE status IN ('waiting', 'playing');
"""
OPEN_TABLES_QUERY = "SELECT id FROM tables WHERE status IN ('waiting', 'playing') ORDER BY created"
_ADDED_COLUMNS = {"alive": "REAL"}  # columns schema 1 did not have


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


class Database:
    def __init__(self, path: Path | str) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.execute("PRAGMA busy_timeout=5000")
        self.conn.executescript(_SCHEMA)
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is not None and int(row[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"database {path} has schema {row[0]}, this podium reads schema {SCHEMA_VERSION}")
        with self._tx() as c:
            have = {r[1] for r in c.execute("PRAGMA table_info(tables)")}
            for column, kind in _ADDED_COLUMNS.items():
                if column not in have:  # a schema 1 database: its tables get the defaults
                    c.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
            if _LEGACY_MEMORY in have:
                _migrate_memory(c)
            c.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        self.conn.executescript(_INDEXES)

    def close(self) -> None:
        self.conn.close()

    def _tx(self) -> _Transaction:
        return _Transaction(self.conn)

    # -- writes (each one transaction) -------------------------------------------------------------------------

    def insert_table(self, row: TableRow) -> None:
        with self._tx() as c:
            self._insert(c, row)

    def insert_rematch(self, old_id: str, row: TableRow) -> None:
        with self._tx() as c:
            self._insert(c, row)
            c.execute("UPDATE tables SET rematch=? WHERE id=?", (row.id, old_id))

    @staticmethod
    def _insert(c: sqlite3.Connection, row: TableRow) -> None:
        c.execute(
            "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)",
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
        c.executemany(
            "INSERT INTO seats VALUES (?,?,?,?,?,?)",
            [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats],
        )

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        with self._tx() as c:
            c.execute(
                "UPDATE seats SET name=?, token_hash=? WHERE table_id=? AND seat=?", (name, token_hash, table_id, seat)
            )
            c.execute("UPDATE tables SET status=? WHERE id=?", (status, table_id))

    def append_action(
        self, table_id: str, ply: int, seat: int, action: JsonDict, status: str, result: JsonDict | None
    ) -> None:
        """Commit one action (and the game's end, if it ends); the primary key refuses a second action at `ply`."""
        self.append_actions([ActionRow(table_id, ply, seat, action, result if status == "finished" else None)])

    def append_actions(self, rows: list[ActionRow]) -> None:
        """Commit actions (of any tables) in one transaction, all or none; an action with a `result` also marks its
        table finished. The primary key refuses a second action at the same ply."""
        now = time.time()
        values = [(r.table_id, r.ply, r.seat, orjson.dumps(r.action).decode(), now) for r in rows]
        if len(rows) == 1 and rows[0].result is None:
            # One statement is a transaction of its own (autocommit): one call instead of BEGIN, INSERT, COMMIT.
            self.conn.execute(_INSERT_ACTION, values[0])
            return
        with self._tx() as c:
            c.executemany(_INSERT_ACTION, values)
            for r in rows:
                if r.result is not None:
                    c.execute(
                        "UPDATE tables SET status='finished', result=? WHERE id=?", (json.dumps(r.result), r.table_id)
                    )

    def expire_waiting(self, table_ids: list[str]) -> None:
        """Mark waiting tables expired (one transaction): they are never loaded again."""
        with self._tx() as c:
            query = "UPDATE tables SET status='expired' WHERE id=? AND status='waiting'"
            c.executemany(query, [(t,) for t in table_ids])

    def expire_waiting_before(self, before: float) -> int:
        """Expire every waiting table whose `alive` (or creation) is older than `before`; how many."""
        with self._tx() as c:
            # `status IN (...)` as in the partial index, so that only open tables are read
            cursor = c.execute(
                "UPDATE tables SET status='expired' WHERE id IN (SELECT id FROM tables"
                " WHERE status IN ('waiting', 'playing') AND status='waiting' AND COALESCE(alive, created) < ?)",
                (before,),
            )
            return cursor.rowcount

    def abandon_playing(self, table_ids: list[str]) -> None:
        """Mark playing tables abandoned (one transaction): they ended unfinished, keep their actions, and are not
        loaded at a start."""
        with self._tx() as c:
            query = "UPDATE tables SET status='abandoned' WHERE id=? AND status='playing'"
            c.executemany(query, [(t,) for t in table_ids])

    def abandon_playing_before(self, before: float) -> int:
        """Abandon every playing table whose `alive` (or creation) is older than `before`; how many."""
        with self._tx() as c:
            cursor = c.execute(
                "UPDATE tables SET status='abandoned' WHERE id IN (SELECT id FROM tables"
                " WHERE status IN ('waiting', 'playing') AND status='playing' AND COALESCE(alive, created) < ?)",
                (before,),
            )
            return cursor.rowcount

    def set_alive(self, alive: list[tuple[str, float]]) -> None:
        with self._tx() as c:
            c.executemany("UPDATE tables SET alive=? WHERE id=?", [(at, table_id) for table_id, at in alive])

    # -- reads -------------------------------------------------------------------------------------------------

    def unfinished_ids(self) -> list[str]:
        """The open tables (waiting or playing), oldest first: the index `tables_open` alone answers it."""
        return [r[0] for r in self.conn.execute(OPEN_TABLES_QUERY)]

    def status(self, table_id: str) -> str | None:
        r = self.conn.execute("SELECT status FROM tables WHERE id=?", (table_id,)).fetchone()
        return None if r is None else str(r[0])

    def load(self, table_id: str) -> TableRow | None:
        """The table `table_id` with its seats and actions; None if there is none (or it expired)."""
        r = self.conn.execute(_SELECT_TABLE + " WHERE id=? AND status != 'expired'", (table_id,)).fetchone()
        if r is None:
            return None
        seats = [
            SeatRow(*s)
            for s in self.conn.execute(
                "SELECT seat, kind, bot, name, token_hash FROM seats WHERE table_id=? ORDER BY seat", (table_id,)
            )
        ]
        moves = [
            (seat, json.loads(action))
            for seat, action in self.conn.execute(
                "SELECT seat, action FROM actions WHERE table_id=? ORDER BY ply", (table_id,)
            )
        ]
        return TableRow(
            r[0],
            r[1],
            json.loads(r[2]),
            r[3],
            r[4],
            r[5],
            r[6],
            r[7],
            r[8],
            None if r[9] is None else json.loads(r[9]),
            seats,
            moves,
            r[10],
        )

    def count_actions(self, table_id: str) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM actions WHERE table_id=?", (table_id,)).fetchone()[0])


_INSERT_ACTION = "INSERT INTO actions VALUES (?,?,?,?,?)"
_SELECT_TABLE = (
    "SELECT id, game, options, num_players, seed, created, status, rematch_of, rematch, result, alive FROM tables"
)


# Schema 2's column for "play from memory", then a flag of every table that only the clients read. It is a rule option
# of the games that have it now, whose views hide the remembered cards (`State.shown_view`).
_LEGACY_MEMORY = "memory"


def _migrate_memory(c: sqlite3.Connection) -> None:
    """Schema 2 -> 3: a table stored with the flag set becomes a table of its game with the option `memory` set, when
    its game has that option (for any other game the flag changed nothing and is dropped); then the column goes."""
    flagged = c.execute(f"SELECT id, game, options FROM tables WHERE {_LEGACY_MEMORY} != 0").fetchall()
    for table_id, game, options in flagged:
        if _has_option(game, _LEGACY_MEMORY):
            stored = json.loads(options)
            stored[_LEGACY_MEMORY] = True
            c.execute("UPDATE tables SET options=? WHERE id=?", (json.dumps(stored), table_id))
    c.execute(f"ALTER TABLE tables DROP COLUMN {_LEGACY_MEMORY}")


def _has_option(game: str, name: str) -> bool:
    try:
        options = get_game(game).config_type.options()
    except PodiumError:  # a game no longer installed: its tables cannot load anyway
        return False
    return any(info.name == name for info in options)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on any error (the connection runs in autocommit mode otherwise)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")
