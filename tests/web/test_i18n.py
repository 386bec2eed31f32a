"""The browser client's messages (issue 14, "in the players' languages"): every key the shell or a game's renderer
asks for exists in English, Hungarian and Norwegian bokmål, and the dictionaries agree with each other.

The shell's dictionary is src/podium/web/static/i18n/shell.json; each game's is `i18n.json` beside its renderer
(found through the game's spec, as the server finds it). A renderer's `t` looks in its game's dictionary, then the
shell's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from podium.api.web import parse_web_ref
from podium.core.registry import game_names, get_spec
from podium.server.pages import PAGES, page_html

LANGUAGES = {"en", "hu", "nb"}
STATIC = Path(__file__).resolve().parents[2] / "src" / "podium" / "web" / "static"
SHELL = STATIC / "i18n" / "shell.json"
SERVER = STATIC.parents[1] / "server"
PROTOCOL = STATIC.parents[3] / "docs" / "protocol.md"

# t("key" …), t('key' …), and both keys of t(cond ? "a" : "b" …); `t.has(…)` only asks, it needs no message
CALL = re.compile(r"""(?<![\w.$])t\(\s*(["'])([^"'$`]+)\1""")
CHOICE = re.compile(r"""(?<![\w.$])t\(\s*[^()"'`]*?\?\s*(["'])([^"'$`]+)\1\s*:\s*(["'])([^"'$`]+)\3""")
HTML_TEXT = re.compile(r'data-i18n="([^"]+)"')
HTML_ATTR = re.compile(r'data-i18n-attr="([^"]+)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load(path: Path) -> dict[str, dict[str, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def game_folders() -> Iterator[tuple[str, Path]]:
    for name in game_names():
        spec = get_spec(name)
        if spec.web is None:
            continue
        ref = parse_web_ref(spec.web, where=name)
        folder = resources.files(ref.package).joinpath(*ref.folder)
        yield name, Path(str(folder))


GAMES = dict(game_folders())


def keys_used(text: str) -> set[str]:
    found = {m.group(2) for m in CALL.finditer(text)}
    for m in CHOICE.finditer(text):
        found |= {m.group(2), m.group(4)}
    return found


def html_keys(text: str) -> set[str]:
    found = set(HTML_TEXT.findall(text))
    for pairs in HTML_ATTR.findall(text):
        found |= {pair.split(":", 1)[1] for pair in pairs.split()}
    return found


def has(dictionary: dict[str, str], key: str) -> bool:
    """A key is there as itself, or as the plural pair `key.one` / `key.other` that t(key, {count}) picks from."""
    return key in dictionary or (f"{key}.one" in dictionary and f"{key}.other" in dictionary)


def missing(keys: set[str], *dictionaries: dict[str, dict[str, str]]) -> list[str]:
    out = []
    for key in sorted(keys):
        for lang in sorted(LANGUAGES):
            if not any(has(d.get(lang, {}), key) for d in dictionaries):
                out.append(f"{key} ({lang})")
    return out


def dictionaries() -> list[tuple[str, Path]]:
    return [("shell", SHELL)] + [(name, folder / "i18n.json") for name, folder in GAMES.items()]


def test_the_games_with_a_renderer_are_found() -> None:
    built_in = {name for name in game_names() if get_spec(name).game.startswith("podium.games.")}
    assert built_in and built_in <= set(GAMES)  # each of podium's own games has a renderer
    for folder in GAMES.values():
        assert (folder / "i18n.json").is_file()


@pytest.mark.parametrize(("owner", "path"), dictionaries(), ids=[owner for owner, _ in dictionaries()])
def test_a_dictionary_has_the_same_keys_in_every_language_and_no_empty_text(owner: str, path: Path) -> None:
    data = load(path)
    assert set(data) == LANGUAGES, f"{owner}: languages {sorted(data)}"
    english = set(data["en"])
    assert english, f"{owner}: no English messages"
    for lang in sorted(LANGUAGES - {"en"}):
        assert set(data[lang]) - english == set(), f"{owner}: {lang} has keys English lacks"
        assert english - set(data[lang]) == set(), f"{owner}: {lang} lacks keys"
    for lang, messages in data.items():
        for key, value in messages.items():
            assert isinstance(value, str) and value.strip(), f"{owner}: {lang} {key} is empty"
            # a translation uses the same {placeholders} as the English text: none lost, none made up
            wanted = set(PLACEHOLDER.findall(data["en"][key]))
            assert set(PLACEHOLDER.findall(value)) == wanted, f"{owner}: {lang} {key}"
    # a plural comes as a pair: `x.one` without `x.other` would show the key itself for other counts
    for key in english:
        if key.endswith(".one"):
            assert f"{key[:-4]}.other" in english, f"{owner}: {key} without .other"


def test_every_key_of_the_shell_exists_in_every_language() -> None:
    shell = load(SHELL)
    used: set[str] = set()
    for path in sorted((STATIC / "js").rglob("*.js")):
        used |= keys_used(path.read_text(encoding="utf-8"))
    for page in PAGES:  # as served: the shared frame around each page's body
        html = page_html(page)
        assert html is not None, page
        used |= html_keys(html)
    assert len(used) > 100  # the scan finds the calls (a broken pattern would find none and pass)
    assert missing(used, shell) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_of_a_renderer_exists_in_its_dictionary_or_the_shells(game: str) -> None:
    own = load(GAMES[game] / "i18n.json")
    used: set[str] = set()
    for path in sorted(GAMES[game].glob("*.js")):
        used |= keys_used(path.read_text(encoding="utf-8"))
    assert len(used) > 20
    assert missing(used, own, load(SHELL)) == []
    assert "game.title" in own["en"]  # the lobby and the table's heading say the game's name in the player's words


def test_the_scanner_finds_calls_and_their_keys() -> None:
    text = """t("a.b", { n: 1 }); t('c'); x.t("no"); at("no"); t(`d.${e}`); t(cond ? "f" : "g", {}); t.has("h")"""
    assert keys_used(text) == {"a.b", "c", "f", "g"}
    assert html_keys('<p data-i18n="x">X</p><a data-i18n-attr="aria-label:y title:z">') == {"x", "y", "z"}


def server_error_codes() -> set[str]:
    """Every error code the server can send: the ones documented and the ones its code raises."""
    codes = set(re.findall(r"`([a-z_]+)` \(\d{3}", PROTOCOL.read_text(encoding="utf-8")))
    codes |= {"malformed", "too_large", "unauthorized", "not_your_turn", "illegal", "stale", "not_started"}
    codes |= {"game_over", "rate_limited"}
    for path in SERVER.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'ApiError\(\s*\d+,\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'(?:ProtocolError|error_frame)\(\s*"([a-z_]+)"', text))
    return codes


def test_every_server_error_code_is_said_in_every_language() -> None:
    codes = server_error_codes()
    assert {"bad_request", "not_found", "seat_taken", "table_full", "illegal", "stale", "rate_limited"} <= codes
    shell = load(SHELL)
    # the client's own code for a request that never reached the server, and the sentence for an unknown code
    assert missing({f"error.{code}" for code in codes} | {"error.network", "error.other"}, shell) == []


NOTATION = re.compile(r"[A-Za-z0-9_.-]+")
PLACEHOLDER_VALUE = re.compile(r"[A-Z]{2,}(\.[a-z]+)?")  # "PATH.toml": something to type, not a value to pick


def typed(option: dict[str, Any]) -> bool:
    """True when the lobby shows the option as a text field (js/lobby.js): not a checkbox, a menu of plain values or
    a number field; then its allowed values are explained in words."""
    allowed = str(option["allowed"])
    tokens = [token.strip() for token in allowed.split("|")]
    menu = len(tokens) > 1 and all(NOTATION.fullmatch(t) and not PLACEHOLDER_VALUE.fullmatch(t) for t in tokens)
    number = allowed.startswith("integer") and isinstance(option["default"], int)
    return not (isinstance(option["default"], bool) or allowed == "true | false" or menu or number)


def test_every_rule_option_of_a_game_is_named_and_explained_in_every_language(tmp_path: Path) -> None:
    # the lobby shows a game's options by the names and explanations of its dictionary (or the shell's, for an
    # option every game has); a new option without them would appear in English on a Hungarian page
    from fastapi.testclient import TestClient

    from podium.server import ServerConfig, create_app

    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
    shell = load(SHELL)
    for game, folder in GAMES.items():
        own = load(folder / "i18n.json")
        keys = set()
        for option in games[game]["options"]:
            keys |= {f"option.{option['name']}", f"option.{option['name']}.doc"}
            if typed(option):
                keys.add(f"option.{option['name']}.allowed")
        assert missing(keys, own, shell) == [], game
