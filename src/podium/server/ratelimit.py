"""Per-connection rate limiting: a token bucket, and a count of consecutive refusals that ends an abusive socket."""

from __future__ import annotations

import time
from collections.abc import Callable


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
