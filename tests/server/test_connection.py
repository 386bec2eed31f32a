"""A client socket's frames (podium.server.tables.Connection): handed to the ASGI send at once, and when that send has
to wait (a client that does not read, its buffer full), the later frames wait behind it, in order, up to the limit
that drops the client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from podium.server.tables import Connection


class SlowSocket:
    """An ASGI send that waits, while `blocked`, as uvicorn's does while the socket's buffer is full."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.open = asyncio.Event()
        self.open.set()
        self.gone = False

    async def __call__(self, message: dict[str, Any]) -> None:
        await self.open.wait()
        if self.gone:
            raise OSError("the peer went away")  # as uvicorn's ClientDisconnected
        self.sent.append(message)

    def texts(self) -> list[str]:
        return [m.get("text", f"close {m.get('code')}") for m in self.sent]


def run(coro: Any) -> None:
    asyncio.run(coro)


def test_frames_go_out_at_once_without_a_task() -> None:
    async def go() -> None:
        socket = SlowSocket()
        conn = Connection(socket, 0, 10)
        conn.send("a")
        conn.send({"type": "pong"})
        assert socket.texts() == ["a", '{"type":"pong"}'] and conn.draining is None  # sent before any await
        conn.close(1001)
        assert socket.sent[-1] == {"type": "websocket.close", "code": 1001}
        conn.send("late")  # nothing after the close
        assert len(socket.sent) == 3

    run(go())


def test_frames_behind_a_waiting_send_follow_it_in_order() -> None:
    async def go() -> None:
        socket = SlowSocket()
        conn = Connection(socket, 0, 10)
        socket.open.clear()  # the client stops reading
        for text in ("1", "2", "3"):
            conn.send(text)
        conn.close()
        assert socket.sent == [] and conn.draining is not None and len(conn.queue) == 3
        await asyncio.sleep(0)
        assert socket.sent == []  # still waiting: the table went on meanwhile
        socket.open.set()  # it reads again
        await conn.draining
        assert socket.texts() == ["1", "2", "3", "close 1000"] and conn.draining is None
        assert not conn.queue

    run(go())


def test_a_client_too_far_behind_is_dropped() -> None:
    async def go() -> None:
        socket = SlowSocket()
        conn = Connection(socket, 0, 3)
        socket.open.clear()
        for n in range(10):
            conn.send(str(n))
        assert conn.closing  # the fifth frame found three waiting behind the first: the client is dropped
        socket.open.set()
        assert conn.draining is not None
        await conn.draining
        assert socket.texts() == ["0", "1", "2", "3", "close 1013"]  # it reconnects to a fresh snapshot

    run(go())


def test_a_peer_gone_while_waiting_stops_the_frames() -> None:
    async def go() -> None:
        socket = SlowSocket()
        conn = Connection(socket, 0, 10)
        socket.open.clear()
        conn.send("1")
        conn.send("2")
        socket.gone = True
        socket.open.set()
        assert conn.draining is not None
        await conn.draining
        assert conn.closing and not conn.queue and socket.sent == []
        conn.send("3")  # ignored: the reader notices the disconnect and unregisters the socket
        assert socket.sent == [] and conn.draining is None

    run(go())


def test_cancelling_a_waiting_send_cancels_it_cleanly() -> None:
    async def go() -> None:
        socket = SlowSocket()
        conn = Connection(socket, 0, 10)
        socket.open.clear()
        conn.send("1")
        task = conn.draining
        assert task is not None
        await asyncio.sleep(0)
        task.cancel()  # the endpoint gave up on a client that never reads
        with pytest.raises(asyncio.CancelledError):
            await task
        assert conn.draining is None and socket.sent == []

    run(go())
