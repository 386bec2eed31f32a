"""A game's browser renderer, served from the game's own package.

A game declares its renderer in its spec (`web="package:path/renderer.js"`, a file of an installed package, read
with importlib.resources so that it works from a wheel or a zip as well as from a checkout). The server serves that
file at `/games/{name}/{file name}`, and beside it the other `.js`, `.css` and `.json` files of the same folder: the
renderer may import a module of its own (`./cards.js`), load its stylesheet or its messages (`i18n.json`, its texts
in every language of the client), with URLs relative to its own. Nothing else of the package is reachable: a file
name is one plain name, never a path.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from podium.core.errors import PodiumError, UnknownGame
from podium.core.plugins import GameSpec
from podium.core.registry import get_spec
from podium.server.errors import ApiError

log = logging.getLogger("podium.server")

ROUTE = "/games"
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
}
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.(?:js|css|json)")
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
        or not _FILE_NAME.fullmatch(parts[-1])
        or not parts[-1].endswith(".js")
    ):
        raise PodiumError(f"{where}: web {ref!r} is not a renderer reference (expected 'package:path/to/renderer.js')")
    return WebRef(package, tuple(parts[:-1]), parts[-1])


def renderer_url(spec: GameSpec) -> str | None:
    """Where the browser loads the game's renderer (None: the game has none, the client uses its generic one)."""
    if spec.web is None:
        return None
    try:
        ref = parse_web_ref(spec.web, where=spec.name)
    except PodiumError as exc:
        log.warning("%s", exc)
        return None
    return f"{ROUTE}/{spec.name}/{ref.file}"


def _folder(ref: WebRef, where: str) -> Traversable:
    try:
        folder = resources.files(ref.package)
    except (ImportError, TypeError) as exc:
        raise PodiumError(f"{where}: web package {ref.package!r} cannot be read: {exc}") from exc
    for part in ref.folder:
        folder = folder.joinpath(part)
    return folder


def renderer_file(name: str, file: str) -> tuple[bytes, str]:
    """The bytes and media type of `file` of game `name`'s renderer folder; ApiError 404 when the game is unknown,
    has no renderer, or that folder has no such `.js`/`.css`/`.json` file."""
    if not _FILE_NAME.fullmatch(file):
        raise ApiError(404, "not_found", f"no file {file!r}: a renderer's files are plain .js, .css or .json names")
    try:
        spec = get_spec(name)
    except UnknownGame as exc:
        raise ApiError(404, "not_found", str(exc)) from None
    except PodiumError as exc:  # a plugin that does not load: the others are still served
        log.warning("%s", exc)
        raise ApiError(404, "not_found", f"the game {name!r} cannot be loaded") from None
    if spec.web is None:
        raise ApiError(
            404,
            "not_found",
            f"the game {spec.name!r} has no renderer of its own (the client shows it with its generic one)",
        )
    try:
        ref = parse_web_ref(spec.web, where=spec.name)
        found = _folder(ref, spec.name).joinpath(file)
        if not found.is_file():
            raise ApiError(404, "not_found", f"the {spec.name!r} renderer has no file {file!r}")
        data = found.read_bytes()
    except PodiumError as exc:
        log.warning("%s", exc)
        raise ApiError(404, "not_found", f"the game {spec.name!r} declares a renderer that cannot be read") from None
    return data, MEDIA_TYPES[file[file.rindex(".") :]]
