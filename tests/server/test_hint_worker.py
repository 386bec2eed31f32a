"""The hint worker starts with the server and is warm before the first hint (issue 14, defect 6): the hint's time
limit counts only the hint's own computation, never a process start or the solver's import."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from fastapi.testclient import TestClient

from podium.core.registry import get_game
from podium.server import ServerConfig, create_app
from podium.server.hints import HintWorker, games_with_hints, hint_refs

T = TypeVar("T")
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game: every game has a hint, this one's is quick


def _run(awaitable: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine in a thread of its own: in a test process that also ran the browser tests, Playwright's sync
    API keeps an event loop running in the main thread, where `asyncio.run` refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, awaitable).result()


def test_the_worker_starts_with_the_server_warms_every_hint_and_stops_at_shutdown(tmp_path: Path) -> None:
    assert games_with_hints()  # every game has a hint, so the server must start a worker
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as client:
        hints = client.app.state.manager.hints  # type: ignore[attr-defined]
        process = hints.process
        # No hint has been asked for: the worker runs because the server started it.
        assert process is not None and process.is_alive()
        assert hints.wait_ready()
        assert hints.process is process  # waiting for it did not start another
        assert sorted(hints.warmed) == sorted(hint_refs())  # every game's hint module imported before answering
    process.join(5)
    assert not process.is_alive()
    assert not hints.alive


def test_the_first_hint_is_answered_although_the_worker_starts_slower_than_the_limit() -> None:
    # The worker's start-up (2 s in slow_hint_warmup) is longer than the 1 s limit: were the start-up inside the
    # timed window, the answer would be "no hint within 1 s". A hint of the plugin game (Kuhn poker: three cards)
    # takes milliseconds.
    worker = HintWorker(timeout=1.0, warm=["slow_hint_warmup:SLOW", *hint_refs()])
    worker.start()
    try:
        view = get_game(PLUGIN).new_game(seed=3).view(0)
        answer = _run(worker.hint(PLUGIN, view))
        assert "no hint within" not in str(answer.get("note", "")), answer
        assert answer["choices"]
        assert worker.warmed[0] == "slow_hint_warmup:SLOW"
    finally:
        worker.close()
    assert not worker.alive


def test_a_dead_worker_is_replaced_and_the_hint_still_answered() -> None:
    worker = HintWorker(timeout=30.0)
    worker.start()
    try:
        assert worker.wait_ready()
        first = worker.process
        assert first is not None
        first.kill()  # a worker that died between hints
        first.join(5)
        answer = _run(worker.hint(PLUGIN, get_game(PLUGIN).new_game(seed=1).view(0)))
        assert answer["choices"]
        assert worker.process is not first and worker.alive
    finally:
        worker.close()
