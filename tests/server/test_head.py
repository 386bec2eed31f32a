"""HEAD answers like GET without a body (pages, static files, API GETs); the lobby's per-game bot texts (issue 11)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from podium.agents.base import agent_description
from podium.core.registry import game_names, get_spec
from podium.server import ServerConfig, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


@pytest.mark.parametrize("path", ["/", "/t/abc123", "/static/favicon.svg", "/api/games", "/api/tables", "/nope"])
def test_head_answers_like_get_without_a_body(client: TestClient, path: str) -> None:
    get, head = client.get(path), client.head(path)
    assert head.status_code == get.status_code
    assert head.content == b""
    assert head.headers["content-type"] == get.headers["content-type"]
    assert head.headers["content-length"] == str(len(get.content))
    assert head.headers["x-content-type-options"] == "nosniff"


def test_the_pages_answer_head_with_200(client: TestClient) -> None:
    assert client.head("/").status_code == 200
    assert client.head("/t/abc123").status_code == 200
    assert client.head("/").headers["content-type"].startswith("text/html")


def test_other_methods_are_still_refused(client: TestClient) -> None:
    assert client.post("/").status_code == 405
    assert client.delete("/t/abc123").status_code == 405


def test_the_lobby_describes_each_games_bots_for_that_game(client: TestClient) -> None:
    games = {g["name"]: {b["name"]: b["description"] for b in g["bots"]} for g in client.get("/api/games").json()}
    assert set(games) == set(game_names())
    for name, bots in games.items():
        # a game's own words for a framework bot or a level (its spec's notes), with the bot a level stands for
        for bot, note in get_spec(name).notes.items():
            assert bots[bot].startswith(note.description), (name, bot)
            assert note.spec is None or f"(= {note.spec})" in bots[bot], (name, bot)
        for bot, text in bots.items():  # the registry's description of the bot in that game
            assert text == agent_description(bot, name), (name, bot)
