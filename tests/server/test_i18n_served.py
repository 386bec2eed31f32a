"""The client's messages are served (issue 14, the players' languages): the shell's dictionary from /static, each
game's `i18n.json` beside its renderer (docs/protocol.md, Pages), and nothing else of a game's package as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from podium.core.registry import game_names, get_spec
from podium.server import ServerConfig, create_app

WITH_RENDERER = [name for name in game_names() if get_spec(name).web]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


@pytest.mark.parametrize("game", WITH_RENDERER)
def test_a_games_messages_are_served_beside_its_renderer(client: TestClient, game: str) -> None:
    renderer = next(g["renderer"] for g in client.get("/api/games").json() if g["name"] == game)
    url = renderer.rsplit("/", 1)[0] + "/i18n.json"  # the renderer finds it by a URL relative to its own
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json; charset=utf-8"
    assert answer.headers["x-content-type-options"] == "nosniff"
    package, _, path = (get_spec(game).web or "").partition(":")
    assert answer.content == resources.files(package).joinpath(path).parent.joinpath("i18n.json").read_bytes()
    assert set(answer.json()) == {"en", "hu", "nb"} and answer.json()["en"]["game.title"]


def test_the_shells_messages_are_served(client: TestClient) -> None:
    answer = client.get("/static/i18n/shell.json")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    assert json.loads(answer.content)["hu"]["error.not_your_turn"] == "Nem te következel."


def test_no_other_json_of_a_game_is_reachable(client: TestClient) -> None:
    # a .json name is served only from the renderer's own folder: nothing above it, no path
    game = WITH_RENDERER[0]
    for path in (
        f"/games/{game}/spec.json",
        f"/games/{game}/..%2Fi18n.json",
        "/games/nope/i18n.json",
        f"/games/{game}/.json",
    ):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found", path
