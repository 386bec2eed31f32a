"""REST: Olympicards' `sports` option names a built-in sport set, never a file (every game's REST checks:
tests/server/test_rest.py)."""

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


def body(game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "game": game,
        "players": len(seats),
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
        **extra,
    }


def error(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    data = response.json()
    assert set(data) == {"error"} and data["error"]["code"] == code, data
    message: str = data["error"]["message"]
    assert message
    return message


def test_text_options_cannot_name_files(client: TestClient) -> None:
    for value in ("/etc/passwd", "../sports.toml", "x.toml"):
        message = error(
            client.post(
                "/api/tables", json=body("olympicards", ["human", "random", "random"], options={"sports": value})
            ),
            400,
            "bad_request",
        )
        assert "file paths" in message
    made = client.post("/api/tables", json=body("olympicards", ["human", "random"], options={"sports": "test"}))
    assert made.status_code == 201
