"""Helpers for the server tests: a real uvicorn server on a free loopback port, REST and WebSocket clients with
timeouts (so that no test can hang), and a driver that plays games through the server."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import uvicorn
from websockets.sync.client import ClientConnection, connect

from podium.server import ServerConfig, create_app
from podium.server.front import uvicorn_config
from podium.testing.serve import HOST, free_port


class LiveServer:
    """The real application served by uvicorn in a thread of the test process."""

    def __init__(self, db: Path | str, **settings: Any) -> None:
        # No REST rate limits unless a test sets them: every test client has the same address.
        self.config = ServerConfig(db_path=db, **{"bot_delay": 0.0, "rate_limits": False, **settings})
        self.app = create_app(self.config)
        self.port = free_port()
        # The front end `podium serve` runs (its timeouts and limits), on a loopback port.
        front = uvicorn_config(self.app, self.config, host=HOST, port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(front)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)

    def http(self) -> httpx2.Client:
        return httpx2.Client(base_url=self.base, trust_env=False, timeout=10)

    def ws(self, table_id: str) -> Socket:
        # entered at once: the connection object is also the context manager that closes it
        conn = connect(f"ws://{HOST}:{self.port}/ws/tables/{table_id}", proxy=None, open_timeout=5).__enter__()
        return Socket(conn)


@contextlib.contextmanager
def live_server(db: Path | str, **settings: Any) -> Iterator[LiveServer]:
    server = LiveServer(db, **settings).start()
    try:
        yield server
    finally:
        server.stop()


@dataclass
class Socket:
    conn: ClientConnection
    seat: int | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)  # every frame received, in order

    def send(self, message: Any) -> None:
        self.conn.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        frame = json.loads(self.conn.recv(timeout=timeout))
        self.frames.append(frame)
        return dict(frame)

    def hello(self, token: str | None) -> dict[str, Any]:
        self.send({"type": "hello", "token": token} if token else {"type": "hello", "spectator": True})
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.seat = welcome["seat"]
        return self.recv()

    def until(self, kind: str, max_frames: int = 200, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next frame of `kind` (with the given field values), reading at most `max_frames` frames."""
        for _ in range(max_frames):
            frame = self.recv(timeout)
            if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame
        raise AssertionError(f"no {kind} frame {match} within {max_frames} frames")

    def ack(self, max_frames: int = 200, timeout: float = 10.0) -> dict[str, Any]:
        """The answer to an action just sent: this socket's own sync carrying `"ack": true` (the action is committed),
        an `ack` frame (a resent duplicate) or an error; the frames before it are read and recorded."""
        for _ in range(max_frames):
            frame = self.recv(timeout)
            if frame["type"] in ("ack", "error") or (frame["type"] == "sync" and "ack" in frame):
                return frame
        raise AssertionError(f"no answer to the action within {max_frames} frames")

    def sync_at_least(self, version: int, max_frames: int = 2000, timeout: float = 10.0) -> dict[str, Any]:
        for _ in range(max_frames):
            frame = self.recv(timeout)
            if frame["type"] == "sync" and frame["version"] >= version:
                return frame
        raise AssertionError(f"no sync of version >= {version}")

    def last_sync(self) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == "sync")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()


def create(
    client: httpx2.Client, game: str, seats: list[str], options: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """Create a table; `seats` lists "human" or a bot name per seat."""
    body = {
        "game": game,
        "players": len(seats),
        "options": options or {},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def two_humans(server: LiveServer, game: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table of two human seats, both taken: its id and each seat's token."""
    with server.http() as http:
        made = create(http, game, ["human", "human"], options or {})
        table_id = made["table"]["id"]
        other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    return {"id": table_id, "tokens": {made["seat"]: made["token"], other["seat"]: other["token"]}}


def wait_finished(client: httpx2.Client, table_id: str, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = client.get(f"/api/tables/{table_id}").json()
        if table["status"] == "finished":
            return dict(table)
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish within {seconds} s")


def play_to_end(
    sockets: dict[int, Socket],
    watchers: list[Socket],
    rng: random.Random,
    max_steps: int = 5000,
    extra: Callable[[Socket, dict[str, Any]], Socket | None] | None = None,
    choose: Callable[[random.Random, list[dict[str, Any]]], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play a table whose human seats are `sockets` (each already said hello) with random legal actions, reading
    every socket (and `watchers`) up to the latest version so that each one receives and records every frame.
    `extra(socket, sync)` may send more messages before the action (errors, hints) and must read their answers;
    it may return a new socket for the seat (a reconnect). `choose(rng, legal)` picks the action (default: random).
    Returns the final sync."""
    version = max(s.last_sync()["version"] for s in [*sockets.values(), *watchers])
    for _ in range(max_steps):
        everyone = [*sockets.values(), *watchers]  # `extra` may have replaced a socket
        for s in everyone:
            if s.last_sync()["version"] < version:
                s.sync_at_least(version)
        version = max(s.last_sync()["version"] for s in everyone)
        if any(s.last_sync()["version"] < version for s in everyone):
            continue  # a bot moved meanwhile: bring everyone up to it first
        done = next((s.last_sync() for s in everyone if "result" in s.last_sync()), None)
        if done is not None:
            return done
        mover = next((s for s in sockets.values() if s.last_sync()["legal"]), None)
        if mover is None:
            version += 1  # a bot is to move: everyone will receive its action
            continue
        if extra is not None:
            mover = extra(mover, mover.last_sync()) or mover
        legal = mover.last_sync()["legal"]
        choice = choose(rng, legal) if choose is not None else rng.choice(legal)
        mover.send({"type": "action", "version": version, "action": choice["action"]})
        ack = mover.ack()
        assert ack["type"] == "sync" and ack["ack"] is True and ack["version"] == version + 1, (ack, choice)
        version += 1
    raise AssertionError(f"the game did not end within {max_steps} steps")


def table_body(game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A create-table request: `seats` are "human" or a bot spec, the creator is Ann."""
    return {
        "game": game,
        "players": len(seats),
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "name": "Ann",
        **extra,
    }


def error(response: Any, status: int, code: str) -> str:
    """The message of an error answer, checked to have `status`, the error `code` and nothing else."""
    assert response.status_code == status, response.text
    data = response.json()
    assert set(data) == {"error"} and data["error"]["code"] == code, data
    message: str = data["error"]["message"]
    assert message
    return message
