"""Issue 28, the victim's latency under attack: the bots of every table thought in threads of the server, where a
search holds the interpreter lock against the event loop (two tables of `hard` bots took a human's p95 sync latency
on another table from 19 to 118 ms). They now think in a worker process at a lower priority (podium.server.botworkers).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from test_limits import PLUGIN, body, serve

from podium.core.registry import get_game
from podium.server.botworkers import NICE, BotWorkers


def _watch_to_end(s: Any, table_id: str) -> dict[str, Any]:
    with s.client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "spectator": True})
        for _ in range(2000):
            frame: dict[str, Any] = ws.receive_json()
            if frame["type"] == "sync" and frame["table"]["status"] == "finished":
                return frame
    raise AssertionError("the bots did not finish their game")


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_bots_think_in_a_worker_process_at_a_lower_priority_and_it_stops_with_the_server(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3") as s:
        runner = s.manager.bots
        assert runner.workers is not None  # the default: one worker process
        table_id = s.client.post("/api/tables", json=body(["random", "random"])).json()["table"]["id"]
        _watch_to_end(s, table_id)
        table = s.manager.tables[table_id]
        assert table.agents == {}  # no bot was made in the server's process
        [pid] = runner.workers.pids
        assert pid != os.getpid()
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE)
        assert table_id not in runner.workers.homes  # the game ended: its bots were forgotten
    assert not _exists(pid)


def test_with_no_worker_process_the_bots_think_in_threads_as_before(tmp_path: Path) -> None:
    with serve(tmp_path / "db.sqlite3", bot_processes=0) as s:
        assert s.manager.bots.workers is None
        table_id = s.client.post("/api/tables", json=body(["random", "random"])).json()["table"]["id"]
        _watch_to_end(s, table_id)
        assert set(s.manager.tables[table_id].agents) == {0, 1}


def _position() -> tuple[Any, list[Any]]:
    game = get_game(PLUGIN)
    state = game.new_game(game.config(), 2, 3)
    seat = state.current_player
    assert seat is not None
    return state.view(seat), state.legal_actions()


def _run(workers: BotWorkers, test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    try:
        asyncio.run(test())
    finally:
        workers.close()


def test_a_worker_that_dies_is_replaced_and_a_failing_bot_does_not_kill_it() -> None:
    view, legal = _position()
    workers = BotWorkers(1)

    async def run() -> None:
        first = await workers.act("t1", 0, "random", PLUGIN, view, legal)
        # The very object of the server's `legal`, which the table applies: a pickled copy of an action can differ
        # from it in what the rules look at (Olympicards refused the copies as illegal).
        assert any(first is action for action in legal)
        [pid] = workers.pids
        with pytest.raises(RuntimeError, match="unknown bot 'nobody'"):
            await workers.act("t2", 0, "nobody", PLUGIN, view, legal)
        assert workers.pids == [pid]  # the worker answered the error and lives on
        os.kill(pid, 9)  # killed (say, out of memory): the next move gets a new worker
        assert await workers.act("t1", 0, "hard", PLUGIN, view, legal) in legal
        assert workers.pids != [pid]

    _run(workers, run)


def test_tables_spread_over_the_workers_and_leave_them_when_forgotten() -> None:
    view, legal = _position()
    workers = BotWorkers(2)

    async def run() -> None:
        for table in ("a", "b", "c"):
            await workers.act(table, 0, "random", PLUGIN, view, legal)
        assert sorted(w.tables for w in workers.workers) == [1, 2]
        assert workers.homes["a"] is not workers.homes["b"]
        for table in ("a", "b", "c"):
            workers.forget(table)
        assert [w.tables for w in workers.workers] == [0, 0] and workers.homes == {}

    _run(workers, run)


def test_a_quick_bot_does_not_wait_behind_a_long_search_at_another_table() -> None:
    view, legal = _position()
    workers = BotWorkers(1)

    async def run() -> None:
        # A search far longer than any public table's: it is still thinking when the random bot of the other
        # table (in the same worker) has answered.
        searching = asyncio.ensure_future(workers.act("slow", 0, "ismcts:iterations=1000000", PLUGIN, view, legal))
        assert await workers.act("quick", 0, "random", PLUGIN, view, legal) in legal
        assert not searching.done()
        searching.cancel()

    _run(workers, run)
