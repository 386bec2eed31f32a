"""A game's browser renderer (its `web` facet): how the spec names it, and what the module must export.

The spec names a file of an installed package, `web="package:path/to/renderer.js"`, read with importlib.resources
(so it works from a wheel or a zip as well as from a checkout). The server serves it at `/games/<name>/<file>`, and
beside it the other plain `.js`, `.css` and `.json` files of the same folder (the renderer's own modules, its
stylesheet, its messages `i18n.json`), with URLs relative to its own; nothing else of the package is reachable.

The renderer is an ES module whose default export is an object (docs/architecture.md, "The browser client"):

- required: `board(ctx)`, `statusText(ctx)`, `scores(ctx)`, `describe(event, ctx)`, `scoreLabel`;
- optional: `styles`, `resultDetails`, `title`, `actionText(action)`, `textAction(text)`, `reasonText(code)`,
  `moveText(action, ctx, seat)` (the log's line for a seat's move: the third person for the others, "you" for the
  viewer), `observe(event, ctx)` (called once with each event as it arrives, for what the page shows only then);

where `ctx` carries the seat's view, its legal actions and `act(action)`. A game without one, or whose renderer
fails to load, is drawn by the shell's generic renderer.

Part of the plugin kit: importing it loads nothing of the server.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from podium.core.errors import PodiumError

REQUIRED_EXPORTS = ("board", "statusText", "scores", "describe", "scoreLabel")
OPTIONAL_EXPORTS = ("styles", "resultDetails", "title", "actionText", "textAction", "reasonText", "moveText", "observe")

FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.(?:js|css|json)")
"""A file the server serves from a renderer's folder: one plain name, never a path."""
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


@dataclass(frozen=True)
class WebRef:
    """A spec's `web` reference, checked: the package, the folder inside it, and the renderer's file name."""

    package: str
    folder: tuple[str, ...]
    file: str


def parse_web_ref(ref: str, *, where: str) -> WebRef:
    """`"package:path/to/renderer.js"` -> WebRef; a reference that is not a plain relative path to a `.js` file of a
    package is the game's bug, said with what is expected."""
    package, sep, path = ref.partition(":")
    parts = path.split("/")
    if (
        not sep
        or not _PACKAGE.fullmatch(package)
        or not all(_PART.fullmatch(p) and p not in {".", ".."} for p in parts)
        or not FILE_NAME.fullmatch(parts[-1])
        or not parts[-1].endswith(".js")
    ):
        raise PodiumError(f"{where}: web {ref!r} is not a renderer reference (expected 'package:path/to/renderer.js')")
    return WebRef(package, tuple(parts[:-1]), parts[-1])
