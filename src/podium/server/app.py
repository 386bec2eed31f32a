"""The application factory: REST, the WebSocket, the browser client's pages, and the lifespan that opens the
database and resumes every unfinished game."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from podium.server import api, renderers, ws
from podium.server.config import ServerConfig
from podium.server.db import open_store
from podium.server.errors import ApiError
from podium.server.front import head_bytes, refuse_large_head
from podium.server.hints import games_with_hints
from podium.server.manager import TableManager
from podium.server.pages import LOBBY, REVIEW, TABLE, Page, page_html
from podium.server.security import BrowserHeaders

if TYPE_CHECKING:
    from podium.server.cluster import Cluster

log = logging.getLogger("podium.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

_MISSING = """<!doctype html><meta charset="utf-8"><title>podium</title>
<p>The podium server is running, but the browser client ({name}) is not installed.</p>"""


def _page(page: Page) -> Response:
    text = page_html(page)
    if text is None:
        missing = _MISSING.format(name=f"pages/{page.name}.html")
        return HTMLResponse(missing, status_code=404 if page is not LOBBY else 200)
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


class HeadAsGet:
    """Answer HEAD as GET would, without the body (HTTP requires HEAD wherever GET is allowed): link checkers,
    uptime monitors and `curl -I` probe the pages with it, and FastAPI's `@app.get` routes answer only GET."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        # The headers, Content-Length included, stay those of the GET answer.
        await self.app({**scope, "method": "GET"}, receive, headers_only)


class PodiumApp(FastAPI):
    """FastAPI for REST and the pages; the game sockets `/ws/tables/{id}` go straight to `ws.table_socket` (plain ASGI,
    none of the application's middleware or routing per frame: see podium.server.ws)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            limit = self.state.config.max_head_bytes
            if head_bytes(scope) > limit:
                await refuse_large_head(scope, receive, send, limit)
                return
        if scope["type"] == "websocket":
            table_id = ws.table_id_of(scope["path"])
            if table_id is not None:
                await ws.table_socket(self.state.manager, table_id, scope, receive, send)
                return
        await super().__call__(scope, receive, send)


async def join_cluster(manager: TableManager) -> Cluster | None:
    from podium.server.cluster import join  # psycopg: the `postgres` extra

    return await join(manager)


def create_app(config: ServerConfig | None = None) -> FastAPI:
    settings = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        started = time.perf_counter()
        db = open_store(settings.resolved_db_path())
        manager = TableManager(db, settings)
        if games_with_hints():
            # Spawned now, it imports the solvers while the games resume, so no hint pays for that set-up; the
            # manager's shutdown stops it.
            manager.hints.start()
        cluster = await join_cluster(manager) if db.dialect.name == "postgresql" else None
        resumed = manager.resume_all()
        # The start's own time (after the imports): what the number of stored tables could make grow.
        ms = (time.perf_counter() - started) * 1000
        log.info("database %s: resumed %d unfinished game(s) in %.0f ms", db.where, resumed, ms)
        manager.start_sweeper()
        app.state.manager = manager
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
            reviews = getattr(app.state, "reviews", None)  # server/review.py, made by the first review asked for
            if reviews is not None:
                await asyncio.to_thread(reviews.close)
            await manager.shutdown()
            if cluster is not None:
                await cluster.leave()
            db.close()

    app = PodiumApp(title="podium", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.config = settings
    app.include_router(api.router)
    app.include_router(renderers.router)  # a game's rules panel, before its renderer's files (same prefix)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return api.error_response(exc)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        return api.error_response(ApiError(exc.status_code, code, str(exc.detail)))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return api.error_response(ApiError(400, "bad_request", str(exc.errors()[:1])))

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return _page(LOBBY)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return _page(TABLE)

    @app.get("/review/{table_id}", include_in_schema=False)
    async def review_page(table_id: str) -> Response:
        return _page(REVIEW)

    @app.get(renderers.ROUTE + "/{name}/{file}", include_in_schema=False)
    async def game_renderer(name: str, file: str) -> Response:
        data, media_type = renderers.renderer_file(name, file)
        return Response(data, media_type=media_type, headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(HeadAsGet)
    app.add_middleware(BrowserHeaders)

    return app
