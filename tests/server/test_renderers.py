"""A game's browser renderer is served from the game's own package: `/games/{name}/{file}` (docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.api.web import parse_web_ref
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_spec
from podium.server import ServerConfig, create_app, renderers

BUILT_IN = ("athletic", "golf", "olympicards")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


def not_found(response: Any) -> str:
    assert response.status_code == 404, response.text
    error = response.json()["error"]
    assert error["code"] == "not_found" and error["message"]
    return str(error["message"])


@pytest.mark.parametrize("game", BUILT_IN)
def test_each_game_serves_its_renderer_and_its_stylesheet_from_its_package(client: TestClient, game: str) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    url = listed[game]["renderer"]
    assert url == f"/games/{game}/renderer.js"
    js = client.get(url)
    assert js.status_code == 200
    assert js.headers["content-type"] == "text/javascript; charset=utf-8"  # a module script needs a JS type
    assert js.headers["x-content-type-options"] == "nosniff"
    assert "export default" in js.text and "/static/js/cards.js" in js.text
    # the very file the spec declares, read from the package
    declared = get_spec(game).web
    assert declared == f"podium.games.{game}:web/renderer.js"
    package, _, path = declared.partition(":")
    assert js.content == resources.files(package).joinpath(path).read_bytes()
    css = client.get(f"/games/{game}/{game}.css")
    assert css.status_code == 200 and css.headers["content-type"] == "text/css; charset=utf-8"
    head = client.head(url)
    assert head.status_code == 200 and head.content == b"" and head.headers["content-length"] == str(len(js.content))


def test_unknown_games_and_files_are_404(client: TestClient) -> None:
    assert "unknown game 'nope'" in not_found(client.get("/games/nope/renderer.js"))
    assert "no file 'cards.js'" in not_found(client.get("/games/golf/cards.js"))
    # only .js and .css files: the package's Python, rules or data are never served
    for name in ("spec.py", "rules.md", "__init__.py", "renderer.js.map", ".renderer.js", "renderer"):
        not_found(client.get(f"/games/golf/{name}"))


@pytest.mark.parametrize(
    "path",
    [
        "/games/golf/..%2Fspec.py",
        "/games/golf/..%2F..%2Fgolf%2Fspec.py",
        "/games/golf/%2E%2E%2Fweb%2Frenderer.js",
        "/games/golf/web%2Frenderer.js",
        "/games/golf/..%5Cspec.py",
        "/games/golf/%2Fetc%2Fpasswd",
        "/games/..%2Fstatic/renderer.js",
    ],
)
def test_no_path_reaches_outside_the_renderer_folder(client: TestClient, path: str) -> None:
    not_found(client.get(path))


def test_the_files_beside_the_renderer_are_served_and_nothing_above(client: TestClient) -> None:
    # golf.css sits beside golf's renderer.js; olympicards' sports.toml sits in the package, one folder up
    assert client.get("/games/golf/golf.css").status_code == 200
    not_found(client.get("/games/olympicards/sports.toml"))
    not_found(client.get("/games/golf/athletic.css"))  # another game's file is not this game's


def test_a_game_without_a_renderer_is_404_and_listed_without_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = get_spec("golf")
    monkeypatch.setattr("podium.core.registry._specs", {"golf": replace(spec, web=None)})
    assert "no renderer of its own" in not_found(client.get("/games/golf/renderer.js"))
    golf = next(g for g in client.get("/api/games").json() if g["name"] == "golf")
    assert golf["renderer"] is None  # the browser shows it with its generic renderer


@pytest.mark.parametrize(
    "ref",
    [
        "podium.games.golf",  # no path
        "podium.games.golf:",
        ":web/renderer.js",
        "podium.games.golf:../athletic/web/renderer.js",
        "podium.games.golf:web/../../athletic/web/renderer.js",
        "podium.games.golf:/etc/renderer.js",
        "podium.games.golf:web//renderer.js",
        "podium.games.golf:web/renderer.css",  # the renderer itself is a module
        "podium.games.golf:web/renderer.py",
        "podium/games/golf:web/renderer.js",
    ],
)
def test_a_declared_renderer_must_be_a_plain_path_to_a_js_file_of_a_package(ref: str) -> None:
    with pytest.raises(PodiumError, match=r"golf: web .* is not a renderer reference"):
        parse_web_ref(ref, where="golf")


def test_a_malformed_declaration_is_served_as_no_renderer(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get_spec("golf")
    monkeypatch.setattr("podium.core.registry._specs", {"golf": replace(spec, web="podium.games.golf:../spec.py")})
    assert renderers.renderer_url(get_spec("golf")) is None
    not_found(client.get("/games/golf/renderer.js"))
    not_found(client.get("/games/golf/spec.py"))


def test_the_server_and_the_web_shell_name_no_game() -> None:
    # issue 12: a game is one package; the browser loads its renderer through the game's spec, so neither the server
    # nor the shell's files (pages, scripts, styles) may know a game by name
    src = Path(__file__).resolve().parents[2] / "src" / "podium"
    names = set(game_names()) | {"olympi", "athletic games"}
    found = []
    for folder in (src / "server", src / "web"):
        for path in folder.rglob("*"):
            if path.suffix in {".py", ".js", ".html", ".css"}:
                text = path.read_text(encoding="utf-8").lower()
                found += [f"{path.relative_to(src)}: {name}" for name in sorted(names) if name in text]
    assert not found
