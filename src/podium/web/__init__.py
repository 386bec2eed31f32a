"""The browser client: static files (HTML, CSS, plain ES modules, no build step) that `podium serve` serves.

`/` is the lobby (`pages/lobby.html`), `/t/{table_id}` a table (`pages/table.html`), `/review/{table_id}` its review
(`pages/review.html`), each page's body in the shared frame `pages/layout.html`; `/static/...` the folder `static/`.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR: Path = Path(__file__).resolve().parent / "static"
"""The folder served under `/static/`."""


def static_dir() -> Path:
    return STATIC_DIR
