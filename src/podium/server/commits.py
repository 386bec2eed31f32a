"""Group commit: the actions that arrive together (in one turn of the event loop, from any tables) are committed to
the store in one transaction, and only then applied, acknowledged and shown.

"Acknowledged = durable" holds as before: nothing of an action (its ack, a sync, the table's new state in memory)
exists anywhere before the transaction that holds it has committed. What changes is the cost: one BEGIN … COMMIT
for a batch instead of one per action. A batch is written by a callback the loop runs in its next turn, so an action
waits for at most one turn; under load, when many actions arrive at once, the batches grow by themselves.

The work after the commit (`Pending.done`: install the state, ack, sync, wake the bots) runs inside that callback,
not in the task that asked: if that task is cancelled meanwhile (its socket closed), the committed action is still
applied in memory, so memory and database never part.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from podium.server.db import ActionRow, SqlStore

log = logging.getLogger("podium.server")


class PlyTaken(Exception):
    """The action's ply was taken by another process's action (many processes on one PostgreSQL): nothing of it was
    written; the table must catch up with the database."""

    def __init__(self, table_id: str, ply: int) -> None:
        super().__init__(f"table {table_id}: ply {ply} was played by another process first")
        self.table_id = table_id
        self.ply = ply


@dataclass(slots=True)
class Pending:
    row: ActionRow
    done: Callable[[], None]  # applies the committed action in memory, acks and syncs
    failed: Callable[[], None]  # the commit failed: nothing happened (the table may take an action again)
    future: asyncio.Future[None]


class GroupCommit:
    def __init__(self, db: SqlStore) -> None:
        self.db = db
        self.batch: list[Pending] = []
        self.batches = 0  # how many transactions, for the load bench's figures
        self.actions = 0
        # Many processes on one PostgreSQL: the commit is awaited (podium.server.cluster sets it), one at a time.
        self.writer: Callable[[list[ActionRow]], Awaitable[list[ActionRow]]] | None = None
        self.flushing: asyncio.Task[None] | None = None

    def write(self, row: ActionRow, done: Callable[[], None], failed: Callable[[], None]) -> asyncio.Future[None]:
        """Queue `row` for the next transaction; the future is done once it is committed and `done` has run
        (with the exception, if either failed; `failed` runs if the commit did)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        if self.writer is not None:
            if self.flushing is None:
                self.flushing = loop.create_task(self._flush_awaited(self.writer))
        elif not self.batch:
            loop.call_soon(self.flush)
        self.batch.append(Pending(row, done, failed, future))
        return future

    async def _flush_awaited(self, writer: Callable[[list[ActionRow]], Awaitable[list[ActionRow]]]) -> None:
        """The batches, one transaction at a time, awaited (a database across the network): the actions that
        arrive while one commits make the next."""
        try:
            while self.batch:
                batch, self.batch = self.batch, []
                try:
                    refused = await writer([p.row for p in batch])
                except Exception as exc:
                    log.exception("committing %d action(s)", len(batch))
                    for pending in batch:
                        pending.failed()
                        self._finish(pending.future, exc)
                    continue
                self._settle(batch, refused)
        finally:
            self.flushing = None

    def flush(self) -> None:
        batch, self.batch = self.batch, []
        if not batch:
            return
        try:
            refused = self.db.append_actions([p.row for p in batch])
            written = batch
        except Exception:
            # One bad row must not fail the others: each is tried alone (and fails alone).
            refused, written = [], []
            for pending in batch:
                try:
                    refused += self.db.append_actions([pending.row])
                    written.append(pending)
                except Exception as exc:
                    log.exception("committing an action of table %s", pending.row.table_id)
                    pending.failed()
                    self._finish(pending.future, exc)
        self._settle(written, refused)

    def _settle(self, written: list[Pending], refused: list[ActionRow]) -> None:
        """After the commit of `written`: `refused` failed (their ply was taken), the others are done."""
        committed = written
        if refused:  # another process played at that ply first: this action is not applied
            taken = {id(row) for row in refused}
            committed = [p for p in written if id(p.row) not in taken]
            for pending in written:
                if id(pending.row) in taken:
                    pending.failed()
                    self._finish(pending.future, PlyTaken(pending.row.table_id, pending.row.ply))
        self.batches += 1
        self.actions += len(committed)
        for pending in committed:
            error: BaseException | None = None
            try:
                pending.done()
            except Exception as exc:  # committed all the same; the asking client is told (its socket closes)
                log.exception("after committing an action of table %s", pending.row.table_id)
                error = exc
            self._finish(pending.future, error)

    @staticmethod
    def _finish(future: asyncio.Future[None], error: BaseException | None) -> None:
        if future.done():  # cancelled by its task; the work is done all the same
            return
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
