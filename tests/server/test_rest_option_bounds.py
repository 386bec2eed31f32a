"""REST: a table with an option past its range is refused with the documented `bad_request` error naming the range
(issue 14: `rounds = 10**12` made a table), and a table at the bound is made."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.core.registry import game_names, get_game
from podium.server import ServerConfig, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # The games' own ranges; a public server's narrower ones are tested in test_public_limits.py.
    config = ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0, public_limits=False)
    with TestClient(create_app(config)) as c:
        yield c


def table(game: str, options: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": game,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "name": "Ann",
        "options": options,
    }


def bounded() -> list[tuple[str, str, int, str]]:
    """(game, option, highest, the range as the error states it) of every installed game's bounded options."""
    out = []
    for name in game_names():
        config_type = get_game(name).config_type
        allowed = {info.name: info.allowed for info in config_type.options()}
        for field in dataclasses.fields(config_type):
            if field.metadata.get("maximum") is not None and field.metadata.get("minimum") is not None:
                out.append((name, field.name, field.metadata["maximum"], allowed[field.name]))
    return out


@pytest.mark.parametrize(("game", "key", "high", "allowed"), bounded())
def test_an_option_past_its_range_makes_no_table(
    client: TestClient, game: str, key: str, high: int, allowed: str
) -> None:
    refused = client.post("/api/tables", json=table(game, {key: 10**12}))
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == "bad_request"
    assert f"{game} option '{key}'; allowed: {allowed}" in error["message"]
    assert client.get("/api/tables").json() == []
    if "players" not in allowed:  # a seat number's range is the table's players
        made = client.post("/api/tables", json=table(game, {key: high}))
        assert made.status_code == 201, made.text


WITH_CHANCE = [name for name in game_names() if "chance" in {o.name for o in get_game(name).config_type.options()}]


@pytest.mark.parametrize("game", WITH_CHANCE)
def test_explicit_chance_makes_no_table(client: TestClient, game: str) -> None:
    # The `chance` option is for OpenSpiel (podium.openspiel): at a table nobody would deal its chance nodes.
    refused = client.post("/api/tables", json=table(game, {"chance": True}))
    assert refused.status_code == 400, refused.text
    assert f"{game} option 'chance' is for tools that deal the cards themselves" in refused.json()["error"]["message"]
    assert client.get("/api/tables").json() == []
    # and the lobby does not offer it, but the other options
    games = client.get("/api/games").json()
    assert games and all("chance" not in [o["name"] for o in g["options"]] for g in games)
    offered = [o["name"] for g in games if g["name"] == game for o in g["options"]]
    assert offered and set(offered) < {o.name for o in get_game(game).config_type.options()}
