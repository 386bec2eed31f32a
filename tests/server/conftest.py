"""The server tests run on both stores (tests/store_support.py): a test that takes `database` runs on SQLite, then
on PostgreSQL."""

from store_support import database, pg_cluster, store

__all__ = ["database", "pg_cluster", "store"]
