"""The server's hot path (issue 14, load): frames assembled from JSON text made once per broadcast must equal the
objects they stand for, and the group commit must keep "acknowledged = durable" — nothing of an action (ack, sync,
state in memory) exists before its transaction has committed, a failing action fails alone, and a cancelled
request is still applied as committed."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from podium.core.registry import game_names, get_game
from podium.server.config import ServerConfig
from podium.server.db import ActionRow, open_store
from podium.server.manager import TableManager
from podium.server.protocol import ProtocolError
from podium.server.tables import FINISHED, Connection, Table


class FakeSocket:
    """A socket's ASGI send that never waits: it keeps what it was given."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def __call__(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def sent(conn: Connection) -> list[dict[str, Any]]:
    socket = conn.asgi_send
    assert isinstance(socket, FakeSocket)
    return socket.sent


def frames(conn: Connection) -> list[dict[str, Any]]:
    return [json.loads(m["text"]) for m in sent(conn) if m["type"] == "websocket.send"]


def acked(conn: Connection) -> int:
    """The version of the one frame `conn` was sent, which must be its own sync with the acknowledgement."""
    (frame,) = frames(conn)
    assert frame["type"] == "sync" and frame["ack"] is True, frame
    return int(frame["version"])


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(coro)


def manager(path: Path | str) -> TableManager:
    # The games' whole option ranges (`shortest` goes to every minimum), not a public server's.
    config = ServerConfig(db_path=path, bot_delay=0, rate_limits=False, public_limits=False)
    return TableManager(open_store(path), config)


