"""Issue 28: browser-grade protections. No Content-Security-Policy or framing protection was sent (the pages could be
framed: clickjacking), the game socket accepted any `Origin`, and a cross-site "simple" POST (`text/plain`) made a
table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from podium.server import ServerConfig, create_app
from podium.server.app import STATIC
from podium.server.pages import PAGES, page_html

BODY = {"game": "kuhn", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ann"}
FOREIGN = "https://evil.example"
FRIEND = "https://games.example.org"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0, rate_limits=False, allowed_origins=(FRIEND,))
    with TestClient(create_app(config)) as c:
        yield c


@pytest.mark.parametrize("path", ["/", "/t/abc123", "/static/js/lobby.js", "/api/games", "/api/tables", "/nope"])
def test_every_answer_forbids_framing_and_inline_code(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"] and directives["frame-ancestors"] == ["'none'"]
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"


def test_a_strange_host_header_names_no_socket_source(client: TestClient) -> None:
    policy = client.get("/", headers={"host": "a b; script-src *"}).headers["content-security-policy"]
    assert "connect-src 'self';" in policy and "script-src 'self';" in policy and "*" not in policy


def test_the_client_has_no_inline_script_style_or_handler() -> None:
    # What the strict policy would block: the pages must not need it.
    for page in PAGES:  # as served: the shared frame around each page's body
        html = page_html(page)
        assert (
            html is not None
            and re.findall(r"<script\b[^>]*>", html)
            and all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
        ), page
        assert not re.search(r"<style\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:", html, re.IGNORECASE), page
    for script in sorted(STATIC.rglob("*.js")):
        code = script.read_text(encoding="utf-8")
        # A style *attribute* (setAttribute, markup) is inline style; `element.style` (CSSOM) is not.
        assert not re.search(r"setAttribute\(\s*[\"']style|\beval\(|new Function\(", code), script


def test_the_socket_refuses_a_foreign_origin(client: TestClient) -> None:
    table_id = client.post("/api/tables", json=BODY).json()["table"]["id"]
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": FOREIGN}) as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 1008
    for origin in ("http://testserver", FRIEND, None):  # our own pages, a configured origin, no browser
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
            ws.send_json({"type": "hello", "spectator": True})
            assert ws.receive_json()["type"] == "welcome"


def test_state_changing_calls_take_json_from_allowed_origins_only(client: TestClient) -> None:
    text = '{"game": "kuhn", "players": 2, "name": "Ann"}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"content-type": kind} if kind else {}
        answer = client.post("/api/tables", content=text, headers=headers)
        assert answer.status_code == 415, (kind, answer.text)
        assert answer.json()["error"]["code"] == "unsupported_media_type"
    refused = client.post("/api/tables", json=BODY, headers={"origin": FOREIGN})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    assert client.get("/api/tables").json() == []  # nothing was made
    made = client.post("/api/tables", json=BODY, headers={"origin": "http://testserver"}).json()
    table_id = made["table"]["id"]
    assert client.post(f"/api/tables/{table_id}/join", json={}, headers={"origin": FOREIGN}).status_code == 403
    # a join without a body (no Content-Type) from no browser, and one from a configured origin
    assert client.post(f"/api/tables/{table_id}/join", headers={"origin": FRIEND}).status_code == 200
    auth = {"authorization": f"Bearer {made['token']}", "origin": FOREIGN}
    assert client.post(f"/api/tables/{table_id}/rematch", headers=auth).status_code == 403
