"""The WebSocket endpoint `/ws/tables/{id}`: hello, then a loop of rate-limited, validated messages.

Plain ASGI, called by the application before FastAPI's router (see `app.PodiumApp`): every message of a game passes
here, and Starlette's WebSocket wrapper and exception middleware cost a few coroutine calls per frame each way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.types import Receive, Scope, Send

from podium.server.errors import ApiError
from podium.server.manager import TableManager
from podium.server.protocol import ProtocolError, error_frame, parse_message
from podium.server.ratelimit import RateLimiter, client_key
from podium.server.security import origin_allowed
from podium.server.tables import Connection, Table, dumps

log = logging.getLogger("podium.server")

POLICY_VIOLATION = 1008
PREFIX = "/ws/tables/"


class Disconnected(Exception):
    """The client went away."""


def table_id_of(path: str) -> str | None:
    """The table id of a socket's path `/ws/tables/{id}`, or None if it is no such path."""
    if not path.startswith(PREFIX):
        return None
    table_id = path[len(PREFIX) :]
    return table_id if table_id and "/" not in table_id else None


async def _receive(receive: Receive) -> str | bytes | None:
    message = await receive()
    if message["type"] == "websocket.disconnect":
        raise Disconnected
    text = message.get("text")
    return text if text is not None else message.get("bytes")


async def _refuse(send: Send, code: str, message: str, version: int | None) -> None:
    with contextlib.suppress(Exception):
        await send({"type": "websocket.send", "text": dumps(error_frame(code, message, version))})
        await send({"type": "websocket.close", "code": POLICY_VIOLATION})


async def _hello(receive: Receive, manager: TableManager, table: Table) -> int | ProtocolError | None:
    """The seat a valid hello names (None = spectator), or the error that refuses the socket."""
    try:
        raw = await asyncio.wait_for(_receive(receive), manager.config.hello_timeout)
    except TimeoutError:
        return ProtocolError("malformed", f"no hello within {manager.config.hello_timeout:g} s")
    try:
        msg = parse_message(raw)
    except ProtocolError as exc:
        return exc
    if msg.type != "hello":
        return ProtocolError("unauthorized", 'the first message must be {"type": "hello", ...}')
    if msg.spectator:
        return None
    seat = manager.seat_of(table, msg.token)
    if seat is None:
        return ProtocolError("unauthorized", "this token is no seat of this table; join a seat or watch as a spectator")
    return seat


async def table_socket(manager: TableManager, table_id: str, scope: Scope, receive: Receive, send: Send) -> None:
    if (await receive())["type"] != "websocket.connect":
        return
    if not origin_allowed(scope, manager.config.allowed_origins):
        # Before the accept: the upgrade gets 403. A browser opens a socket for any page, so without this another
        # site could make its visitors' browsers hold sockets here (and play what its script is given).
        await send({"type": "websocket.close", "code": POLICY_VIOLATION})
        return
    client = client_key(scope["client"][0] if scope.get("client") else None)
    if not manager.open_socket(client):  # this address holds as many sockets as allowed: the upgrade gets 403
        await send({"type": "websocket.close", "code": POLICY_VIOLATION})
        return
    try:
        await _serve_socket(manager, table_id, receive, send)
    finally:
        manager.close_socket(client)


async def _serve_socket(manager: TableManager, table_id: str, receive: Receive, send: Send) -> None:
    await send({"type": "websocket.accept"})
    try:
        table = manager.get(table_id)
    except ApiError as exc:
        await _refuse(send, "unauthorized", exc.message, None)
        return
    try:
        seat = await _hello(receive, manager, table)
    except Disconnected:
        return
    if isinstance(seat, ProtocolError):
        await _refuse(send, seat.code, seat.message, table.version)
        return
    try:
        # Again after the hello's await: a finished table may have been unloaded (and is loaded anew), or a waiting
        # one expired, meanwhile; the socket must join the table object that is served now.
        table = manager.get(table_id)
    except ApiError as exc:
        await _refuse(send, "unauthorized", exc.message, None)
        return
    config = manager.config
    conn = Connection(send, seat, config.send_queue)
    limiter = RateLimiter(config.rate_per_second, config.rate_burst, config.rate_strikes)
    manager.connect(table, conn)
    try:
        # Read by a task of its own: each message then resumes only that task's few coroutines, not the chain of
        # the server's and the application's calls this endpoint runs in; cancelling this endpoint cancels the task.
        await asyncio.get_running_loop().create_task(_read(receive, manager, table, conn, limiter))
    except Disconnected:
        pass
    except Exception:
        # An unexpected failure (e.g. the database): the client reconnects to a snapshot; nothing was acknowledged.
        log.exception("closing a socket of table %s after an error", table.id)
        conn.close(1011)
    finally:
        manager.disconnect(table, conn)
        conn.close()
        if conn.draining is not None:  # frames still waiting for a slow client: a few seconds more, not forever
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(conn.draining, 5)


async def _read(receive: Receive, manager: TableManager, table: Table, conn: Connection, limiter: RateLimiter) -> None:
    while not conn.closing:
        message = await receive()  # not through _receive: one coroutine less on the path of every message
        if message["type"] == "websocket.disconnect":
            raise Disconnected
        if not limiter.allow():
            conn.send(error_frame("rate_limited", "too many messages: at most 20 per second", table.version))
            if limiter.abusive:
                conn.close(POLICY_VIOLATION)
            continue
        text = message.get("text")
        try:
            msg = parse_message(text if text is not None else message.get("bytes"))
            if msg.type == "action":
                await manager.act(table, conn, msg)
            elif msg.type == "hint":
                await manager.hint(table, conn)
            elif msg.type == "ping":
                conn.send('{"type":"pong"}')
            else:
                raise ProtocolError("malformed", "hello is only the first message")
        except ProtocolError as exc:
            conn.send(error_frame(exc.code, exc.message, table.version))