async def two_player_table(m: TableManager, game: str = "kuhn", **extra: Any) -> tuple[Table, list[Connection]]:
    made = await m.create({"game": game, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ann", **extra})
    table = m.tables[made["table"]["id"]]
    await m.join(table, {"name": "Bo"})
    conns = [Connection(FakeSocket(), seat, 10**6) for seat in (0, 1)]
    conns.append(Connection(FakeSocket(), None, 10**6))  # a spectator
    for conn in conns:
        m.connect(table, conn)
    for conn in conns:
        sent(conn).clear()
    return table, conns


def expected_sync(table: Table, seat: int | None) -> dict[str, Any]:
    """The sync frame as docs/protocol.md defines it, built directly from the objects."""
    state = table.state
    to_move = table.status == "playing" and seat is not None and state.current_player == seat
    frame = {
        "type": "sync",
        "version": table.version,
        "table": table.to_json(),
        "view": state.shown_view(seat),
        "legal": [{"id": a.id, "text": a.text(), "action": a.to_json()} for a in state.legal_actions()]
        if to_move
        else [],
        "events": [e.to_json() for e in table.last_events if e.visible(seat)],
        "last": None
        if table.last_action is None
        else {"seat": table.last_seat, "text": table.last_action.text(), "action": table.last_action.to_json()},
    }
    if state.is_over:
        frame["result"] = state.result().to_json()
    return json.loads(json.dumps(frame))  # type: ignore[no-any-return]


def shortest(game: str) -> dict[str, Any]:
    """Rule options for a short game: each option with a declared minimum at its minimum (one round, one medal …)."""
    config = get_game(game).config()
    return {f.name: f.metadata["minimum"] for f in dataclasses.fields(config) if f.metadata.get("minimum") is not None}


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("rules", ["shortest", "default"])
def test_frames_made_from_shared_text_equal_the_objects(tmp_path: Path, game: str, rules: str) -> None:
    # The shortest game the options allow is played to its end; a game under the default rules for 150 plies.
    async def play() -> None:
        m = manager(tmp_path / "db.sqlite3")
        options = shortest(game) if rules == "shortest" else {}
        table, conns = await two_player_table(m, game, options=options)
        rng = random.Random(4)
        plies = 0
        while table.status != FINISHED and plies < (150 if rules == "default" else 10**6):
            plies += 1
            assert json.loads(table.table_text()) == json.loads(json.dumps(table.to_json()))
            for conn in conns:
                assert json.loads(table.sync_text(conn.seat)) == expected_sync(table, conn.seat)
            seat = table.state.current_player
            assert seat is not None
            await m.commit(table, seat, rng.choice(table.state.legal_actions()), ack=conns[seat])
            got = {conn.seat: frames(conn) for conn in conns}
            for conn in conns:
                # what broadcast sent: one sync each; the actor's carries its acknowledgement
                expected = expected_sync(table, conn.seat) | ({"ack": True} if conn.seat == seat else {})
                assert got[conn.seat] == [expected]
                sent(conn).clear()
        if rules == "default":
            return
        table.rematch = "someid"  # the one field set after the end
        assert json.loads(table.table_text()) == json.loads(json.dumps(table.to_json()))
        assert json.loads(table.table_text())["result"] is not None

    run(play())


def test_actions_that_arrive_together_share_one_transaction_and_nothing_shows_before_it(database: Path | str) -> None:
    async def play() -> None:
        m = manager(database)
        tables = [await two_player_table(m) for _ in range(3)]
        batches = m.commits.batches
        tasks = []
        for table, conns in tables:
            seat = table.state.current_player
            assert seat is not None
            action = table.state.legal_actions()[0]
            tasks.append(asyncio.create_task(m.commit(table, seat, action, ack=conns[seat])))
        await asyncio.sleep(0)  # every task has queued its action; the flush runs in the loop's next turn
        for table, conns in tables:
            assert table.version == 0 and table.in_flight
            assert all(not sent(conn) for conn in conns)  # no ack, no sync yet
            assert m.db.count_actions(table.id) == 0
        await asyncio.gather(*tasks)
        assert m.commits.batches == batches + 1  # one transaction for the three
        for table, conns in tables:
            assert table.version == 1 and not table.in_flight
            assert m.db.count_actions(table.id) == 1
            seat = table.last_seat
            assert seat is not None
            assert acked(conns[seat]) == 1

    run(play())


def test_a_failed_commit_changes_nothing_and_fails_alone(database: Path | str) -> None:
    async def play() -> None:
        m = manager(database)
        (first, first_conns), (second, second_conns) = await two_player_table(m), await two_player_table(m)
        # Ply 0 of `first` is already in the database (as if written by someone else): its insert must fail.
        m.db.append_actions([ActionRow(first.id, 0, 0, first.state.legal_actions()[0].to_json())])
        seat_a, seat_b = first.state.current_player, second.state.current_player
        assert seat_a is not None and seat_b is not None
        results = await asyncio.gather(
            m.commit(first, seat_a, first.state.legal_actions()[0], ack=first_conns[seat_a]),
            m.commit(second, seat_b, second.state.legal_actions()[0], ack=second_conns[seat_b]),
            return_exceptions=True,
        )
        assert isinstance(results[0], Exception) and results[1] is None
        assert first.version == 0 and not first.in_flight and not any(sent(c) for c in first_conns)
        assert second.version == 1 and acked(second_conns[seat_b]) == 1
        assert m.db.count_actions(second.id) == 1

    run(play())


def test_a_request_cancelled_while_its_action_commits_still_applies_it(database: Path | str) -> None:
    async def play() -> None:
        m = manager(database)
        table, conns = await two_player_table(m)
        seat = table.state.current_player
        assert seat is not None
        task = asyncio.create_task(m.commit(table, seat, table.state.legal_actions()[0], ack=conns[seat]))
        await asyncio.sleep(0)
        task.cancel()  # e.g. the socket closed, before the flush has run
        with pytest.raises(ProtocolError):  # meanwhile the table takes no other action
            await m.commit(table, seat, table.state.legal_actions()[0])
        with pytest.raises(asyncio.CancelledError):
            await task
        assert table.version == 1 and not table.in_flight and m.db.count_actions(table.id) == 1
        assert acked(conns[seat]) == 1

    run(play())
