"""`podium serve`: the web server (FastAPI + uvicorn) with its SQLite database."""

from __future__ import annotations

import errno
import logging
import socket
from pathlib import Path
from typing import Any

from rich.console import Console

from podium.core.errors import PodiumError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
EXAMPLE_HOSTS = "e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network of this machine)"


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket bound to `host`:`port`, as uvicorn would bind it (and then handed to uvicorn, so that nothing can
    take the port in between), or a `PodiumError` saying what is wrong and what to give instead."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: a port in TIME_WAIT is free
        sock.bind((host, port))
    except socket.gaierror as exc:
        sock.close()
        raise PodiumError(f"--host {host}: no such address or host name ({exc.strerror}); {EXAMPLE_HOSTS}") from None
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            other = port + 1 if port < 65535 else 8000
            raise PodiumError(
                f"port {port} on {host} is already in use (another podium serve, or another program); "
                f"choose another with --port, e.g. --port {other}"
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise PodiumError(f"--host {host}: not an address of this machine; {EXAMPLE_HOSTS}") from None
        if exc.errno == errno.EACCES:
            raise PodiumError(
                f"--port {port}: not allowed for this user (ports below 1024 need privileges); "
                "choose another with --port, e.g. --port 8000"
            ) from None
        raise PodiumError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def database_target(db: Path | str | None) -> Path | str:
    """What `--db` names: a postgresql:// URL (checked for the driver), else a SQLite file (not a directory)."""
    from podium.server import default_db_path
    from podium.server.db import is_url

    if db is not None and is_url(str(db)):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise PodiumError(
                "--db postgresql://…: the PostgreSQL driver is not installed; pip install 'podium[postgres]'"
            ) from None
        return str(db)
    path = Path(db) if db is not None else default_db_path()
    if path.exists() and path.is_dir():
        raise PodiumError(f"--db {path}: is a directory; give a database file")
    return path


def pgstore_shown(url: str) -> str:
    from podium.server.pgstore import shown

    return shown(url)


def run_server(
    host: str,
    port: int,
    db: Path | str | None,
    bot_delay: float,
    console: Console,
    *,
    rate_limits: bool = True,
    **settings: Any,
) -> int:
    """Serve until stopped. `settings`: more `ServerConfig` fields (the front end's and the public limits)."""
    import uvicorn

    from podium.server import ServerConfig, create_app
    from podium.server.front import uvicorn_config

    if not 0 <= port <= 65535:
        raise PodiumError(f"--port {port}: a port is 0..65535")
    if bot_delay < 0 or bot_delay > 60:
        raise PodiumError(f"--bot-delay {bot_delay}: give 0 to 60 seconds")
    path = database_target(db)
    shown = path if isinstance(path, Path) else pgstore_shown(path)
    server_config = ServerConfig(db_path=path, bot_delay=bot_delay, rate_limits=rate_limits, **settings)
    app = create_app(server_config)
    # Bind before saying "serving on": a port in use or a bad --host is one clear line, not a uvicorn error.
    sock = listen_socket(host, port)
    try:
        port = int(sock.getsockname()[1])  # the port the system chose for --port 0
        where = f"[{host}]" if ":" in host else host
        console.print(f"podium: serving on [bold]http://{where}:{port}/[/] (database {shown})")
        if host not in LOOPBACK:
            console.print("[yellow]note:[/] listening beyond this machine; put it behind HTTPS for the internet")
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        config = uvicorn_config(app, server_config, host=host, port=port, log_level="warning")
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
