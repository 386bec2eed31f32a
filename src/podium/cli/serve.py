"""`podium serve`: the web server (FastAPI + uvicorn) with its SQLite database."""

from __future__ import annotations

import logging
from pathlib import Path

from rich.console import Console

from podium.core.errors import PodiumError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def run_server(host: str, port: int, db: Path | None, bot_delay: float, console: Console) -> int:
    import uvicorn

    from podium.server import ServerConfig, create_app, default_db_path

    if not 0 <= port <= 65535:
        raise PodiumError(f"--port {port}: a port is 0..65535")
    if bot_delay < 0 or bot_delay > 60:
        raise PodiumError(f"--bot-delay {bot_delay}: give 0 to 60 seconds")
    path = db if db is not None else default_db_path()
    if path.exists() and path.is_dir():
        raise PodiumError(f"--db {path}: is a directory; give a database file")
    app = create_app(ServerConfig(db_path=path, bot_delay=bot_delay))
    shown = f"[{host}]" if ":" in host else host
    console.print(f"podium: serving on [bold]http://{shown}:{port}/[/] (database {path})")
    if host not in LOOPBACK:
        console.print("[yellow]note:[/] listening beyond this machine; put it behind HTTPS for the internet")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # No per-message compression: frames are a few KiB, and deflating each one costs more CPU than it saves.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=65536,
        ws_ping_interval=20,
        ws_per_message_deflate=False,
    )
    return 0
