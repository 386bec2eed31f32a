"""Hints for the seat to move, for the games whose spec declares one (`GameSpec.hint`).

A hint is computed from the seat's own view, so it can reveal nothing the seat does not know. A search can
take a long time on rare positions, and a CPU-bound thread would hold the interpreter lock against the event loop,
so hints run in a separate worker process with a time limit; a worker that overruns is killed and replaced.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import cast

from podium.core.contract import JsonDict, View
from podium.core.plugins import load_ref
from podium.core.registry import get_spec, specs


def _hint_of(game: str) -> Callable[[View], JsonDict] | None:
    spec = get_spec(game)
    return None if spec.hint is None else cast(Callable[[View], JsonDict], load_ref(spec.hint, where=game))


def has_hint(game: str) -> bool:
    return get_spec(game).hint is not None


def games_with_hints() -> list[str]:
    return [spec.name for spec in specs() if spec.hint is not None]


def _serve(conn: Connection) -> None:
    """The worker process: answers (game, view) requests until its pipe closes."""
    while True:
        try:
            game, view = conn.recv()
        except EOFError:
            return
        try:
            compute = _hint_of(game)
            if compute is None:
                raise ValueError(f"{game} has no hint")
            conn.send(("ok", compute(view)))
        except Exception as exc:  # a bad position must not kill the worker
            conn.send(("error", str(exc)))


class HintWorker:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._lock = threading.Lock()  # one hint at a time in the worker
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None

    def _start(self) -> Connection:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and an event loop
            parent, child = ctx.Pipe()
            self._process = ctx.Process(target=_serve, args=(child,), daemon=True, name="podium-hints")
            self._process.start()
            child.close()
            self._conn = parent
        return self._conn

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def _call(self, game: str, view: View) -> JsonDict | None:
        with self._lock:
            conn = self._start()
            conn.send((game, view))
            if not conn.poll(self.timeout):
                self._kill()
                return None
            status, answer = conn.recv()
            if status != "ok":
                raise RuntimeError(f"the {game} hint failed: {answer}")
            result: JsonDict = answer
            return result

    async def hint(self, game: str, view: View) -> JsonDict:
        """The hint for `view`, or a hint with `placed: null` if it takes longer than the time limit."""
        answer = await asyncio.to_thread(self._call, game, view)
        if answer is None:
            return {"placed": None, "steps": [], "actions": [], "note": f"no hint within {self.timeout:g} s"}
        return answer

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
            if self._process is not None:
                self._process.join(2)
                if self._process.is_alive():
                    self._process.kill()
            self._process = self._conn = None
