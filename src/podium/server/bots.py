"""Bots play server-side: one task per table while a bot is to move.

A bot thinks on a snapshot of its seat's view, in a worker process at a lower priority (podium.server.botworkers;
`bot_processes` of them), or with `bot_processes` 0 in a thread of the server (`asyncio.to_thread`), so the event
loop keeps serving everyone; its move is then applied like a human's, under the table's lock, only if the table has
not changed meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING

from podium.agents.base import Agent, make_agent
from podium.core.contract import Action, View
from podium.server.botworkers import BotWorkers
from podium.server.protocol import ProtocolError
from podium.server.tables import ENDED

if TYPE_CHECKING:
    from podium.server.manager import TableManager
    from podium.server.tables import Table

log = logging.getLogger("podium.server")


class BotRunner:
    def __init__(self, manager: TableManager, delay: float, processes: int = 0) -> None:
        self.manager = manager
        self.delay = delay
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.workers = BotWorkers(processes) if processes > 0 else None

    def wake(self, table: Table) -> None:
        """Start the table's bot task if a bot is to move and someone is at the table to see it, through this
        process or another (called after every change of the table and when a client connects): bots nobody
        watches pause, so a table left alone (or a table of bots only made and left) costs nothing. With many
        processes the bots are claimed (`mine`) even while nobody watches: the process that made the table keeps
        them, and plays when it hears that someone is at the table through another process."""
        if table.id not in self.tasks and table.bot_to_move() is not None and self.mine(table) and table.watched():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    def mine(self, table: Table) -> bool:
        """Whether this process runs the table's bots: always, but for one of many processes on one PostgreSQL
        (the one that holds the table, podium.server.cluster)."""
        cluster = self.manager.cluster
        return cluster is None or cluster.may_run_bots(table)

    def forget(self, table_id: str) -> None:
        """The table's game ended or it left memory: its bots' state goes (in a worker process, or with the table)."""
        if self.workers is not None:
            self.workers.forget(table_id)

    async def _think(self, table: Table, seat: int, view: View, legal: list[Action]) -> Action:
        if self.workers is not None:
            bot = table.seats[seat].bot or "random"
            return await self.workers.act(table.id, seat, bot, table.game.name, view, legal)
        return await asyncio.to_thread(self._agent(table, seat).act, view, legal)

    def _agent(self, table: Table, seat: int) -> Agent:
        agent = table.agents.get(seat)
        if agent is None:
            name = table.seats[seat].bot or "random"
            # A fresh secret seed, not one derived from the table's: a bot's choices must reveal nothing of the deal.
            agent = table.agents[seat] = make_agent(name, table.game, seat, secrets.randbits(63))
        return agent

    async def _run(self, table: Table) -> None:
        try:
            while True:
                async with table.lock:
                    seat = table.bot_to_move() if table.watched() else None
                    if seat is None:
                        # Decided and unregistered with no await in between, so a later wake() starts a new task.
                        del self.tasks[table.id]
                        if table.status in ENDED:
                            self.forget(table.id)
                        return
                    version, view, legal = table.version, table.state.view(seat), table.state.legal_actions()
                    name = table.seats[seat].bot or "random"
                if self.delay > 0:
                    await asyncio.sleep(self.delay)
                try:
                    action = await self._think(table, seat, view, legal)
                except Exception:
                    log.exception("bot %s failed in table %s; it plays its first legal action", name, table.id)
                    action = legal[0]
                async with table.lock:
                    if table.version != version or table.bot_to_move() != seat:
                        continue
                    if action not in legal:
                        log.error("bot %s chose an illegal action %s; it plays %s", name, action, legal[0])
                        action = legal[0]
                    try:
                        await self.manager.commit(table, seat, action)
                    except ProtocolError as exc:
                        if exc.code != "stale":
                            raise
                        continue  # another process's move came first (this one caught up): think again
        except asyncio.CancelledError:
            self.tasks.pop(table.id, None)
            raise
        except Exception:
            self.tasks.pop(table.id, None)
            log.exception("the bots of table %s stopped", table.id)

    async def stop(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.workers is not None:
            await asyncio.to_thread(self.workers.close)
