"""The HTTP front end: uvicorn with the limits a public server needs, from `ServerConfig`.

uvicorn gives a header-size limit (`h11_max_incomplete_event_size`), a keep-alive limit, a concurrency limit and
proxy headers trusted only from given addresses; what it lacks is a time limit for a request's head: a client that
sends one header line every few seconds (or half a WebSocket upgrade) keeps its connection for ever. `timed_h11`
adds that to uvicorn's own h11 protocol, and nothing else.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from podium.server.config import ServerConfig


class _TimedH11(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request line and headers are not all in `head_timeout`
    seconds after it opened or after its last answer (uvicorn's keep-alive timer stops at the first byte)."""

    head_timeout = 10.0
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_overdue)

    def _head_overdue(self) -> None:
        self._head_timer = None
        # Still reading a request's head (h11's IDLE: no complete request since the timer was set), and not a
        # socket upgraded meanwhile (its transport now belongs to the WebSocket protocol).
        if (
            self.conn.their_state is h11.IDLE
            and not self.transport.is_closing()
            and self.transport.get_protocol() is self
        ):
            self.transport.close()


def head_bytes(scope: Scope) -> int:
    """The size of a request's head as the client sent it, near enough: its target and header lines."""
    size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
    return size + sum(len(k) + len(v) + 4 for k, v in scope.get("headers", ()))


async def refuse_large_head(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    """431 for an HTTP request, a refused upgrade (403) for a socket. h11's own limit counts only a head still
    incomplete after a read, so one that arrives whole in one read (256 KiB) is refused here."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1009})
        return
    body = f'{{"error":{{"code":"too_large","message":"the request head may have at most {limit} bytes"}}}}'.encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 431, "headers": [*headers, (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def timed_h11(head_timeout: float) -> type[H11Protocol]:
    return type("TimedH11Protocol", (_TimedH11,), {"head_timeout": head_timeout})


def uvicorn_config(app: Any, settings: ServerConfig, **kwargs: Any) -> uvicorn.Config:
    """The uvicorn configuration of `podium serve` (and of the tests' live servers) for `app`; `kwargs`: host,
    port, log level."""
    trusted = list(settings.forwarded_allow_ips)
    return uvicorn.Config(
        app,
        http=timed_h11(settings.head_timeout),
        h11_max_incomplete_event_size=settings.max_head_bytes,
        timeout_keep_alive=settings.keep_alive_timeout,
        limit_concurrency=settings.max_connections or None,
        # X-Forwarded-For/-Proto only from the reverse proxies named: anyone else could pick the address that the
        # per-address limits count against.
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
        ws_max_size=65536,
        ws_ping_interval=20,
        # No per-message compression: frames are a few KiB, and deflating each one costs more CPU than it saves.
        ws_per_message_deflate=False,
        **kwargs,
    )
