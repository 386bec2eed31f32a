"""Issue 28, amplification: a seat connecting and disconnecting 50 times sent 101 syncs to each spectator, and hints
asked at once by 30 sockets of the seat to move were computed 30 times, one after another, in the threads the bots
think in. Now presence is broadcast at most every `presence_interval`, a hint is computed once per position and
shared, the hint queue is bounded, and hints wait in a thread of their own. And the hint worker survives the
Ctrl-C that stops the server (it died with a traceback)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from test_frames_and_commits import FakeSocket, frames, run, sent

from podium.core.contract import JsonDict, View
from podium.server.config import ServerConfig
from podium.server.db import Database
from podium.server.hints import HintWorker, games_with_hints
from podium.server.manager import TableManager
from podium.server.protocol import ProtocolError
from podium.server.tables import Connection, Table


def manager(tmp_path: Path, **settings: Any) -> TableManager:
    path = tmp_path / "db.sqlite3"
    return TableManager(Database(path), ServerConfig(db_path=path, bot_delay=0, rate_limits=False, **settings))


async def table_of_two(m: TableManager, game: str) -> Table:
    made = await m.create({"game": game, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    table = m.tables[made["table"]["id"]]
    await m.join(table, {"name": "Bo"})
    return table


def test_a_reconnect_storm_reaches_the_spectators_as_a_few_syncs(tmp_path: Path) -> None:
    async def storm() -> None:
        m = manager(tmp_path, presence_interval=0.25)
        table = await table_of_two(m, "kuhn")
        watcher = Connection(FakeSocket(), None, 10**6)
        m.connect(table, watcher)
        sent(watcher).clear()
        started = time.monotonic()
        for _ in range(50):
            conn = Connection(FakeSocket(), 0, 10**6)
            m.connect(table, conn)
            await asyncio.sleep(0.01)
            m.disconnect(table, conn)
            await asyncio.sleep(0.002)
        took = time.monotonic() - started
        await asyncio.sleep(0.6)  # the last coalesced broadcast
        syncs = [f for f in frames(watcher) if f["type"] == "sync"]
        assert 1 <= len(syncs) <= took / 0.25 + 2, (len(syncs), took)  # was 100
        assert syncs[-1]["table"]["seats"][0]["connected"] is False  # the final presence is shown

    run(storm())


class CountingHints:
    """The hint worker's interface, counting computations; each takes a little while."""

    def __init__(self) -> None:
        self.calls = 0

    async def hint(self, game: str, view: View) -> JsonDict:
        self.calls += 1
        await asyncio.sleep(0.05)
        return {"placed": None, "steps": [], "actions": [], "note": "counted"}


HINTED = games_with_hints()


@pytest.mark.skipif(not HINTED, reason="no installed game has hints")
def test_one_hint_computation_is_shared_by_every_socket_that_asks(tmp_path: Path) -> None:
    async def ask() -> None:
        m = manager(tmp_path)
        counting = CountingHints()
        m.hints = counting  # type: ignore[assignment]
        table = await table_of_two(m, HINTED[0])
        seat = table.state.current_player
        assert seat is not None
        conns = [Connection(FakeSocket(), seat, 10**6) for _ in range(30)]
        for conn in conns:
            m.connect(table, conn)
        await asyncio.gather(*(m.hint(table, conn) for conn in conns))
        assert counting.calls == 1  # was 30
        for conn in conns:
            assert [f["note"] for f in frames(conn) if f["type"] == "hint"] == ["counted"]

    run(ask())


@pytest.mark.skipif(not HINTED, reason="no installed game has hints")
def test_the_hint_queue_is_bounded(tmp_path: Path) -> None:
    async def crowd() -> None:
        m = manager(tmp_path, hint_queue=2)
        m.hints = CountingHints()  # type: ignore[assignment]
        tables = [await table_of_two(m, HINTED[0]) for _ in range(3)]
        asks = []
        for table in tables:  # three positions at once
            seat = table.state.current_player
            assert seat is not None
            conn = Connection(FakeSocket(), seat, 10**6)
            m.connect(table, conn)
            asks.append(m.hint(table, conn))
        results = await asyncio.gather(*asks, return_exceptions=True)
        refused = [r for r in results if isinstance(r, ProtocolError)]
        assert len(refused) == 1 and refused[0].code == "rate_limited"

    run(crowd())


def test_hints_wait_in_a_thread_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # Not in the default executor, whose few threads the bots think in.
    import threading

    worker = HintWorker(3.0, warm=[])
    monkeypatch.setattr(worker, "_call", lambda game, view: {"thread": threading.current_thread().name})
    answer = asyncio.run(worker.hint("any", {}))
    assert str(answer["thread"]).startswith("podium-hints")
    worker.close()


def test_the_hint_worker_survives_ctrl_c_and_stops_cleanly() -> None:
    worker = HintWorker(3.0, warm=[])
    assert worker.wait_ready(60)
    process = worker.process
    assert process is not None and process.pid is not None
    os.kill(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C sends the server's whole process group
    time.sleep(0.5)
    assert process.is_alive()  # it died with a KeyboardInterrupt traceback
    worker.close()
    # 0: it returned when its pipe closed (-9 only if that took it over 2 s, on a loaded machine); never 1, the exit
    # of a KeyboardInterrupt traceback
    assert not process.is_alive() and process.exitcode in (0, -signal.SIGKILL)


def test_a_broadcast_reaches_the_players_before_the_crowd_of_spectators(tmp_path: Path) -> None:
    # Issue 28: a table crowded by an attacker's spectators; the acting socket's acknowledgement, then the other
    # players' syncs, are handed to their sockets before any spectator's.
    async def play() -> None:
        m = manager(tmp_path)
        table = await table_of_two(m, "kuhn")
        order: list[int | None] = []

        def socket(seat: int | None) -> Connection:
            async def send(message: dict[str, Any]) -> None:
                order.append(seat)

            return Connection(send, seat, 10**6)

        crowd = [socket(None) for _ in range(50)]
        for conn in crowd[:25]:
            m.connect(table, conn)
        seats = [socket(0), socket(1)]
        for conn in [*seats, *crowd[25:]]:
            m.connect(table, conn)
        order.clear()
        seat = table.state.current_player
        assert seat is not None
        await m.commit(table, seat, table.state.legal_actions()[0], ack=seats[seat])
        assert order[:2] == [seat, 1 - seat] and order[2:] == [None] * 50

    run(play())


def test_the_hint_worker_ends_quietly_when_the_killed_server_resets_its_pipe() -> None:
    # Issue 28: a server killed with SIGKILL left a ConnectionResetError traceback of the hint worker in its log.
    from podium.server import hints

    class ResetPipe:
        def send(self, message: Any) -> None:
            pass

        def recv(self) -> Any:
            raise ConnectionResetError(104, "Connection reset by peer")

    hints._serve(ResetPipe(), ())  # type: ignore[arg-type]  # returns instead of raising
    signal.signal(signal.SIGINT, signal.default_int_handler)  # _serve ignores Ctrl-C, as the worker must
