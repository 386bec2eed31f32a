"""Hints for the seat to move, in every game: `podium.analysis.hint` on the seat's view (server/advice.py).

A hint is computed from the seat's own view, so it can reveal nothing the seat does not know. A search can
take a long time on rare positions, and a CPU-bound thread would hold the interpreter lock against the event loop,
so hints run in a separate worker process with a time limit; a worker that overruns is killed and replaced.

The worker is started with the server (`HintWorker.start`) and imports every hint module before it reports ready,
and a hint waits for that report before its clock starts: spawning a Python process and importing a solver can take
seconds on a loaded machine, and the time limit is meant for the hint's own computation, not for that set-up.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import cast

from podium.core.contract import JsonDict, View
from podium.core.plugins import load_ref
from podium.core.registry import get_spec, specs

log = logging.getLogger("podium.server")


ADVICE = "podium.server.advice:hint_json"  # every game's hint: what hard would play, and the best few choices


def _hint_of(game: str) -> Callable[[View], JsonDict] | None:
    get_spec(game)  # an unknown game is refused here, with the registry's message
    advice = cast(Callable[[str, View], JsonDict], load_ref(ADVICE, where=game))
    return functools.partial(advice, game)


def has_hint(game: str) -> bool:
    get_spec(game)
    return True


def games_with_hints() -> list[str]:
    return [spec.name for spec in specs()]


def hint_refs() -> list[str]:
    """The "module:attribute" references of every hint, the modules a worker imports before it answers."""
    return [ADVICE]


def _serve(conn: Connection, warm: Sequence[str] = ()) -> None:
    """The worker process: imports the `warm` references, reports ("ready", the ones it loaded), then answers
    (game, view) requests until its pipe closes."""
    # The server's Ctrl-C reaches its whole process group: the worker must not die of it with a traceback. It ends
    # when the server closes its pipe (HintWorker.close), or is killed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    loaded = []
    for ref in warm:
        try:
            load_ref(ref, where="hint worker")
            loaded.append(ref)
        except Exception:  # a hint that cannot load fails when asked for, with its own error, not the worker
            pass
    try:
        conn.send(("ready", loaded))
    except OSError:  # the server closed the pipe while the worker was still starting
        return
    while True:
        try:
            game, view = conn.recv()
        except (EOFError, OSError):  # the pipe closed, or was reset: the server was killed (SIGKILL) mid-message
            return
        try:
            compute = _hint_of(game)
            if compute is None:
                raise ValueError(f"{game} has no hint")
            conn.send(("ok", compute(view)))
        except Exception as exc:  # a bad position must not kill the worker
            conn.send(("error", str(exc)))


class HintWorker:
    """One worker process for hints. `warm`: the references it imports before answering (default: every game's
    hint); `startup_timeout`: how long a hint waits for a starting worker, outside the hint's own time limit."""

    def __init__(self, timeout: float, warm: Sequence[str] | None = None, startup_timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.warm = list(hint_refs() if warm is None else warm)
        self.warmed: list[str] = []  # what the current worker imported before it reported ready
        self._lock = threading.Lock()  # one hint at a time in the worker
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ready = False
        # Hints wait for the worker in a thread of their own, not in the default executor the bots think in: a
        # crowd of hint requests must never hold the bots' threads.
        self._executor: ThreadPoolExecutor | None = None

    @property
    def process(self) -> BaseProcess | None:
        return self._process

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        """Start the worker if none runs, without waiting for it to be ready (the server's start-up stays quick)."""
        with self._lock:
            self._spawn()

    def _spawn(self) -> Connection:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            if self._process is not None:
                self._kill()
            ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and an event loop
            parent, child = ctx.Pipe()
            self._process = ctx.Process(target=_serve, args=(child, self.warm), daemon=True, name="podium-hints")
            self._process.start()
            child.close()
            self._conn = parent
            self._ready = False
            self.warmed = []
        return self._conn

    def _await_ready(self, conn: Connection, timeout: float) -> bool:
        if not self._ready:
            if not conn.poll(timeout):
                return False
            status, loaded = conn.recv()
            self._ready = status == "ready"
            self.warmed = list(loaded) if self._ready else []
        return self._ready

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Start the worker if needed and wait until it has imported its hint modules; False if it did not in time."""
        with self._lock:
            return self._await_ready(self._spawn(), self.startup_timeout if timeout is None else timeout)

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None
        self._ready = False

    def _call(self, game: str, view: View) -> JsonDict | None:
        with self._lock:
            conn = self._spawn()
            if not self._await_ready(conn, self.startup_timeout):
                log.warning("the hint worker did not start within %g s", self.startup_timeout)
                self._kill()
                return None
            # The clock starts here: a starting worker's spawn and imports are not the hint's time.
            conn.send((game, view))
            if not conn.poll(self.timeout):
                self._kill()
                self._spawn()  # the replacement warms up now, not inside the next hint's time limit
                return None
            status, answer = conn.recv()
            if status != "ok":
                raise RuntimeError(f"the {game} hint failed: {answer}")
            result: JsonDict = answer
            return result

    async def hint(self, game: str, view: View) -> JsonDict:
        """The hint for `view`, or a hint without choices if it takes longer than the time limit."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="podium-hints")
        answer = await asyncio.get_running_loop().run_in_executor(self._executor, self._call, game, view)
        if answer is None:
            return {"choices": [], "steps": [], "actions": [], "note": f"no hint within {self.timeout:g} s"}
        return answer

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)  # hints not started: their askers are going
            self._executor = None
        with self._lock:
            if not self._ready:  # still importing: nothing to finish, and shutdown must not wait for it
                self._kill()
            if self._conn is not None:
                self._conn.close()  # the worker's recv ends with EOFError and it returns
            if self._process is not None:
                self._process.join(2)
                if self._process.is_alive():
                    self._process.kill()
                    self._process.join(5)
            self._process = self._conn = None
            self._ready = False
