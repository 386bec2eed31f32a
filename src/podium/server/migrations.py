"""The database schema of both stores (SQLite, PostgreSQL) as one list of numbered migrations.

A database records the number of the last migration applied (`meta.schema`); opening it applies the ones after, each
in one transaction, so a database of any older podium is brought up to date and a new one is built by the same steps
(never a second "current schema" to keep in step with them). The statements are written once, in the SQL both
databases read; `Dialect.statement` names the two differences of types: PostgreSQL's REAL has 24 bits (a time in
seconds since 1970 needs a double) and its INTEGER 32 (a seed has 63).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from podium.core.errors import PodiumError
from podium.core.registry import get_game


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Sql(Protocol):
    """What a migration runs on: one statement with `?` parameters, inside the migration's transaction."""

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Cursor: ...


@dataclass(frozen=True)
class Migration:
    number: int
    why: str
    statements: tuple[str, ...] = ()
    step: Callable[[Sql], None] | None = None  # Python run after the statements (a change SQL alone cannot say)


# Schema 2's column for "play from memory", then a flag of every table that only the clients read. It is a rule option
# of the games that have it now, whose views hide the remembered cards (`State.shown_view`).
_LEGACY_MEMORY = "memory"


def _memory_to_option(c: Sql) -> None:
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


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "tables, their seats (token hashes, never tokens) and each game's actions",
        (
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, num_players INTEGER"
            " NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL, rematch_of TEXT,"
            " rematch TEXT, result TEXT)",
            "CREATE INDEX tables_status ON tables (status)",
            "CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables (id), seat INTEGER NOT NULL,"
            " kind TEXT NOT NULL, bot TEXT, name TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat))",
            # The primary key is what makes an action happen once: a second action at the same ply is refused.
            "CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables (id), ply INTEGER NOT NULL,"
            " seat INTEGER NOT NULL, action TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, ply))",
        ),
    ),
    Migration(
        2,
        "tables.memory and tables.alive (when a seated player was last at a waiting table); the start reads a partial"
        " index of the open tables only, so it takes no longer for the tables of the past",
        (
            f"ALTER TABLE tables ADD COLUMN {_LEGACY_MEMORY} INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE tables ADD COLUMN alive REAL",
            "DROP INDEX IF EXISTS tables_status",
            "CREATE INDEX tables_open ON tables (created) WHERE status IN ('waiting', 'playing')",
        ),
    ),
    Migration(3, "no tables.memory: it is the option of the games that have it", step=_memory_to_option),
    Migration(
        4,
        "many processes on one database: the process whose bots play a table (tables.owner), the processes with"
        " when each was last seen (a table's bots move on when their process is no longer seen), the rate limits",
        (
            "ALTER TABLE tables ADD COLUMN owner TEXT",
            "CREATE TABLE processes (id TEXT PRIMARY KEY, seen REAL NOT NULL)",
            # the REST rate limits per client address, counted across processes (podium.server.sharedlimits)
            "CREATE TABLE rate_buckets (key TEXT PRIMARY KEY, tokens REAL NOT NULL, at REAL NOT NULL)",
        ),
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1].number


class Dialect(Protocol):
    name: str

    def statement(self, sql: str) -> str: ...


class SqliteDialect:
    name = "sqlite"

    def statement(self, sql: str) -> str:
        return sql


_PG_TYPES = {"REAL": "DOUBLE PRECISION", "INTEGER": "BIGINT"}


class PostgresDialect:
    name = "postgresql"

    def statement(self, sql: str) -> str:
        return re.sub(r"\b(REAL|INTEGER)\b", lambda m: _PG_TYPES[m.group(1)], sql)


def pending(current: int, where: str) -> list[Migration]:
    """The migrations a database at schema `current` still needs; a newer database than this podium is refused."""
    if current > SCHEMA_VERSION:
        raise RuntimeError(
            f"database {where} has schema {current}, this podium reads schema {SCHEMA_VERSION}: upgrade podium"
        )
    return [m for m in MIGRATIONS if m.number > current]


def apply(c: Sql, migration: Migration, dialect: Dialect) -> None:
    """Run one migration inside the caller's transaction, and record it."""
    for sql in migration.statements:
        c.execute(dialect.statement(sql))
    if migration.step is not None:
        migration.step(c)
    c.execute(
        "INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (str(migration.number),),
    )


META = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
