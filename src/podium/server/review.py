"""Post-game reviews for the browser (issue 29, item 6): `podium.analysis.review` of one seat's decisions in a
finished table, with the game replayed as that seat saw it.

A review runs hard's search at every decision, seconds to minutes in all, so it runs in a process of its own, never
on the event loop; the page asks again while it runs and is told how far it got. What it reads: the finished game's
record (public once the game is over, `GET /api/tables/{id}/record`), and for each decision only the reviewed seat's
view (`analysis.hint` reads nothing else). What it sends: that seat's view after each move (`shown_view`, what the
seat was shown during play) with the move as every seat's sync said it, and the seat's own decisions against hard's.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import OrderedDict
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from podium.core.contract import JsonDict
from podium.server.errors import ApiError

RUNNING_LIMIT = 2  # reviews computed at once: each takes a core while it runs
KEPT = 64  # finished reviews kept in memory for pages that come back to them


def frames_of(record_text: str, seat: int) -> list[JsonDict]:
    """The reviewed seat's view before the first move and after each, with the move that led to it."""
    from podium.core.record import Record

    record = Record.loads(record_text)
    frames: list[JsonDict] = [{"view": record.start().shown_view(seat), "last": None}]
    for step in record.replay():
        last = {"seat": step.player, "text": step.action.text(), "action": step.action.to_json()}
        frames.append({"view": step.state.shown_view(seat), "last": last})
    return frames


def _work(conn: Connection, record_text: str, seat: int) -> None:
    """The review process: reports ("progress", done, total) after each decision, then ("done", answer)."""
    try:
        from podium.analysis import review
        from podium.core.record import Record
        from podium.core.registry import get_game

        frames = frames_of(record_text, seat)
        record = Record.loads(record_text)
        result = review(record, seat, progress=lambda done, total: conn.send(("progress", done, total)))
        answer = result.to_json(costliest=10)
        game, config = get_game(record.game), record.start().config
        for moment in answer["moments"]:  # each step as JSON too, for the page to say in the player's language
            moment["suggested_actions"] = [game.parse_action(s, config).to_json() for s in moment["suggested"]]
        conn.send(("done", {"review": answer, "frames": frames}))
    except Exception as exc:  # a record that does not review: the page says so
        conn.send(("failed", str(exc)))
    finally:
        conn.close()


@dataclass
class Job:
    process: BaseProcess | None
    conn: Connection | None
    done: int = 0
    total: int = 0
    answer: JsonDict | None = None
    error: str | None = None

    def drain(self) -> None:
        """Read what the process said since the last look, without waiting."""
        conn = self.conn
        try:
            while conn is not None and self.answer is None and self.error is None and conn.poll(0):
                kind, *rest = conn.recv()
                if kind == "progress":
                    self.done, self.total = rest
                elif kind == "done":
                    self.answer = rest[0]
                else:
                    self.error = str(rest[0])
        except (EOFError, OSError):
            if self.answer is None and self.error is None:
                self.error = "the review stopped before it finished"
        if self.answer is not None or self.error is not None:
            self.close()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.process is not None:
            if self.process.is_alive():  # still reviewing, or exiting after its answer: nobody waits for more
                self.process.kill()
            self.process.join(5)
        self.process = self.conn = None

    def to_json(self) -> JsonDict:
        if self.error is not None:
            return {"status": "failed", "message": self.error}
        if self.answer is not None:
            return {"status": "done", "done": self.total, "total": self.total, **self.answer}
        return {"status": "running", "done": self.done, "total": self.total}


class Reviews:
    """The reviews asked for, one per (table, seat): started on the first ask, told on every later one. Its methods
    block (a process start, reading a finished review): call them from a thread (`asyncio.to_thread`)."""

    def __init__(self, running_limit: int = RUNNING_LIMIT, kept: int = KEPT) -> None:
        self.running_limit = running_limit
        self.kept = kept
        self._jobs: OrderedDict[tuple[str, int], Job] = OrderedDict()
        self._lock = threading.Lock()

    def ask(self, table_id: str, seat: int, record_text: str) -> JsonDict:
        """The review of `seat` at the finished table: started now if it is not yet, else how far it got."""
        with self._lock:
            key = (table_id, seat)
            job = self._jobs.get(key)
            if job is None:
                for other in self._jobs.values():
                    other.drain()
                running = sum(1 for j in self._jobs.values() if j.answer is None and j.error is None)
                if running >= self.running_limit:
                    raise ApiError(503, "busy", "the server is reviewing other games; ask again in a minute")
                job = self._jobs[key] = self._start(record_text, seat)
                while len(self._jobs) > self.kept:
                    self._jobs.popitem(last=False)[1].close()
            self._jobs.move_to_end(key)
            job.drain()
            return job.to_json()

    @staticmethod
    def _start(record_text: str, seat: int) -> Job:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and an event loop
        parent, child = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_work, args=(child, record_text, seat), daemon=True, name="podium-review")
        process.start()
        child.close()
        return Job(process, parent)

    def close(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                job.close()
            self._jobs.clear()
