"""REST: a table with an option past its range is refused with the documented `bad_request` error naming the range
(issue 14: `rounds = 10**12` made a table), and a table at the bound is made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.server import ServerConfig, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


def golf_table(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "golf",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "name": "Ann",
        "options": options,
    }


def test_an_option_past_its_range_makes_no_table(client: TestClient) -> None:
    refused = client.post("/api/tables", json=golf_table({"rounds": 10**12}))
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == "bad_request"
    assert "golf option 'rounds'; allowed: integer 1..100" in error["message"]
    assert client.get("/api/tables").json() == []
    made = client.post("/api/tables", json=golf_table({"rounds": 100}))
    assert made.status_code == 201, made.text


def test_explicit_chance_makes_no_table(client: TestClient) -> None:
    # The `chance` option is for OpenSpiel (podium.openspiel): at a table nobody would deal its chance nodes.
    refused = client.post("/api/tables", json=golf_table({"chance": True}))
    assert refused.status_code == 400, refused.text
    assert "golf option 'chance' is for tools that deal the cards themselves" in refused.json()["error"]["message"]
    assert client.get("/api/tables").json() == []
    # and the lobby does not offer it
    games = client.get("/api/games").json()
    assert games and all("chance" not in [o["name"] for o in game["options"]] for game in games)
    assert "rounds" in [o["name"] for game in games if game["name"] == "golf" for o in game["options"]]
