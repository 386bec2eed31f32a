"""Both stores (SQLite, PostgreSQL) from one schema and one list of migrations: `podium db upgrade` applies them (and
again changes nothing), a 63-bit seed and a time in seconds since 1970 come back exactly, and the primary key refuses
a second action at a ply, which a PostgreSQL batch reports per row instead of failing the others; the start's sweep
ends the open tables of one status left alone too long, and no other."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from podium.cli.app import app
from podium.server.db import ActionRow, SeatRow, TableRow, open_store
from podium.server.migrations import SCHEMA_VERSION


def row(table_id: str, status: str = "playing", created: float = 1_764_700_000.123456) -> TableRow:
    seats = [SeatRow(0, "human", None, "Ann", "a" * 64), SeatRow(1, "bot", "random", None, None)]
    # a seed of 63 bits and a creation time with microseconds: PostgreSQL's INTEGER and REAL would lose them
    return TableRow(table_id, "kuhn", {}, 2, 2**63 - 5, created, status, None, None, None, seats, [])


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


def test_the_sweep_ends_only_the_open_tables_of_its_status_left_before_the_cutoff(database: Path | str) -> None:
    store = open_store(database)
    try:
        for status in ("waiting", "playing"):
            store.insert_table(row(f"{status}-old", status, 1000.0))
            store.insert_table(row(f"{status}-seen", status, 1000.0))
            store.insert_table(row(f"{status}-new", status, 2000.0))
            store.set_alive([(f"{status}-seen", 2000.0)])  # `alive`, when set, counts instead of the creation
        store.insert_table(row("done", "finished", 1000.0))
        assert store.close_open_before("waiting", 1500.0) == 1
        assert store.close_open_before("playing", 1500.0) == 1
        assert store.close_open_before("playing", 1000.0) == 0  # older than the cutoff, not as old
        statuses = {t: store.status(t) for t in ("waiting-old", "waiting-seen", "waiting-new", "done")}
        assert statuses == {"waiting-old": "expired", "waiting-seen": "waiting", "waiting-new": "waiting",
                            "done": "finished"}  # fmt: skip
        assert [store.status(t) for t in ("playing-old", "playing-seen", "playing-new")] == [
            "abandoned", "playing", "playing"]  # fmt: skip
    finally:
        store.close()
