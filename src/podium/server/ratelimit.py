"""Rate limiting: per WebSocket connection (a token bucket, and a count of consecutive refusals that ends an abusive
socket), and per client address for the REST calls that make or take seats."""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable, Mapping

from podium.server.config import RateLimit


class RateLimiter:
    def __init__(self, rate: float, burst: float, strikes: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.max_strikes = strikes
        self.clock = clock
        self.tokens = burst
        self.last = clock()
        self.strikes = 0

    def allow(self) -> bool:
        """One message: True if it may be handled; False if it must be refused as `rate_limited`."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    @property
    def abusive(self) -> bool:
        return self.strikes >= self.max_strikes


def client_key(host: str | None) -> str:
    """The address a REST limit counts against: the client's IP as the ASGI server sees it (behind a reverse proxy,
    run `podium serve --forwarded-allow-ips PROXY` so that it is the real client's); an IPv6 client by its /64
    network, which one subscriber usually holds whole."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class ClientLimits:
    """One token bucket per (operation, client address). Buckets that have filled up again are forgotten by
    `prune`, and there are never more than `max_buckets`: past that, the full ones go, then the least recently
    used (whose clients start again with a full bucket, which loses a little limit but never memory)."""

    def __init__(
        self, limits: Mapping[str, RateLimit], clock: Callable[[], float] = time.monotonic, max_buckets: int = 100_000
    ) -> None:
        self.limits = dict(limits)
        self.clock = clock
        self.max_buckets = max_buckets
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (operation, client) -> (tokens, at), LRU order

    def _refill(self, limit: RateLimit, tokens: float, at: float, now: float) -> float:
        return min(float(limit.burst), tokens + max(0.0, now - at) * limit.per_minute / 60.0)

    def retry_after(self, operation: str, client: str) -> int | None:
        """Take one request of `operation` for `client`: None if it may go on, else the whole seconds to wait."""
        limit = self.limits[operation]
        now = self.clock()
        key = (operation, client)
        tokens, at = self.buckets.pop(key, (float(limit.burst), now))  # reinserted below: the most recent
        if len(self.buckets) >= self.max_buckets:
            self._make_room()
        tokens = self._refill(limit, tokens, at, now)
        if tokens >= 1.0:
            self.buckets[key] = (tokens - 1.0, now)
            return None
        self.buckets[key] = (tokens, now)
        return max(1, math.ceil((1.0 - tokens) * 60.0 / limit.per_minute))

    def prune(self) -> None:
        now = self.clock()
        for key, (tokens, at) in list(self.buckets.items()):
            limit = self.limits[key[0]]
            if self._refill(limit, tokens, at, now) >= limit.burst:
                del self.buckets[key]

    def _make_room(self) -> None:
        # Down to nine tenths: the full walk of `prune` then comes once per max_buckets / 10 new clients at most.
        self.prune()
        excess = len(self.buckets) - self.max_buckets * 9 // 10
        for key in list(self.buckets)[: max(0, excess)]:
            del self.buckets[key]
