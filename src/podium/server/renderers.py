"""A game's browser renderer, served from the game's own package.

A game declares its renderer in its spec (`web="package:path/renderer.js"`, a reference the plugin kit's
`podium.api.web` reads), a file of an installed package, read with importlib.resources so that it works from a wheel
or a zip as well as from a checkout. The server serves that file at `/games/{name}/{file name}`, and beside it the
other `.js`, `.css` and `.json` files of the same folder: the renderer may import a module of its own (`./cards.js`),
load its stylesheet or its messages (`i18n.json`, its texts in every language of the client), with URLs relative to
its own. Nothing else of the package is reachable: a file name is one plain name, never a path.

`/games/{name}/rules?lang=xx` is the game's rules document (`rules.md` beside the game's module, or its translation
`rules.xx.md`) as an HTML fragment for the browser's rules panel, in any game, with or without a renderer; with
`&players=true`, the rules in a player's words where the game has them (`GameSpec.player_rules`), else the same.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from itertools import pairwise

from fastapi import APIRouter, Response
from markdown_it import MarkdownIt
from markdown_it.token import Token

from podium.api.web import FILE_NAME, WebRef, parse_web_ref
from podium.core.contract import RULES_FILE
from podium.core.errors import PodiumError, UnknownGame
from podium.core.plugins import GameSpec
from podium.core.registry import get_game, get_spec, player_rules_text
from podium.server.errors import ApiError

log = logging.getLogger("podium.server")

ROUTE = "/games"
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
}


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
    if not FILE_NAME.fullmatch(file):
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


# ---------------------------------------------------------------- the rules panel

RULES_LANGUAGES = ("en", "hu", "nb")  # English is the document itself; the others are `rules.<lang>.md` beside it
router = APIRouter()


def rules_language(lang: str | None) -> str:
    """The language of the rules to serve for a request's `lang` ("hu", "nb-NO", "no" …); anything else is English."""
    primary = (lang or "").strip().lower().replace("_", "-").split("-", 1)[0]
    primary = {"no": "nb", "nn": "nb"}.get(primary, primary)  # Norwegian, either written form: bokmål is the one
    return primary if primary in RULES_LANGUAGES else "en"


def _markdown() -> MarkdownIt:
    # CommonMark with tables; raw HTML in a document is shown as text, never passed through (a game's rules come
    # from a plugin, and the fragment is put into the page).
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


def _unlink_relative(tokens: Sequence[Token]) -> None:
    """A link to another file of the source (`sports.md`) leads nowhere in the browser: keep its text, drop the link.
    Web addresses stay links that open in a new tab."""
    for token in tokens:
        if token.children:
            kept: list[Token] = []
            dropping = False
            for child in token.children:
                if child.type == "link_open":
                    href = str(child.attrGet("href") or "")
                    dropping = not re.match(r"https?://", href)
                    if dropping:
                        continue
                    child.attrSet("target", "_blank")
                    child.attrSet("rel", "noopener noreferrer")
                elif child.type == "link_close" and dropping:
                    dropping = False
                    continue
                kept.append(child)
            token.children = kept


def rules_html(markdown: str) -> str:
    """The rules document as HTML: numbered rules keep their numbers, a wide table scrolls inside its own box."""
    md = _markdown()
    tokens = md.parse(markdown)
    _unlink_relative(tokens)
    for token, inline in pairwise(tokens):
        if token.type == "heading_open":
            # `### G-5 End of a round` gets the anchor `rule-G-5`, so a rule can be pointed at.
            found = re.match(r"([A-Z]-\d+)\b", inline.content)
            if found:
                token.attrSet("id", f"rule-{found.group(1)}")
    html: str = md.renderer.render(tokens, md.options, {})
    return html.replace("<table>", '<div class="table-wrap"><table>').replace("</table>", "</table></div>")


def _rules_source(name: str, lang: str, players: bool = False) -> tuple[str, str]:
    """The Markdown of game `name`'s rules in `lang` (falling back to English) and the language it is in; with
    `players`, its rules in a player's words where it has them (`GameSpec.player_rules`)."""
    game = get_game(name)
    if players and (found := player_rules_text(name, lang)) is not None:
        return found
    if lang != "en":
        package = sys.modules[type(game).__module__].__package__
        if package:
            stem, dot, suffix = RULES_FILE.rpartition(".")
            try:
                text = resources.files(package).joinpath(f"{stem}.{lang}{dot}{suffix}").read_text(encoding="utf-8")
                return text, lang
            except (FileNotFoundError, ImportError):
                pass  # no translation: the English document
    return game.rules_text(), "en"


@lru_cache(maxsize=64)
def rules_fragment(name: str, lang: str, players: bool = False) -> tuple[bytes, str]:
    """The HTML fragment of game `name`'s rules in `lang` (checked by `rules_language`) and its language; built once
    per game and language (the documents are part of the installed package). `players`: `_rules_source`."""
    try:
        text, served = _rules_source(name, lang, players)
    except UnknownGame as exc:
        raise ApiError(404, "not_found", str(exc)) from None
    except PodiumError as exc:  # a plugin that does not load, or a game without a rules document
        log.warning("%s", exc)
        raise ApiError(404, "not_found", f"the game {name!r} has no rules document to show") from None
    return rules_html(text).encode("utf-8"), served


@router.get(ROUTE + "/{name}/rules", include_in_schema=False)
async def game_rules(name: str, lang: str = "en", players: bool = False) -> Response:
    # `?players=true`: the rules in a player's words (the in-page panel); without it the numbered reference.
    data, served = rules_fragment(name, rules_language(lang), players)
    headers = {"Cache-Control": "no-cache", "Content-Language": served}
    return Response(data, media_type="text/html; charset=utf-8", headers=headers)
