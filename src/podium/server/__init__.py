"""The web server: tables, seats, a WebSocket protocol (docs/protocol.md) and an embedded SQLite database.

`create_app(ServerConfig(...))` builds the FastAPI application; `podium serve` runs it with uvicorn.
"""

from podium.server.app import create_app
from podium.server.config import ServerConfig, default_db_path

__all__ = ["ServerConfig", "create_app", "default_db_path"]
