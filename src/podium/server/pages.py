"""The browser client's pages (the lobby, a table, a table's review), each drawn from the one shared frame
`web/pages/layout.html` (head, stylesheet, icon, the page's module) around its own body `web/pages/<name>.html`.

The files are read at each request, as the static files are: an edited page shows on the next load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from pathlib import Path
from string import Template

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES_DIR = WEB / "pages"
SHELL_WORDS = WEB / "static" / "i18n" / "shell.json"


@dataclass(frozen=True)
class Page:
    name: str  # its body `web/pages/<name>.html`, its module `/static/js/<name>.js`, its title `<name>.doc_title`
    body_class: str


LOBBY = Page("lobby", "lobby-page")
TABLE = Page("table", "table-page")
REVIEW = Page("review", "table-page review-page")
PAGES = (LOBBY, TABLE, REVIEW)


def page_html(page: Page) -> str | None:
    """The whole page, or None when the browser client is not installed (its files are missing)."""
    body = PAGES_DIR / f"{page.name}.html"
    if not body.is_file():
        return None
    # the English title until the client has put the player's language in (it reads the same key)
    title = json.loads(SHELL_WORDS.read_text(encoding="utf-8"))["en"][f"{page.name}.doc_title"]
    layout = Template((PAGES_DIR / "layout.html").read_text(encoding="utf-8"))
    own = body.read_text(encoding="utf-8")
    return layout.substitute(name=page.name, title=escape(title, quote=False), body_class=page.body_class, body=own)
