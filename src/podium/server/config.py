"""The server's settings, with the limits of the protocol in one place."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

MAX_MESSAGE_BYTES = 4096
MAX_BODY_BYTES = 16384
MAX_JSON_DEPTH = 32  # nesting of arrays and objects in a body or message; every valid one needs fewer than 5


def default_db_path() -> Path:
    """The default database: a SQLite file in the user's data directory (created when missing)."""
    return Path(platformdirs.user_data_dir("podium", appauthor=False)) / "podium.sqlite3"


@dataclass(frozen=True)
class ServerConfig:
    db_path: Path | str = ""  # "" = default_db_path(); ":memory:" works for tests
    bot_delay: float = 0.5  # seconds a bot waits before it acts, so that humans can follow
    hello_timeout: float = 10.0
    rate_per_second: float = 20.0  # sustained messages per connection
    rate_burst: float = 40.0
    rate_strikes: int = 40  # consecutive rate-limited messages before the socket is closed (1008)
    send_queue: int = 512  # frames waiting for a slow client before it is dropped (it reconnects to a snapshot)
    hint_timeout: float = 3.0  # seconds a hint may take before the player is told there is none

    def resolved_db_path(self) -> Path | str:
        if self.db_path == ":memory:":
            return ":memory:"
        return Path(self.db_path) if self.db_path else default_db_path()
