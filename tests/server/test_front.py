"""Issue 28: the HTTP front end under slow and oversized requests. 500 connections sending a header line every 10 s
and 200 half-sent WebSocket upgrades all stayed open, an 8 MB request header was answered 200, and X-Forwarded-For
from loopback was believed (so the per-address limits were bypassed by anyone behind a local proxy)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.server.config import RateLimit
from podium.testing.serve import HOST
from server_support import LiveServer, live_server

BODY = {"game": "kuhn", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ann"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(tmp_path / "db.sqlite3", head_timeout=1.0, body_timeout=1.0) as s:
        yield s


def raw(server: LiveServer) -> socket.socket:
    return socket.create_connection((HOST, server.port), timeout=10)


def closed_within(sock: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes `sock` within `seconds` while the client sends `trickle` every 0.2 s."""
    deadline = time.monotonic() + seconds
    sock.settimeout(0.2)
    while time.monotonic() < deadline:
        try:
            if trickle:
                sock.sendall(trickle)
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset by the server
            return True
    return False


def test_a_request_head_sent_slowly_is_cut_off(server: LiveServer) -> None:
    with raw(server) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert closed_within(slow, 5, trickle=b"X-Slow: 1\r\n")


def test_a_half_sent_websocket_upgrade_is_cut_off(server: LiveServer) -> None:
    with raw(server) as slow:
        slow.sendall(b"GET /ws/tables/abc HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n")
        assert closed_within(slow, 5)


def test_a_silent_connection_is_cut_off(server: LiveServer) -> None:
    with raw(server) as silent:
        assert closed_within(silent, 5)


def test_a_body_sent_slowly_is_refused(server: LiveServer) -> None:
    with raw(server) as slow:
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        slow.sendall(head + b"{")
        slow.settimeout(5)
        answer = slow.recv(65536)
        assert answer.startswith(b"HTTP/1.1 408"), answer


def test_an_oversized_head_is_refused(server: LiveServer) -> None:
    with server.http() as client:
        answer = client.get("/api/games", headers={"X-Big": "x" * 100_000})
        assert answer.status_code in (400, 431), answer.status_code  # 400: h11 saw it incomplete
        assert client.get("/api/games").status_code == 200  # and the server serves on


def test_connections_beyond_the_limit_get_503(tmp_path: Path) -> None:
    # A head timeout far off: the idle connections must stay open while the request is made.
    with live_server(tmp_path / "db.sqlite3", head_timeout=60.0, max_connections=20) as server:
        idle = [raw(server) for _ in range(20)]
        try:
            time.sleep(0.2)
            with server.http() as client:
                assert client.get("/api/games").status_code == 503
        finally:
            for s in idle:
                s.close()
        deadline = time.monotonic() + 5
        while True:
            with server.http() as client:
                if client.get("/api/games").status_code == 200:
                    break
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_forwarded_for_from_an_untrusted_proxy_is_ignored(tmp_path: Path) -> None:
    limit = RateLimit(burst=1, per_minute=1)
    with live_server(tmp_path / "db.sqlite3", rate_limits=True, create_limit=limit) as server, server.http() as c:
        assert c.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        again = c.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "203.0.113.2"})
        assert again.status_code == 429  # the same loopback client, whatever it says it forwards
    trusted = {"rate_limits": True, "create_limit": limit, "forwarded_allow_ips": (HOST,)}
    with live_server(tmp_path / "db2.sqlite3", **trusted) as server, server.http() as c:
        assert c.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        assert c.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 201
        assert c.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 429
