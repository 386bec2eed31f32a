"""Asking for a hint at a table: who may ask and when, one computation per position shared by every socket that
asks (a seat may have many), and a bound on the positions waiting for the worker (podium.server.hints)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from podium.server.hints import has_hint
from podium.server.protocol import ProtocolError
from podium.server.tables import ENDED, WAITING, Connection, Table

if TYPE_CHECKING:
    from podium.server.manager import TableManager


async def ask(manager: TableManager, table: Table, conn: Connection) -> None:
    """Answer `conn`'s hint request, or raise the protocol error that says why not."""
    seat = conn.seat
    if seat is None:
        raise ProtocolError("unauthorized", "a spectator cannot ask for hints")
    if not has_hint(table.game.name):
        raise ProtocolError("illegal", f"{table.game.title} has no hints")
    if table.status == WAITING:
        raise ProtocolError("not_started", "the game starts when every human seat is taken")
    if table.status in ENDED:
        raise ProtocolError("game_over", "the game is over")
    if table.state.current_player != seat:
        raise ProtocolError("not_your_turn", "a hint is for the seat to move")
    if conn.hint_running:
        raise ProtocolError("rate_limited", "a hint is already being computed for you")
    key = (table.version, seat)
    answer = table.hint_cache.get(key)
    if answer is None:
        # One computation per position, shared by every socket that asks (a seat may have many).
        pending = table.hint_pending.get(key)
        if pending is None:
            if manager.hints_waiting >= manager.config.hint_queue:
                raise ProtocolError("rate_limited", "the hints are busy; ask again in a moment")
            # What the player is shown (`shown_view`): playing from memory, the hint must not lean on the cards
            # the player has to remember, as the bot in that seat would.
            pending = table.hint_pending[key] = asyncio.ensure_future(
                manager.hints.hint(table.game.name, table.state.shown_view(seat))
            )
            manager.hints_waiting += 1
            pending.add_done_callback(lambda _: _done(manager, table, key))
        conn.hint_running = True
        try:
            answer = await asyncio.shield(pending)  # a socket that goes away does not cancel it for the others
        finally:
            conn.hint_running = False
        if table.version == key[0]:
            table.hint_cache[key] = answer
    conn.send({"type": "hint", "version": key[0], **answer})


def _done(manager: TableManager, table: Table, key: tuple[int, int]) -> None:
    manager.hints_waiting -= 1
    table.hint_pending.pop(key, None)
