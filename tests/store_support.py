"""The two stores the server tests run against: SQLite (a file in the test's folder) and PostgreSQL (a fresh database
in a throwaway cluster started once per test process, podium.testing.postgres). When PostgreSQL cannot be started
here, its tests are skipped with the reason, loudly: they never pass without running."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.testing import postgres

STORES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[postgres.Cluster]:
    try:
        cluster = postgres.start()
    except postgres.Unavailable as exc:
        pytest.skip(f"PostgreSQL TESTS SKIPPED: no PostgreSQL can be started here: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


def new_db(request: pytest.FixtureRequest, store: str, folder: Path) -> Path | str:
    """A new, empty database of `store`: a SQLite file in `folder`, or a PostgreSQL database's URL."""
    if store == "sqlite":
        return folder / "db.sqlite3"
    cluster: postgres.Cluster = request.getfixturevalue("pg_cluster")
    return cluster.database()


@pytest.fixture(scope="module", params=STORES)
def store(request: pytest.FixtureRequest) -> str:
    """Which store (a module's tests run on one, then on the other)."""
    return str(request.param)


@pytest.fixture
def database(request: pytest.FixtureRequest, store: str, tmp_path: Path) -> Path | str:
    """A new database of the store the test runs on."""
    return new_db(request, store, tmp_path)
