"""Many `podium serve` processes on one PostgreSQL (docs/architecture.md, "Many processes"): how each process learns
what the others did, and which one runs a table's bots.

- An action is applied exactly once, in order, by the database: its primary key (table, ply) takes one action per ply,
  whichever process sends it; a process whose copy of the table was behind is refused (`PlyTaken`), catches up and
  tells its client `stale`. No lock is held across processes and nothing waits for another process.
- Each committed action is announced by NOTIFY with its seat and action (podium.server.pgstore): a process that has
  the table in memory applies it at once (or reads what it missed from the database when a ply is skipped), and
  syncs its own sockets. A table nobody watches through this process is dropped from memory instead (read again
  when asked for), so the processes do not all replay every game.
- Seats, status and rematch changes are announced as `t <table>`; the seats connected through a process as
  `p <table> <process> <seats>` (and `q <table>` asks the others to say theirs, when a process loads a table), where
  a spectator's socket counts as the seat WATCHER: the bots' process lets them play while anyone watches anywhere.
- A table's bots run in the process named in `tables.owner`; a process is alive while it writes its heartbeat
  (`processes.seen`, every HEARTBEAT seconds, in the database's clock). Once the owner has not been seen for LEASE
  seconds, the first process to claim the table (a conditional UPDATE) runs its bots. Two owners at once could only
  happen across a lease lapse, and then the primary key still lets one move in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from typing import TYPE_CHECKING

import orjson
import psycopg

from podium.core.contract import JsonDict
from podium.server import housekeeping
from podium.server.pgstore import CHANNEL, PostgresStore
from podium.server.sharedlimits import SharedLimits
from podium.server.tables import FINISHED, Table

if TYPE_CHECKING:
    from podium.server.manager import TableManager

log = logging.getLogger("podium.server")

HEARTBEAT = 1.0  # seconds between two heartbeats (and looks for tables whose bots lost their process)
LEASE = 5.0  # seconds without a heartbeat after which a process is taken for dead
NOT_MINE = 2.0  # seconds a table whose bots another live process runs is not claimed again
WATCHER = -1  # in a presence note: some socket (a spectator's too) is at the table through that process
_NOW = "extract(epoch from clock_timestamp())"
_LIVE = f"SELECT id FROM processes WHERE seen > {_NOW} - ?"
_CLAIM = f"UPDATE tables SET owner=? WHERE id=? AND (owner IS NULL OR owner=? OR owner NOT IN ({_LIVE}))"
_ORPHANS = (
    "SELECT id FROM tables WHERE status IN ('waiting', 'playing') AND status='playing' AND owner IS NOT NULL"
    f" AND owner NOT IN ({_LIVE})"
)


async def join(manager: TableManager) -> Cluster | None:
    """Start this process's part of the cluster if its store is PostgreSQL (None for SQLite: one process)."""
    if not isinstance(manager.db, PostgresStore):
        return None
    cluster = manager.cluster = Cluster(manager, manager.db)
    if manager.limits is not None:
        manager.limits = SharedLimits(manager.db, manager.limits.limits, manager.now)
    await cluster.start()
    return cluster


