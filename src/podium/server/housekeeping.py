"""Housekeeping: what bounds the server's work and memory over time — waiting tables that expire, playing tables
that nobody touches any more (abandoned), finished ones that leave memory — and the caps on what one address may
keep running at once."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from podium.server.errors import ApiError
from podium.server.tables import ABANDONED, ENDED, PLAYING, WAITING, Table

if TYPE_CHECKING:
    from podium.server.config import ServerConfig
    from podium.server.manager import TableManager

log = logging.getLogger("podium.server")


def touched(table: Table) -> bool:
    """Whether someone is at the table now: a seated player, or for a table of bots only anyone watching it (a
    spectator of a human's table does not keep it going for players who left)."""
    if any(s.kind == "human" for s in table.seats):
        return table.seated_connected()
    return table.watched()


def check_caps(tables: list[Table], owner: str, bots_only: bool, config: ServerConfig) -> None:
    """429 `too_many_tables` if `owner` (a client address) already has as many live tables as allowed, or as many
    live tables of bots only: each one runs bots, and a few addresses must not keep the server busy."""
    live = [t for t in tables if t.owner == owner and t.status in (WAITING, PLAYING)]
    if config.max_tables_per_address and len(live) >= config.max_tables_per_address:
        raise ApiError(
            429,
            "too_many_tables",
            f"your address has {len(live)} unfinished tables, the most this server allows; finish or leave one "
            "(a table nobody is at ends by itself)",
        )
    if bots_only and config.max_bot_tables_per_address:
        robots = [t for t in live if all(s.kind == "bot" for s in t.seats)]
        if len(robots) >= config.max_bot_tables_per_address:
            raise ApiError(
                429,
                "too_many_tables",
                f"your address has {len(robots)} tables of bots only running, the most this server allows",
            )


def sweep(manager: TableManager) -> None:
    """Expire the waiting tables nobody has been at for `waiting_ttl`, abandon the playing tables nobody has been
    at for `abandon_ttl` (they end, stay in the database as abandoned, and leave memory), unload the ended tables
    without clients `finished_ttl` after their end, and forget the rate-limit buckets that have filled up again."""
    now = manager.clock()
    config = manager.config
    expired: list[Table] = []
    abandoned: list[Table] = []
    alive: list[tuple[str, float]] = []
    for table in list(manager.tables.values()):
        if table.status in (WAITING, PLAYING):
            if touched(table):
                table.alive = now
                alive.append((table.id, now))  # stored, so that a restart does not expire it
            elif table.status == WAITING and now - table.alive >= config.waiting_ttl and not table.lock.locked():
                expired.append(table)
            elif (
                table.status == PLAYING
                and config.abandon_ttl
                and now - table.alive >= config.abandon_ttl
                and not table.lock.locked()
                and not table.in_flight
            ):
                abandoned.append(table)
        elif (
            table.status in ENDED
            and not table.connections
            and table.finished_at is not None
            and now - table.finished_at >= config.finished_ttl
            and not table.lock.locked()
            and table.id not in manager.bots.tasks
        ):
            del manager.tables[table.id]
            manager.bots.forget(table.id)
    if alive:
        manager.db.set_alive(alive)
    if expired:
        manager.db.expire_waiting([t.id for t in expired])
    if abandoned:
        stored = manager.db.abandon_playing([t.id for t in abandoned], now - config.abandon_ttl)
        for table in abandoned:
            at = stored.get(table.id)
            if at is not None:  # someone is at it through another process (which keeps `alive` fresh)
                table.alive = at
        abandoned = [t for t in abandoned if stored.get(t.id) is None]
        if abandoned:
            log.info("%d playing table(s) abandoned: nobody was at them for %g s", len(abandoned), config.abandon_ttl)
    for table in [*expired, *abandoned]:
        drop(manager, table)
    if manager.limits is not None:
        manager.limits.prune()
    if manager.socket_opens is not None:
        manager.socket_opens.prune()


def drop(manager: TableManager, table: Table) -> None:
    """Take a table that expired or was abandoned (here or through another process) out of memory: its bots stop,
    and its sockets close."""
    manager.tables.pop(table.id, None)
    manager.bots.forget(table.id)
    task = manager.bots.tasks.pop(table.id, None)
    if task is not None:
        task.cancel()
    if table.status == PLAYING:
        table.status = ABANDONED
    for conn in list(table.connections):
        conn.close(1001)  # spectators of a table that is no more; a reconnect is told what became of it
