"""The REST endpoints of docs/protocol.md."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from podium.agents.base import agent_description, agent_names
from podium.core.chance import TOOL_OPTIONS
from podium.core.registry import game_names, get_game, get_spec
from podium.server.config import MAX_BODY_BYTES
from podium.server.errors import ApiError, bad_request
from podium.server.hints import games_with_hints
from podium.server.log import table_log
from podium.server.manager import TableManager
from podium.server.protocol import load_json
from podium.server.ratelimit import client_key
from podium.server.renderers import renderer_url
from podium.server.review import Reviews
from podium.server.security import origin_allowed

# Every endpoint is `async def`: the manager, its database connection and its tables belong to the event loop
# thread (FastAPI would run a plain `def` in a worker thread).
router = APIRouter(prefix="/api")


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


async def _body(request: Request) -> Any:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ApiError(413, "too_large", f"the body may have at most {MAX_BODY_BYTES} bytes")
    raw = b""
    timeout = _manager(request).config.body_timeout
    try:
        async with asyncio.timeout(timeout):  # a body sent a byte at a time must not hold its request for ever
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY_BYTES:
                    raise ApiError(413, "too_large", f"the body may have at most {MAX_BODY_BYTES} bytes")
    except TimeoutError:
        raise ApiError(408, "timeout", f"the body must arrive within {timeout:g} s") from None
    if not raw.strip():
        return None
    try:
        return load_json(raw)
    except ValueError as exc:
        raise bad_request(f"the body {exc}") from None


@router.get("/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    public = _manager(request).config.public_limits
    out = []
    for name in game_names():
        game = get_game(name)
        ranges = game.config_type.public_ranges() if public else {}
        out.append(
            {
                "name": name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "hint": name in games_with_hints(),
                "renderer": renderer_url(get_spec(name)),
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        # what this server allows: the public range where the game declares one
                        "allowed": f"integer {ranges[o.name][0]}..{ranges[o.name][1]}"
                        if o.name in ranges
                        else o.allowed,
                        "doc": o.doc,
                    }
                    for o in game.config_type.options()
                    if o.name not in TOOL_OPTIONS  # explicit chance is for OpenSpiel: a table refuses it
                ],
                "bots": [{"name": b, "description": agent_description(b, name)} for b in agent_names(name)],
            }
        )
    return out


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client is not None else None)


def _bearer(request: Request) -> str | None:
    """The seat token of `Authorization: Bearer <token>`, if the request has one."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _limited(request: Request, operation: str) -> TableManager:
    """The manager, once this request of `operation` may change state: a JSON request (or none) from an allowed
    origin — a cross-site form or "simple" `text/plain` POST is refused before anything — within its client's limit
    (else 429 rate_limited)."""
    manager = _manager(request)
    if not origin_allowed(request.scope, manager.config.allowed_origins):
        raise ApiError(403, "forbidden", "requests from the pages of another site are refused")
    kind = request.headers.get("content-type")
    has_body = request.headers.get("content-length", "0") != "0" or "transfer-encoding" in request.headers
    if (kind is not None or has_body) and (kind or "").split(";")[0].strip().lower() != "application/json":
        raise ApiError(415, "unsupported_media_type", "send the body as JSON, with 'Content-Type: application/json'")
    manager.check_rate(operation, _client(request))
    return manager


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> Any:
    manager = _limited(request, "create")
    return await manager.create(await _body(request), owner=_client(request))


@router.get("/tables")
async def open_tables(request: Request) -> Any:
    return _manager(request).open_tables()


@router.get("/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> Any:
    return _manager(request).get(table_id).to_json()


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, request: Request) -> Any:
    manager = _limited(request, "join")
    body = await _body(request)
    # Looked up after the body's await; the join checks under the table's lock that it has not expired since.
    return await manager.join(manager.get(table_id), body)


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(table_id: str, request: Request) -> Any:
    manager = _limited(request, "rematch")
    table = manager.get(table_id)
    return await manager.rematch(table, _bearer(request), owner=_client(request))


@router.get("/tables/{table_id}/log")
async def game_log(table_id: str, request: Request) -> Any:
    """The game's log as the caller may see it: a seat's (with its token as `Authorization: Bearer`), else a
    spectator's (server/log.py)."""
    manager = _manager(request)
    table = manager.get(table_id)
    seat = manager.seat_of(table, _bearer(request))
    return table_log(table, seat)


@router.get("/tables/{table_id}/record")
async def record(table_id: str, request: Request) -> Response:
    manager = _manager(request)
    table = manager.get(table_id)
    text = manager.record(table)
    return Response(
        text,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="podium-{table.game.name}-{table.id}.jsonl"'},
    )


@router.post("/tables/{table_id}/review")
async def review(table_id: str, request: Request) -> Any:
    """The post-game review of the caller's seat (its token as `Authorization: Bearer`) at a finished table: started
    by the first call, computed in a process of its own (server/review.py); every call says how far it got, the
    last the review itself."""
    manager = _manager(request)
    table = manager.get(table_id)
    seat = manager.seat_of(table, _bearer(request))
    if seat is None:
        raise ApiError(401, "unauthorized", "a review is of your own decisions: it needs your seat token of this table")
    text = manager.record(table)  # 409 not_finished before the end
    reviews: Reviews | None = getattr(request.app.state, "reviews", None)
    if reviews is None:
        reviews = request.app.state.reviews = Reviews()
    return await asyncio.to_thread(reviews.ask, table.id, seat, text)


def error_response(exc: ApiError) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status, headers=exc.headers
    )
