"""A game's browser renderer is served from the game's own package: `/games/{name}/{file}` (docs/protocol.md). The
tests run over every installed game that declares a renderer; the plugin game (Kuhn poker) declares none."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.api.web import parse_web_ref
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game, get_spec
from podium.server import ServerConfig, create_app, renderers

WITH_RENDERER = [name for name in game_names() if get_spec(name).web]
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup: no renderer of its own


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


def not_found(response: Any) -> str:
    assert response.status_code == 404, response.text
    error = response.json()["error"]
    assert error["code"] == "not_found" and error["message"]
    return str(error["message"])


def renderer_folder(game: str) -> Traversable:
    ref = parse_web_ref(get_spec(game).web or "", where=game)
    folder = resources.files(ref.package)
    for part in ref.folder:
        folder = folder.joinpath(part)
    return folder


def files_of(folder: Traversable, suffixes: tuple[str, ...]) -> list[str]:
    return sorted(f.name for f in folder.iterdir() if f.is_file() and f.name.endswith(suffixes))


def test_the_built_in_games_have_renderers() -> None:
    built_in = [name for name in game_names() if get_spec(name).game.startswith("podium.games.")]
    assert built_in and set(built_in) <= set(WITH_RENDERER)


@pytest.mark.parametrize("game", WITH_RENDERER)
def test_each_game_serves_its_renderer_and_its_stylesheet_from_its_package(client: TestClient, game: str) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    spec = get_spec(game)
    declared = spec.web
    assert declared is not None
    ref = parse_web_ref(declared, where=game)
    url = listed[game]["renderer"]
    assert url == f"/games/{game}/{ref.file}"
    js = client.get(url)
    assert js.status_code == 200
    assert js.headers["content-type"] == "text/javascript; charset=utf-8"  # a module script needs a JS type
    assert js.headers["x-content-type-options"] == "nosniff"
    assert "export default" in js.text
    # the very file the spec declares, read from the package
    assert js.content == renderer_folder(game).joinpath(ref.file).read_bytes()
    if spec.game.startswith("podium.games."):  # the built-in games' layout: web/renderer.js, <game>.css, cards.js
        assert declared == f"podium.games.{game}:web/renderer.js"
        assert "/static/js/cards.js" in js.text
        assert f"{game}.css" in files_of(renderer_folder(game), (".css",))
    for name in files_of(renderer_folder(game), (".css",)):
        css = client.get(f"/games/{game}/{name}")
        assert css.status_code == 200 and css.headers["content-type"] == "text/css; charset=utf-8"
    head = client.head(url)
    assert head.status_code == 200 and head.content == b"" and head.headers["content-length"] == str(len(js.content))


def test_unknown_games_and_files_are_404(client: TestClient) -> None:
    game = WITH_RENDERER[0]
    assert "unknown game 'nope'" in not_found(client.get("/games/nope/renderer.js"))
    assert "cards.js" not in files_of(renderer_folder(game), (".js",))  # the shell's module, not the game's
    assert "no file 'cards.js'" in not_found(client.get(f"/games/{game}/cards.js"))
    # only .js and .css files: the package's Python, rules or data are never served
    for name in ("spec.py", "rules.md", "__init__.py", "renderer.js.map", ".renderer.js", "renderer"):
        not_found(client.get(f"/games/{game}/{name}"))


@pytest.mark.parametrize(
    "path",
    [
        "/games/{game}/..%2Fspec.py",
        "/games/{game}/..%2F..%2F{game}%2Fspec.py",
        "/games/{game}/%2E%2E%2Fweb%2Frenderer.js",
        "/games/{game}/web%2Frenderer.js",
        "/games/{game}/..%5Cspec.py",
        "/games/{game}/%2Fetc%2Fpasswd",
        "/games/..%2Fstatic/renderer.js",
    ],
)
def test_no_path_reaches_outside_the_renderer_folder(client: TestClient, path: str) -> None:
    for game in WITH_RENDERER:
        not_found(client.get(path.format(game=game)))


@pytest.mark.parametrize("game", WITH_RENDERER)
def test_the_files_beside_the_renderer_are_served_and_nothing_above(client: TestClient, game: str) -> None:
    folder = renderer_folder(game)
    beside = files_of(folder, (".js", ".css", ".json"))
    assert beside
    for name in beside:
        assert client.get(f"/games/{game}/{name}").status_code == 200
    # the package's own files, one folder up (spec.py, rules.md, a game's data such as a .toml), are never served
    ref = parse_web_ref(get_spec(game).web or "", where=game)
    above = files_of(resources.files(ref.package), (".py", ".md", ".toml", ".js", ".css", ".json"))
    assert ref.folder and above
    for name in above:
        if name not in beside:
            not_found(client.get(f"/games/{game}/{name}"))
    for other in WITH_RENDERER:  # another game's file is not this game's
        for name in set(files_of(renderer_folder(other), (".css",))) - set(beside):
            not_found(client.get(f"/games/{game}/{name}"))


def test_a_game_without_a_renderer_is_404_and_listed_without_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert get_spec(PLUGIN).web is None
    assert "no renderer of its own" in not_found(client.get(f"/games/{PLUGIN}/renderer.js"))
    game = WITH_RENDERER[0]
    spec = get_spec(game)
    monkeypatch.setattr("podium.core.registry._specs", {game: replace(spec, web=None)})
    assert "no renderer of its own" in not_found(client.get(f"/games/{game}/renderer.js"))
    listed = next(g for g in client.get("/api/games").json() if g["name"] == game)
    assert listed["renderer"] is None  # the browser shows it with its generic renderer


@pytest.mark.parametrize(
    "ref",
    [
        "some.game",  # no path
        "some.game:",
        ":web/renderer.js",
        "some.game:../other/web/renderer.js",
        "some.game:web/../../other/web/renderer.js",
        "some.game:/etc/renderer.js",
        "some.game:web//renderer.js",
        "some.game:web/renderer.css",  # the renderer itself is a module
        "some.game:web/renderer.py",
        "some/game:web/renderer.js",
    ],
)
def test_a_declared_renderer_must_be_a_plain_path_to_a_js_file_of_a_package(ref: str) -> None:
    with pytest.raises(PodiumError, match=r"a-game: web .* is not a renderer reference"):
        parse_web_ref(ref, where="a-game")


def test_a_malformed_declaration_is_served_as_no_renderer(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = WITH_RENDERER[0]
    spec = get_spec(game)
    package = parse_web_ref(spec.web or "", where=game).package
    monkeypatch.setattr("podium.core.registry._specs", {game: replace(spec, web=f"{package}:../spec.py")})
    assert renderers.renderer_url(get_spec(game)) is None
    not_found(client.get(f"/games/{game}/renderer.js"))
    not_found(client.get(f"/games/{game}/spec.py"))


def test_the_server_and_the_web_shell_name_no_game() -> None:
    # issue 12: a game is one package; the browser loads its renderer through the game's spec, so neither the server
    # nor the shell's files (pages, scripts, styles) may know a game by name, title or the start of one
    src = Path(__file__).resolve().parents[2] / "src" / "podium"
    names = set(game_names())
    names |= {get_game(name).title.lower() for name in names} | {name[:6] for name in names if len(name) > 6}
    found = []
    for folder in (src / "server", src / "web"):
        for path in folder.rglob("*"):
            if path.suffix in {".py", ".js", ".html", ".css"}:
                text = path.read_text(encoding="utf-8").lower()
                found += [f"{path.relative_to(src)}: {name}" for name in sorted(names) if name in text]
    assert not found
