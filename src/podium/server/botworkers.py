"""Bots think in worker processes of their own, at a lower priority than the server.

A bot's search (`hard`: ISMCTS) is pure Python. In a thread of the server it holds the interpreter lock against the
event loop: every socket send and every database commit lets the lock go, and the loop then waits up to a switch
interval (5 ms) to get it back, so a human's acknowledgement waited behind the bots of every other table (two tables
of `hard` bots took a human's p95 sync latency from 19 to 118 ms). In a worker process the bots are scheduled by the
kernel instead, with a niceness of `NICE` more than the server's: when the cores are busy the event loop that serves
the humans comes first, and the bots take what is left (one worker uses one core at most: its interpreter lock).

Inside a worker each bot thinks in a thread of its own (up to `THREADS` at once), so a `random` bot's move does not
queue behind a `hard` bot's search at another table: they share the worker's time. Each table's bots live in one
worker (their state, e.g. ISMCTS's plan across moves, stays there), chosen when its bot first thinks: the worker
with the fewest tables. A worker keeps at most `MAX_AGENTS` bots, the least recently used forgotten first (a
forgotten bot is made anew and plays on), and forgets a table's bots when the server says so (the game ended, or
the table left memory). A worker that dies is replaced: its bots are made anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import secrets
import signal
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, cast

from podium.core.contract import Action, View

log = logging.getLogger("podium.server")

NICE = 10  # the workers' niceness above the server's: at 10 the kernel gives the server ~9 times their CPU share
MAX_AGENTS = 2000  # bots a worker keeps; beyond, the least recently used is forgotten (its memory stays bounded)
THREADS = 16  # bots thinking at once in one worker; more wait for a thread


class _Agents:
    """A worker's bots by (table, seat), made on first use, at most `MAX_AGENTS`; its threads share them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.agents: OrderedDict[tuple[str, int], tuple[str, Any]] = OrderedDict()

    def get(self, table: str, seat: int, bot: str, game: str) -> Any:
        from podium.agents.base import make_agent
        from podium.core.registry import get_game

        with self.lock:
            made = self.agents.get((table, seat))
            if made is None or made[0] != bot:
                # A fresh secret seed, not one derived from the table's: its choices must reveal nothing of the deal.
                made = (bot, make_agent(bot, get_game(game), seat, secrets.randbits(63)))
            self.agents[(table, seat)] = made
            self.agents.move_to_end((table, seat))
            while len(self.agents) > MAX_AGENTS:
                self.agents.popitem(last=False)
            return made[1]

    def forget(self, table: str) -> None:
        with self.lock:
            for key in [k for k in self.agents if k[0] == table]:
                del self.agents[key]


def _serve(conn: Connection, nice: int) -> None:
    """The worker: answers ("act", id, table, seat, bot, game, view, legal) with (id, "ok", the index in `legal` of
    the action chosen) or (id, "error", text), each from a thread of its own, and drops a table's bots on ("forget",
    table), until its pipe closes."""
    # The server's Ctrl-C reaches its whole process group: the worker ends when the server closes its pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(nice)
    agents = _Agents()
    sending = threading.Lock()

    def think(rid: int, table: str, seat: int, bot: str, game: str, view: View, legal: list[Action]) -> None:
        try:
            chosen = agents.get(table, seat, bot, game).act(view, legal)
            # An index, not the action: the server applies its own action object, as in its threads (a copy made by
            # pickling can differ from it in what the game's rules look at, e.g. which card object it holds).
            index = next((i for i, action in enumerate(legal) if action is chosen), None)
            answer: tuple[int, str, Any] = (rid, "ok", legal.index(chosen) if index is None else index)
        except Exception as exc:  # a bot that fails must not kill the worker: the server plays for it
            answer = (rid, "error", f"{type(exc).__name__}: {exc}")
        with sending, contextlib.suppress(OSError):
            conn.send(answer)

    threads = ThreadPoolExecutor(THREADS, thread_name_prefix="bot")
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message[0] == "forget":
            agents.forget(message[1])
        else:
            threads.submit(think, *message[1:])
    threads.shutdown(wait=False, cancel_futures=True)


class WorkerDied(RuntimeError):
    """The worker process ended before it answered."""


