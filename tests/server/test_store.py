"""Both stores (SQLite, PostgreSQL) from one schema and one list of migrations: `podium db upgrade` applies them (and
again changes nothing), a 63-bit seed and a time in seconds since 1970 come back exactly, and the primary key refuses
a second action at a ply, which a PostgreSQL batch reports per row instead of failing the others."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from podium.cli.app import app
from podium.server.db import ActionRow, SeatRow, TableRow, open_store
from podium.server.migrations import SCHEMA_VERSION


def row(table_id: str) -> TableRow:
    seats = [SeatRow(0, "human", None, "Ann", "a" * 64), SeatRow(1, "bot", "random", None, None)]
    # a seed of 63 bits and a creation time with microseconds: PostgreSQL's INTEGER and REAL would lose them
    return TableRow(table_id, "kuhn", {}, 2, 2**63 - 5, 1_764_700_000.123456, "playing", None, None, None, seats, [])


def test_db_upgrade_applies_every_migration_once(database: Path | str) -> None:
    runner = CliRunner()
    for _ in range(2):
        done = runner.invoke(app, ["db", "upgrade", "--db", str(database)])
        assert done.exit_code == 0, done.output
        assert f"schema {SCHEMA_VERSION} (this podium: {SCHEMA_VERSION})" in done.output
    store = open_store(database)
    try:
        assert store.upgrade() == []  # nothing left to apply
    finally:
        store.close()


def test_values_come_back_exactly_and_a_taken_ply_is_refused(database: Path | str) -> None:
    store = open_store(database)
    try:
        store.insert_table(row("t1"))
        store.insert_table(row("t2"))
        loaded = store.load("t1")
        assert loaded is not None and loaded.seed == 2**63 - 5 and loaded.created == 1_764_700_000.123456
        assert store.append_actions([ActionRow("t1", 0, 0, {"a": 1})]) == []
        if store.dialect.name == "postgresql":
            # one of two rows takes a taken ply: it alone is refused, the other is committed
            refused = store.append_actions([ActionRow("t1", 0, 1, {"a": 2}), ActionRow("t2", 0, 0, {"a": 3})])
            assert [(r.table_id, r.ply) for r in refused] == [("t1", 0)]
        else:  # one process: a taken ply is a fault, raised, and nothing of the batch is written
            try:
                store.append_actions([ActionRow("t1", 0, 1, {"a": 2}), ActionRow("t2", 0, 0, {"a": 3})])
            except Exception:
                store.append_actions([ActionRow("t2", 0, 0, {"a": 3})])
            else:
                raise AssertionError("a second action at ply 0 was written")
        assert store.moves_since("t1", 0) == [(0, {"a": 1})]
        assert store.moves_since("t2", 0) == [(0, {"a": 3})]
    finally:
        store.close()
