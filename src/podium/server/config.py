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
class RateLimit:
    """A token bucket per client address: `burst` requests at once, then `per_minute` more each minute."""

    burst: int
    per_minute: float


@dataclass(frozen=True)
class ServerConfig:
    db_path: Path | str = ""  # "" = default_db_path(); ":memory:" works for tests; or a postgresql:// URL
    bot_delay: float = 0.5  # seconds a bot waits before it acts, so that humans can follow
    # Worker processes the bots think in, at a lower priority than the server (podium.server.botworkers); 0: in
    # threads of the server, where a search holds the interpreter lock against the event loop.
    bot_processes: int = 1
    hello_timeout: float = 10.0
    rate_per_second: float = 20.0  # sustained messages per connection
    rate_burst: float = 40.0
    rate_strikes: int = 40  # consecutive rate-limited messages before the socket is closed (1008)
    send_queue: int = 512  # frames waiting for a slow client before it is dropped (it reconnects to a snapshot)
    hint_timeout: float = 20.0  # seconds a hint (hard's search) may take before the player is told there is none
    hint_queue: int = 8  # positions waiting for a hint at once (one worker computes them in turn); beyond: rate_limited
    presence_interval: float = 0.25  # a seat connecting or leaving is broadcast at most this often per table
    # REST limits per client address (429 rate_limited beyond them). A person creates a table every few minutes and
    # clicks a few times in a row at most; a script that makes thousands of tables is held to a few per minute.
    rate_limits: bool = True  # False: no REST limits (the tests' and the load bench's servers, one address for all)
    create_limit: RateLimit = RateLimit(burst=10, per_minute=4)
    join_limit: RateLimit = RateLimit(burst=20, per_minute=10)
    rematch_limit: RateLimit = RateLimit(burst=10, per_minute=6)
    # A waiting table (a human seat still free) expires once no seated player has been connected to it for this long:
    # its creator waiting at the table keeps it open; one created and left is gone after half an hour.
    waiting_ttl: float = 1800.0
    # A finished table leaves memory this long after its end once no client is connected to it; afterwards its
    # record, its page and its rematch are read from the database when asked for.
    finished_ttl: float = 120.0
    # A playing table that nobody has been at (no seated player connected; for a table of bots only, nobody
    # watching) for this long ends as abandoned: its record stays in the database, it leaves memory and is not
    # replayed at a start. 0: never. Its bots pause much earlier, as soon as nobody is connected.
    abandon_ttl: float = 7200.0
    sweep_interval: float = 30.0  # seconds between two rounds of expiring and unloading tables
    # Per client address (with `rate_limits`): live (waiting or playing) tables it made, and among them tables of
    # bots only. 0: no cap.
    max_tables_per_address: int = 20
    max_sockets_per_address: int = 200  # game sockets open at once (players and spectators), beyond: refused
    # Game sockets one address may open (with `rate_limits`; counted per process): a page reconnects at most twice a
    # second (its backoff starts at 0.5 s), but a reconnect storm opened hundreds a second, each a handshake, a
    # hello and a snapshot on the event loop that serves everyone. Beyond it, the upgrade is refused (403).
    socket_limit: RateLimit = RateLimit(burst=30, per_minute=600)
    max_bot_tables_per_address: int = 2
    # Rule options held to the ranges a game declares for a public server (`option(public=...)`): one game's length
    # stays sane. False: the game's whole range, as the command line allows.
    public_limits: bool = True
    # Origins besides the server's own host whose pages may open the game socket and change state (create, join,
    # rematch), e.g. "https://games.example.org"; a request without `Origin` (no browser) is always allowed.
    allowed_origins: tuple[str, ...] = ()
    # The HTTP front end (podium.server.front): a request's head must be in within `head_timeout` seconds and
    # `max_head_bytes` bytes, its body within `body_timeout`; an idle keep-alive connection closes after
    # `keep_alive_timeout`; beyond `max_connections` open connections (sockets included) a request gets 503 (0: no
    # limit). X-Forwarded-For is read only from `forwarded_allow_ips` (addresses or networks of reverse proxies).
    head_timeout: float = 10.0
    max_head_bytes: int = 16384
    body_timeout: float = 10.0
    keep_alive_timeout: int = 5
    max_connections: int = 2000
    forwarded_allow_ips: tuple[str, ...] = ()

    def resolved_db_path(self) -> Path | str:
        if self.db_path == ":memory:" or str(self.db_path).startswith(("postgresql://", "postgres://")):
            return self.db_path
        return Path(self.db_path) if self.db_path else default_db_path()
