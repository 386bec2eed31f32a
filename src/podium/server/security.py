"""What a browser needs to keep the pages and the game safe from other sites: the response headers (a strict
Content-Security-Policy, no framing) and the Origin checks of the game socket and of the calls that change state.

The client is ES modules and stylesheets served from here, with no inline script, style or handler: the policy
allows nothing else, so an injected script or a page that frames ours (clickjacking) gets nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The socket's own address in `connect-src` ('self' covers ws: and wss: only in CSP level 3 browsers). A Host header
# that is no plain host[:port] names nothing there.
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")


def content_security_policy(host: str | None) -> str:
    sockets = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


def header(scope: Scope, name: bytes) -> str | None:
    """A request header of an ASGI scope (the first one of that name), as text; None if absent."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def origin_allowed(scope: Scope, allowed: Iterable[str]) -> bool:
    """Whether a request may come from its `Origin`: none (not a browser, or a same-origin GET), our own host (the
    Origin's host[:port] is the Host header's, whatever the scheme a TLS proxy in front changed), or one of the
    configured `allowed` origins (e.g. "https://games.example.org")."""
    origin = header(scope, b"origin")
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in {a.strip().lower().rstrip("/") for a in allowed}:
        return True
    scheme, sep, rest = origin.partition("://")
    host = header(scope, b"host")
    return bool(sep) and scheme in ("http", "https") and host is not None and rest == host.strip().lower()


class BrowserHeaders:
    """On every HTTP answer: `Content-Security-Policy`, `X-Frame-Options: DENY` (for browsers without
    frame-ancestors), `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`. Plain ASGI (not
    `@app.middleware("http")`, whose wrapper runs every request through extra tasks and streams)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", content_security_policy(header(scope, b"host")))
                headers.setdefault("X-Frame-Options", "DENY")
                headers.setdefault("X-Content-Type-Options", "nosniff")
                headers.setdefault("Referrer-Policy", "no-referrer")
            await send(message)

        await self.app(scope, receive, with_headers)