def _settle(future: asyncio.Future[int], status: str, answer: Any) -> None:
    if future.done():  # its bot task was cancelled meanwhile (the table left memory)
        return
    if status == "ok":
        future.set_result(cast(int, answer))
    elif status == "died":
        future.set_exception(WorkerDied("the bots' worker process ended"))
    else:
        future.set_exception(RuntimeError(answer))


_Waiting = tuple[asyncio.AbstractEventLoop, asyncio.Future[int], Connection]


class _Worker:
    """One worker process, the thread that reads its answers, and the futures waiting for them."""

    def __init__(self, name: str, nice: int) -> None:
        self.name = name
        self.nice = nice
        self.tables = 0  # tables whose bots live here
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._waiting: dict[int, _Waiting] = {}
        self._ids = itertools.count()
        self._lock = threading.Lock()  # the pipe and the futures, between the event loop and the reading thread
        self.closed = False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _spawn(self) -> Connection:
        if self.closed:
            raise RuntimeError("the server is stopping")
        if self._conn is None or self._process is None or not self._process.is_alive():
            self._stop_process()
            ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and an event loop
            parent, child = ctx.Pipe()
            self._process = ctx.Process(target=_serve, args=(child, self.nice), daemon=True, name=self.name)
            self._process.start()
            child.close()
            self._conn = parent
            threading.Thread(target=self._read, args=(parent,), daemon=True, name=f"{self.name}-answers").start()
        return self._conn

    def _read(self, conn: Connection) -> None:
        """Hand each answer to the future that waits for it, on that future's loop; when the pipe ends (the worker
        died, or was stopped), fail the futures still waiting for an answer through it."""
        while True:
            try:
                rid, status, answer = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                waiting = self._waiting.pop(rid, None)
            if waiting is not None:
                with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits any more
                    waiting[0].call_soon_threadsafe(_settle, waiting[1], status, answer)
        with self._lock:
            lost = {rid: w for rid, w in self._waiting.items() if w[2] is conn}
            for rid in lost:
                del self._waiting[rid]
            if self._conn is conn:
                self._conn = None
        for loop, future, _ in lost.values():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, future, "died", None)

    async def act(self, table: str, seat: int, bot: str, game: str, view: View, legal: list[Action]) -> int:
        """The index in `legal` of the action the bot chooses."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        rid = next(self._ids)
        with self._lock:
            conn = self._spawn()
            self._waiting[rid] = (loop, future, conn)
            try:
                conn.send(("act", rid, table, seat, bot, game, view, legal))
            except OSError:  # the worker is gone: its reading thread fails the others
                del self._waiting[rid]
                raise WorkerDied("the bots' worker process ended") from None
        try:
            return await future
        finally:
            with self._lock:
                self._waiting.pop(rid, None)

    def forget(self, table: str) -> None:
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(OSError):
                    self._conn.send(("forget", table))

    def _stop_process(self) -> None:
        process = self._process
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self._stop_process()  # a thought in progress is not wanted any more


class BotWorkers:
    """`processes` worker processes for the bots of every table, each started when a bot first thinks in it."""

    def __init__(self, processes: int, nice: int = NICE) -> None:
        self.workers = [_Worker(f"podium-bots-{n}", nice) for n in range(processes)]
        self.homes: dict[str, _Worker] = {}  # table id → the worker its bots live in

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.pid is not None]

    async def act(self, table: str, seat: int, bot: str, game: str, view: View, legal: list[Action]) -> Action:
        """The action the bot `bot` of `table`'s `seat` chooses; raises RuntimeError if it failed."""
        worker = self.homes.get(table)
        if worker is None:
            worker = self.homes[table] = min(self.workers, key=lambda w: w.tables)
            worker.tables += 1
        try:
            index = await worker.act(table, seat, bot, game, view, legal)
        except WorkerDied:  # killed (say, out of memory) while this bot thought: once more, in a new worker
            log.warning("the bots' worker process ended; a new one starts")
            index = await worker.act(table, seat, bot, game, view, legal)
        return legal[index]

    def forget(self, table: str) -> None:
        """Drop `table`'s bots (its game ended, or it left memory)."""
        worker = self.homes.pop(table, None)
        if worker is not None:
            worker.tables -= 1
            worker.forget(table)

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
        self.homes.clear()
