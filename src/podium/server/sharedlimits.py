"""The REST rate limits per client address across many processes on one PostgreSQL: the same token buckets as
`ClientLimits`, kept in the table `rate_buckets` instead of one process's memory, so that a client sent to another
process by the proxy finds its bucket as it left it. Each request reads and writes its bucket in one transaction,
the row locked (`FOR UPDATE`): two processes counting one client's requests at once wait for each other, and neither
request is lost. A create, join or rematch is a few per minute per person; the WebSocket messages are limited per
connection, in memory, as before."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from podium.server.config import RateLimit
from podium.server.pgstore import PostgresStore
from podium.server.ratelimit import ClientLimits


class SharedLimits(ClientLimits):
    def __init__(self, store: PostgresStore, limits: Mapping[str, RateLimit], clock: Callable[[], float]) -> None:
        super().__init__(limits, clock)
        self.store = store

    def retry_after(self, operation: str, client: str) -> int | None:
        key = f"{operation} {client}"
        with self.store.transaction() as c:
            row = c.execute("SELECT tokens, at FROM rate_buckets WHERE key=? FOR UPDATE", (key,)).fetchone()
            self.buckets = {} if row is None else {(operation, client): (float(row[0]), float(row[1]))}
            wait = super().retry_after(operation, client)
            tokens, at = self.buckets[operation, client]
            c.execute(
                "INSERT INTO rate_buckets (key, tokens, at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, at = excluded.at",
                (key, tokens, at),
            )
        self.buckets = {}
        return wait

    def prune(self) -> None:
        """Forget the buckets that have filled up again (any process may; the longest refill bounds the age)."""
        slowest = max(limit.burst * 60.0 / limit.per_minute for limit in self.limits.values())
        self.store.execute("DELETE FROM rate_buckets WHERE at < ?", (self.clock() - slowest,))
