"""HEAD answers like GET without a body: the pages, the static files and the API's GET endpoints (issue 11)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

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
