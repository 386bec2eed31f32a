"""REST: Olympicards' `sports` option names a built-in sport set, never a file (every game's REST checks:
tests/server/test_rest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from podium.server import ServerConfig, create_app
from server_support import error, table_body


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


def test_text_options_cannot_name_files(client: TestClient) -> None:
    for value in ("/etc/passwd", "../sports.toml", "x.toml"):
        message = error(
            client.post(
                "/api/tables", json=table_body("olympicards", ["human", "random", "random"], options={"sports": value})
            ),
            400,
            "bad_request",
        )
        assert "file paths" in message
    made = client.post("/api/tables", json=table_body("olympicards", ["human", "random"], options={"sports": "test"}))
    assert made.status_code == 201
