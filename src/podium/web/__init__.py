"""The browser client: static files (HTML, CSS, plain ES modules, no build step) that `podium serve` serves.

`/` is the lobby (`static/index.html`), `/t/{table_id}` a table (`static/table.html`), `/static/...` this folder.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR: Path = Path(__file__).resolve().parent / "static"
"""The folder served under `/static/`."""


def static_dir() -> Path:
    return STATIC_DIR