def process_id() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster:
    def __init__(self, manager: TableManager, store: PostgresStore) -> None:
        self.manager = manager
        self.store = store
        self.id = process_id()
        self.owned: set[str] = set()  # tables whose bots this process runs
        self.not_mine: dict[str, float] = {}  # table -> until when another live process runs its bots
        self.elsewhere: dict[str, dict[str, frozenset[int]]] = {}  # table -> process -> seats connected there
        self.live: set[str] = set()
        self.tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()

    # -- start and stop ----------------------------------------------------------------------------------------

    async def start(self) -> None:
        await self.store.open_async()
        self.manager.commits.writer = self.store.append_actions_async
        self.heartbeat()
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._beat())]
        await asyncio.wait_for(self.listening.wait(), 30)

    async def stop(self) -> None:
        """Stop listening and beating (before the manager stops its bots and closes its sockets: nothing wakes them
        again meanwhile)."""
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def leave(self) -> None:
        """After the manager's shutdown: the commit connection closed, and this process gone from `processes` at
        once rather than after LEASE, so the others adopt its bot tables at their next heartbeat."""
        with contextlib.suppress(Exception):
            await self.store.close_async()
        with contextlib.suppress(Exception):
            self.store.execute("DELETE FROM processes WHERE id=?", (self.id,))
            self._notify(f"x {self.id}")

    def heartbeat(self) -> None:
        self.store.execute(
            f"INSERT INTO processes (id, seen) VALUES (?, {_NOW}) ON CONFLICT (id) DO UPDATE SET seen = excluded.seen",
            (self.id,),
        )

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                self.heartbeat()
                self._forget_dead()
                self._adopt()
            except Exception:  # the database away for a moment: the next beat tries again
                log.exception("cluster heartbeat failed")

    def _forget_dead(self) -> None:
        self.live = {r[0] for r in self.store.execute(_LIVE, (LEASE,)).fetchall()}
        for table_id, by_process in list(self.elsewhere.items()):
            gone = [p for p in by_process if p not in self.live]
            if gone:
                for process in gone:
                    del by_process[process]
                self._show_presence(table_id)

    def _adopt(self) -> None:
        """Claim the bot tables whose process is dead, and let their bots play on here."""
        for (table_id,) in self.store.execute(_ORPHANS, (LEASE,)).fetchall():
            self.not_mine.pop(table_id, None)
            if not self._claim(table_id):
                continue
            log.info("table %s: its bots' process is gone; they play on here", table_id)
            with contextlib.suppress(Exception):
                table = self.manager.get(table_id)
                self.catch_up(table)
                self.manager.bots.wake(table)

    # -- bots --------------------------------------------------------------------------------------------------

    def _claim(self, table_id: str) -> bool:
        if self.store.execute(_CLAIM, (self.id, table_id, self.id, LEASE)).rowcount == 1:
            self.owned.add(table_id)
            return True
        self.owned.discard(table_id)
        return False

    def may_run_bots(self, table: Table) -> bool:
        """Whether this process runs the table's bots (claiming them if no live process does)."""
        if table.id in self.owned:
            return True
        if self.not_mine.get(table.id, 0.0) > time.monotonic():
            return False
        if self._claim(table.id):
            return True
        self.not_mine[table.id] = time.monotonic() + NOT_MINE
        return False

    # -- what the others did -----------------------------------------------------------------------------------

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.store.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # What was committed while nobody listened (the start, or a lost connection) is read once.
                    for table in list(self.manager.tables.values()):
                        self.catch_up(table)
                    self.listening.set()
                    async for note in conn.notifies():
                        try:
                            self.received(note.payload)
                        except Exception:
                            log.exception("a cluster notification failed: %.200s", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening to the database failed; again in a second")
                await asyncio.sleep(1.0)

    def received(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        if kind == "a":
            table_id, ply, seat, action = rest.split(" ", 3)
            self._action(table_id, int(ply), int(seat), action)
        elif kind == "t":
            self._changed(rest)
        elif kind == "p":
            table_id, process, seats = rest.split(" ")
            if process != self.id:
                self.elsewhere.setdefault(table_id, {})[process] = frozenset(int(s) for s in seats.split(",") if s)
                self._show_presence(table_id)
        elif kind == "q":
            table = self.manager.tables.get(rest)
            if table is not None and table.connections:
                self.presence(table)
        elif kind == "x":
            self.live.discard(rest)
            for table_id, by_process in self.elsewhere.items():
                if by_process.pop(rest, None) is not None:
                    self._show_presence(table_id)

    def _action(self, table_id: str, ply: int, seat: int, action: str) -> None:
        table = self.manager.tables.get(table_id)
        if table is None or ply < table.version:
            return  # not here, or this process's own action (already applied)
        if table.in_flight:
            # One of its own actions is being committed: if this is it, it is applied when its commit returns; if
            # not, the table reads what it missed once that commit is over.
            asyncio.get_running_loop().call_later(0.02, self._after_flight, table, ply)
            return
        if not table.connections and table.id not in self.owned and not table.lock.locked() and not table.in_flight:
            del self.manager.tables[table_id]  # nobody here watches it: read again from the database when asked
            return
        if ply > table.version:
            self.catch_up(table)  # a ply was missed: read from the database
        else:
            self._apply(table, seat, orjson.loads(action))
        self._shown(table)

    def _after_flight(self, table: Table, ply: int) -> None:
        """Ply `ply` was announced while an action of the table was being committed here. Usually it was that very
        action (the announcement races the commit's answer), and the table has it: no query. Otherwise another
        process's action took the ply, and the table reads what it missed."""
        if table.in_flight:
            asyncio.get_running_loop().call_later(0.02, self._after_flight, table, ply)
        elif self.manager.tables.get(table.id) is table and table.version <= ply:
            with contextlib.suppress(Exception):
                self.catch_up(table)

    def catch_up(self, table: Table) -> bool:
        """Apply the actions the database has and this copy of the table not; whether there were any. Not while an
        action of the table is being committed (it may be in the database already, and is applied when its commit
        returns; if it was refused, that catches up)."""
        if table.in_flight:
            return False
        moves = self.store.moves_since(table.id, table.version)
        for seat, data in moves:
            self._apply(table, seat, data)
        if moves:
            self._shown(table)
        return bool(moves)

    def _apply(self, table: Table, seat: int, data: JsonDict) -> None:
        action = table.game.action_from_json(data, table.config)
        state = table.state.clone()
        events = state.apply(action)
        table.install(state, seat, data, action, events, self.manager.clock())

    def _shown(self, table: Table) -> None:
        table.broadcast()
        self.manager.bots.wake(table)

    def _changed(self, table_id: str) -> None:
        """Another process changed the table's seats, status or rematch: read them again."""
        table = self.manager.tables.get(table_id)
        if table is None:
            return
        if self.store.status(table_id) in ("expired", "abandoned"):
            housekeeping.drop(self.manager, table)
            return
        self.refresh(table)
        self._shown(table)

    def refresh(self, table: Table) -> None:
        """Seats, status and rematch as the database has them (after another process's join or rematch)."""
        head = self.store.execute("SELECT status, rematch FROM tables WHERE id=?", (table.id,)).fetchone()
        if head is None:
            return
        for row in self.store.seats(table.id):
            seat = table.seats[row.seat]
            seat.name, seat.token_hash = row.name, row.token_hash
        if table.status != FINISHED and head[0] in ("waiting", "playing"):
            table.status = head[0]
        table.rematch = head[1]
        self.catch_up(table)

    def load_waiting(self, most: int) -> set[str]:
        """Load the newest waiting tables (the lobby lists them, whichever process they were made through); their
        ids."""
        query = (
            "SELECT id FROM tables WHERE status IN ('waiting', 'playing') AND status='waiting' ORDER BY created DESC"
        )
        ids = {row[0] for row in self.store.execute(query + f" LIMIT {int(most)}").fetchall()}
        for table_id in ids:
            if table_id not in self.manager.tables:
                with contextlib.suppress(Exception):
                    self.manager.get(table_id)
        return ids

    # -- presence ----------------------------------------------------------------------------------------------

    def loaded(self, table: Table) -> None:
        """A table was loaded here: ask the others which of its seats are connected through them."""
        self._notify(f"q {table.id}")

    def presence(self, table: Table) -> None:
        seats = sorted({WATCHER if c.seat is None else c.seat for c in table.connections})
        self._notify(f"p {table.id} {self.id} {','.join(map(str, seats))}")

    def _show_presence(self, table_id: str) -> None:
        table = self.manager.tables.get(table_id)
        if table is None:
            return
        present = frozenset[int]().union(*self.elsewhere.get(table_id, {}).values())
        table.watched_elsewhere = bool(present)
        seats = present - {WATCHER}
        if table.elsewhere != seats:
            table.elsewhere = seats
            table.presence_changed(self.manager.config.presence_interval)
        self.manager.bots.wake(table)  # someone at the table through another process: its bots here play on

    def _notify(self, payload: str) -> None:
        self.store.execute("SELECT pg_notify(?, ?)", (CHANNEL, payload))
