"""The game's log as one receiver may see it (`GET /api/tables/{id}/log`): the table's record replayed, each move
with its actor and the events of that move this receiver may see, so that a page rebuilt after a reload, in another
language or on a second device shows the whole game, not only what it saw arrive.

Hidden information stays hidden: an event goes to a receiver only where `Event.visible` allows it (a spectator gets
the public ones), exactly as the live sync frames filter them. And a person who is shown less than their seat knows
(`State.shown_view`: a rule option that asks players to remember what they saw) gets no private event of the past
either: those name the cards they are to remember.
"""

from __future__ import annotations

from podium.core.contract import JsonDict
from podium.core.record import Record
from podium.server.tables import Table


def table_log(table: Table, seat: int | None) -> JsonDict:
    """`{"version": n, "seat": seat, "entries": [{"version", "seat", "text", "action", "events"}, ...]}`: one entry
    per move, its `version` the table's version after it (the first move makes version 1)."""
    record = Record(table.game.name, table.config.to_dict(), table.seed, table.num_players, moves=list(table.moves))
    private = seat is None or table.state.shown_view(seat) == table.state.view(seat)
    entries = []
    for step in record.replay():
        events = [e.to_json() for e in step.events if e.visible(seat) and (e.visible_to is None or private)]
        entries.append(
            {
                "version": step.ply + 1,
                "seat": step.player,
                "text": step.action.text(),
                "action": step.action.to_json(),
                "events": events,
            }
        )
    return {"version": len(entries), "seat": seat, "entries": entries}
