"""The table manager: creates, loads and finds tables, and is the single writer of each table's game.

An action goes validate → apply (on a clone) → commit → install → acknowledge → sync, inside the table's lock: no
other action of the table can interleave, and nothing of an action is acknowledged, shown or kept in memory before
it is in the database (the commit is a group commit, see podium.server.commits).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from podium.core.contract import Action, JsonDict
from podium.core.errors import ActionError, IllegalAction, PodiumError
from podium.core.record import Record
from podium.server import hintdesk, housekeeping, requests
from podium.server.bots import BotRunner
from podium.server.commits import GroupCommit, PlyTaken
from podium.server.config import ServerConfig
from podium.server.db import ActionRow, SeatRow, SqlStore, TableRow, Taken
from podium.server.errors import ApiError, not_found
from podium.server.hints import HintWorker
from podium.server.protocol import Message, ProtocolError
from podium.server.ratelimit import ClientLimits
from podium.server.tables import ABANDONED, ENDED, FINISHED, PLAYING, WAITING, Connection, Seat, Table, dumps, replayed
from podium.server.tokens import find_seat, hash_token, new_table_id, new_token, rematch_token

if TYPE_CHECKING:
    from podium.server.cluster import Cluster

log = logging.getLogger("podium.server")

MAX_LISTED = 100


class TableManager:
    def __init__(self, db: SqlStore, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.tables: dict[str, Table] = {}
        self.bots = BotRunner(self, config.bot_delay, config.bot_processes)
        self.hints = HintWorker(config.hint_timeout)
        self.commits = GroupCommit(db)
        # Seconds since 1970 (`created` and `alive` are stored); tests replace it with a fake clock.
        self.clock: Callable[[], float] = time.time
        limits = {"create": config.create_limit, "join": config.join_limit, "rematch": config.rematch_limit}
        self.limits = ClientLimits(limits, self.now) if config.rate_limits else None
        # Socket opens per address, in this process's memory (like the socket cap): see `open_socket`.
        self.socket_opens = ClientLimits({"socket": config.socket_limit}, self.now) if config.rate_limits else None
        self.sweeper: asyncio.Task[None] | None = None
        self.sockets: dict[str, int] = {}  # game sockets open per client address (see open_socket)
        self.hints_waiting = 0  # positions whose hint is being computed or waits for the worker (≤ hint_queue)
        self.cluster: Cluster | None = None  # many processes on one PostgreSQL (podium.server.cluster)
        self.creating: list[Table] = []  # tables being written to the store (see `create`)

    def now(self) -> float:
        return self.clock()  # late-bound: a test's fake clock applies everywhere, the REST limits included

    # -- loading -----------------------------------------------------------------------------------------------

    def resume_all(self) -> int:
        """Load every open game from the database and let its bots play on. Returns how many. Finished and expired
        tables are not read (the query reads an index of the open ones only), and waiting tables that nobody has
        been at for `waiting_ttl` expire first: starting takes no longer for the tables of the past."""
        expired = self.db.close_open_before("waiting", self.clock() - self.config.waiting_ttl)
        if expired:
            log.info("%d waiting table(s) expired: nobody took their free seats in time", expired)
        if self.config.abandon_ttl:
            # Before the loading: a table nobody has been at for that long is never replayed again.
            abandoned = self.db.close_open_before("playing", self.clock() - self.config.abandon_ttl)
            if abandoned:
                log.info("%d playing table(s) abandoned: nobody was at them in time", abandoned)
        count = 0
        for table_id in self.db.unfinished_ids():
            if self._load(table_id) is not None:
                count += 1  # its bots wait for someone to connect
        return count

    def _load(self, table_id: str) -> Table | None:
        row = self.db.load(table_id)
        if row is None:
            return None
        try:
            table = replayed(row)
        except PodiumError as exc:
            log.error("table %s cannot be replayed and stays closed: %s", table_id, exc)
            return None
        table.alive = row.alive if row.alive is not None else row.created
        if table.status in ENDED:
            table.finished_at = self.clock()  # unloaded again `finished_ttl` after its last client has left
        self.tables[table_id] = table
        if self.cluster is not None:
            self.cluster.loaded(table)
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 64:
            table = self._load(table_id)  # a finished table, or one not yet used since the start
        if table is None:
            if len(table_id) <= 64 and self.db.status(table_id) == "expired":
                raise not_found(f"table {table_id!r}: it expired, as nobody took its free seats in time")
            raise not_found(f"table {table_id!r}")
        return table

    def check_rate(self, operation: str, client: str) -> None:
        """Count one `operation` ("create", "join", "rematch") of `client`; 429 `rate_limited` beyond its limit."""
        if self.limits is None:
            return
        wait = self.limits.retry_after(operation, client)
        if wait is not None:
            limit = self.limits.limits[operation]
            what = {"create": "new tables", "join": "joins", "rematch": "rematches"}[operation]
            raise ApiError(
                429,
                "rate_limited",
                f"too many {what} from your address: at most {limit.burst} at once, then {limit.per_minute:g} a "
                f"minute; try again in {wait} s",
                {"Retry-After": str(wait)},
            )

    # -- REST operations ---------------------------------------------------------------------------------------

    async def _written(self, write: Callable[[SqlStore], None], then: Callable[[], None]) -> None:
        """`write` to the store (off the event loop where the store needs it), then `then`, the same change in
        memory, as one: a request cancelled meanwhile (its client gone) still gets both, so that memory and
        database never part."""

        async def both() -> None:
            await self.db.off_loop(write)
            then()

        await asyncio.shield(both())

    async def create(
        self, body: Any, rematch_of: Table | None = None, rematch_by: str | None = None, owner: str | None = None
    ) -> JsonDict:
        """A new table made by the client address `owner`; a rematch of `rematch_of` asked for by the holder of the
        seat token `rematch_by` (under `rematch_of`'s lock)."""
        req = requests.parse_create(body, self.config.public_limits)
        if owner is not None and self.limits is not None:
            bots_only = all(s.kind == "bot" for s in req.seats)
            housekeeping.check_caps([*self.tables.values(), *self.creating], owner, bots_only, self.config)
        seats = [Seat(i, s.kind, s.bot) for i, s in enumerate(req.seats)]
        humans = [s.seat for s in seats if s.kind == "human"]
        creator = req.seat if req.seat is not None else (humans[0] if humans else None)
        name = None if creator is None else requests.parse_name(req.name, f"Player {creator + 1}")
        seed = secrets.randbits(63)  # never shown before the end: seed + actions determine every hidden card
        state = requests.deal(req, seed)  # every check before anything is made
        table_id = new_table_id()
        token = None
        if creator is not None:
            token = rematch_token(rematch_by, table_id) if rematch_by is not None else new_token()
            seats[creator].name = name
            seats[creator].token_hash = hash_token(token)
        table = Table(
            table_id,
            req.game,
            req.config,
            len(seats),
            seed,
            self.clock(),
            seats,
            state,
            rematch_of=rematch_of.id if rematch_of is not None else None,
            owner=owner,
        )
        table.status = PLAYING if not table.free_seats() else WAITING
        table.alive = table.created
        row = TableRow(
            table.id,
            req.game.name,
            req.config.to_dict(),
            table.num_players,
            seed,
            table.created,
            table.status,
            table.rematch_of,
            None,
            None,
            [SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats],
            [],
        )

        def made() -> None:
            if rematch_of is not None:
                rematch_of.rematch = table.id
                rematch_of.broadcast()
            self.tables[table.id] = table
            self.bots.wake(table)

        self.creating.append(table)  # counted by the caps while it is written
        try:
            if rematch_of is not None:
                old = rematch_of.id
                try:
                    await self._written(lambda db: db.insert_rematch(old, row), made)
                except Taken:  # asked for through another process meanwhile: join that one
                    if self.cluster is None:
                        raise
                    self.cluster.refresh(rematch_of)
                    assert rematch_by is not None and creator is not None  # the asker takes their old seat
                    return await self._rematch(rematch_of, rematch_by, creator, owner)
            else:
                await self._written(lambda db: db.insert_table(row), made)
        finally:
            self.creating.remove(table)
        return {"table": table.to_json(), "seat": creator, "token": token}

    async def join(self, table: Table, body: Any, token: str | None = None) -> JsonDict:
        """Take a free seat (`token`: the seat's token of a rematch, which may take the seat kept for its player).
        One join of a table at a time (its lock): the next one sees the seat this one took."""
        raw_name, wanted = requests.parse_join(body, table.num_players)
        async with table.lock:
            return await self._join(table, raw_name, wanted, token)

    async def _join(self, table: Table, raw_name: Any, wanted: int | None, token: str | None) -> JsonDict:
        if self.tables.get(table.id) is not table:  # expired while this join waited for the one before it
            raise not_found(f"table {table.id!r} is gone: nobody joined it in time")
        if table.status == FINISHED:
            raise ApiError(409, "game_over", "this game is over; ask for a rematch")
        if table.status == ABANDONED:
            raise ApiError(409, "game_over", "this game was abandoned: nobody was at the table for a long time")
        seat = table.seat_to_join(wanted, rematch=token is not None)
        name = requests.parse_name(raw_name, f"Player {seat + 1}")
        token = token or new_token()
        status = PLAYING if table.free_seats() == [seat] else WAITING
        token_hash = hash_token(token)

        def seated() -> None:
            table.seats[seat].name = name
            table.seats[seat].token_hash = token_hash
            table.status = status
            table.broadcast()
            self.bots.wake(table)

        try:
            await self._written(lambda db: db.take_seat(table.id, seat, name, token_hash, status), seated)
        except Taken:  # through another process, meanwhile
            if self.cluster is not None:
                self.cluster.refresh(table)
            raise ApiError(409, "seat_taken", f"seat {seat} was just taken; free seats: {table.free_seats()}") from None
        return {"table": table.to_json(), "seat": seat, "token": token}

    def seat_of(self, table: Table, token: str | None) -> int | None:
        if not token:
            return None
        seat = find_seat(token, [s.token_hash for s in table.seats])
        if seat is None and self.cluster is not None:  # a seat taken through another process just now
            self.cluster.refresh(table)
            seat = find_seat(token, [s.token_hash for s in table.seats])
        return seat

    async def rematch(self, table: Table, token: str | None, owner: str | None = None) -> JsonDict:
        """The rematch of the finished `table` for the holder of `token`: made by the first player to ask, joined
        by the others. One at a time per finished table (its lock): the second asker joins the first one's."""
        seat = self.seat_of(table, token)
        if seat is None:
            raise ApiError(401, "unauthorized", "a rematch needs 'Authorization: Bearer <seat token>' of this table")
        if table.status != FINISHED:
            raise ApiError(409, "not_finished", "a rematch can be asked for once the game is over")
        assert token is not None
        async with table.lock:
            return await self._rematch(table, token, seat, owner)

    async def _rematch(self, table: Table, token: str, seat: int, owner: str | None) -> JsonDict:
        """`rematch` for the holder of `token`, who sat at `seat`, under the finished table's lock."""
        name = table.seats[seat].name
        new = self._live_rematch(table)
        if new is not None:
            # Idempotent per player: whoever already took a seat of the rematch gets that seat and its token again
            # (derived from their old token, so nothing but its hash is stored), never a second seat.
            mine = rematch_token(token, new.id)
            already = self.seat_of(new, mine)
            if already is not None:
                return {"table": new.to_json(), "seat": already, "token": mine}
            # The seat kept for this player (a rematch keeps the seats): the same number as in the finished game.
            return await self.join(new, {"name": name, "seat": seat}, token=mine)
        body = {
            "game": table.game.name,
            "players": table.num_players,
            "options": table.config.to_dict(),
            "seats": [{"kind": s.kind, "bot": s.bot} if s.kind == "bot" else {"kind": "human"} for s in table.seats],
            "name": name,
            "seat": seat,
        }
        return await self.create(body, rematch_of=table, rematch_by=token, owner=owner)

    def _live_rematch(self, table: Table) -> Table | None:
        """The rematch table of `table`, or None if none was asked for or it is gone (expired unjoined, or
        abandoned): then a rematch can be asked for again."""
        if table.rematch is None:
            return None
        try:
            new = self.get(table.rematch)
        except ApiError:
            return None
        return None if new.status == ABANDONED else new

    def open_tables(self) -> list[JsonDict]:
        # Many processes: the waiting tables as the database has them (made or filled through another process too).
        waiting = self.cluster.load_waiting(MAX_LISTED) if self.cluster is not None else None
        tables = [
            t
            for t in self.tables.values()
            if t.status in (WAITING, PLAYING) and t.open_seats() and (waiting is None or t.id in waiting)
        ]
        tables.sort(key=lambda t: t.created, reverse=True)
        return [t.to_json() for t in tables[:MAX_LISTED]]

    def record(self, table: Table) -> str:
        if table.status != FINISHED:
            raise ApiError(409, "not_finished", "the record is available once the game is over")
        record = Record(
            table.game.name,
            table.config.to_dict(),
            table.seed,
            table.num_players,
            table.player_names(),
            list(table.moves),
            table.state.result().to_json(),
        )
        return record.dumps()

    # -- play --------------------------------------------------------------------------------------------------

    def connect(self, table: Table, conn: Connection) -> None:
        if self.cluster is not None:  # what another process committed and this one has not heard of yet
            self.cluster.catch_up(table)
        was = conn.seat is not None and table.connected(table.seats[conn.seat])
        if conn.seat is not None:
            table.alive = self.clock()
        table.connections.add(conn)
        conn.send(f'{{"type":"welcome","seat":{dumps(conn.seat)},"table":{table.table_text()}}}')
        conn.send(table.sync_text(conn.seat))
        if conn.seat is not None and not was:
            table.presence_changed(self.config.presence_interval)  # the seat's `connected` changed
        if self.cluster is not None:  # a spectator too: the bots' process plays while anyone watches
            self.cluster.presence(table)
        self.bots.wake(table)  # bots paused while nobody was there play on

    def disconnect(self, table: Table, conn: Connection) -> None:
        table.connections.discard(conn)
        if conn.seat is not None:
            table.alive = self.clock()
            if not table.connected(table.seats[conn.seat]):
                table.presence_changed(self.config.presence_interval)
        if self.cluster is not None:
            self.cluster.presence(table)

    async def act(self, table: Table, conn: Connection, msg: Message) -> None:
        async with table.lock:
            action = self._check_action(table, conn.seat, msg)
            if action is None:
                conn.send({"type": "ack", "version": table.version, "duplicate": True})
                return
            assert conn.seat is not None
            await self.commit(table, conn.seat, action, ack=conn)

    def _parse_action(self, table: Table, data: Any) -> Action:
        """The action `data` stands for; anything that is no action of this game, as this table plays it, is
        `malformed` (the game's `MalformedAction` message says what is allowed), never `illegal`: whether the rules
        allow it now is asked later, after the version and the turn."""
        try:
            return table.game.action_from_json(data, table.config)
        except ActionError as exc:  # MalformedAction; a game's IllegalAction here means the same: no action
            raise ProtocolError("malformed", str(exc)) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise ProtocolError("malformed", "'action' is not an action of this game; send one from 'legal'") from None

    def _check_action(self, table: Table, seat: int | None, msg: Message) -> Action | None:
        """The action to apply, or None for a resent (duplicate) one; raises the error it gets otherwise."""
        if seat is None:
            raise ProtocolError("unauthorized", "a spectator cannot act; join a free seat to play")
        action = self._parse_action(table, msg.action)
        version = table.version
        # A resend of an action this seat played at that version (a retry after a cut connection), even if other
        # plies followed it (a bot's, say): it was applied once, and is acknowledged again, not refused as stale.
        if 0 <= msg.version < version and table.moves[msg.version] == (seat, action.to_json()):
            return None
        if table.status in ENDED:
            raise ProtocolError(
                "game_over", "the game is over" if table.status == FINISHED else "the game was abandoned"
            )
        if table.status == WAITING:
            raise ProtocolError("not_started", "the game starts when every human seat is taken")
        if msg.version != version:
            raise ProtocolError(
                "stale", f"version {msg.version} is not the current version {version}; play on the latest sync"
            )
        if table.state.current_player != seat:
            raise ProtocolError("not_your_turn", f"it is seat {table.state.current_player}'s turn, not seat {seat}'s")
        return action

    async def commit(self, table: Table, seat: int, action: Action, ack: Connection | None = None) -> None:
        """Apply `action` for `seat` (on a clone: an illegal one changes nothing), commit it, then install it,
        acknowledge and sync. Called under the table's lock; returns once all that is done. The commit is a group
        commit (podium.server.commits): actions that arrive together share a transaction, and nothing of an action
        is seen before its transaction has committed."""
        if table.in_flight:
            # Only if a task holding the lock was cancelled while its action was being committed.
            raise ProtocolError("stale", "the previous action is still being saved; play on the next sync")
        state = table.state.clone()
        try:
            events = state.apply(action)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)) from None
        over = state.is_over
        data = action.to_json()
        row = ActionRow(table.id, table.version, seat, data, state.result().to_json() if over else None)

        def done() -> None:
            table.in_flight = False
            table.install(state, seat, data, action, events, self.clock())
            table.broadcast(ack)
            self.bots.wake(table)

        def failed() -> None:
            table.in_flight = False

        table.in_flight = True
        # If this task is cancelled meanwhile, the action is still committed and applied (or refused) as one: the
        # flush runs `done` or `failed` whatever became of the future (podium.server.commits).
        try:
            await self.commits.write(row, done, failed)
        except PlyTaken:
            # Another process played this ply first (many processes on one PostgreSQL): show what it played.
            if self.cluster is not None:
                self.cluster.catch_up(table)
            raise ProtocolError("stale", "another move was played first; play on the latest sync") from None

    async def hint(self, table: Table, conn: Connection) -> None:
        await hintdesk.ask(self, table, conn)

    def open_socket(self, client: str) -> bool:
        """Count a game socket of `client`; False (and not counted) if the address holds as many as allowed, or
        opened as many as allowed lately (`socket_limit`: a reconnect storm)."""
        cap = self.config.max_sockets_per_address if self.limits is not None else 0
        if cap and self.sockets.get(client, 0) >= cap:
            return False
        if self.socket_opens is not None and self.socket_opens.retry_after("socket", client) is not None:
            return False
        self.sockets[client] = self.sockets.get(client, 0) + 1
        return True

    def close_socket(self, client: str) -> None:
        left = self.sockets.pop(client, 1) - 1
        if left > 0:
            self.sockets[client] = left

    # -- housekeeping ------------------------------------------------------------------------------------------

    def sweep(self) -> None:
        housekeeping.sweep(self)

    def start_sweeper(self) -> None:
        async def run() -> None:
            while True:
                await asyncio.sleep(self.config.sweep_interval)
                try:
                    self.sweep()
                except Exception:  # e.g. the database busy: the next round tries again
                    log.exception("expiring and unloading tables failed")

        self.sweeper = asyncio.get_running_loop().create_task(run())

    async def shutdown(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        await self.bots.stop()
        await asyncio.to_thread(self.hints.close)
        log.info("group commit: %d actions in %d transactions", self.commits.actions, self.commits.batches)
        for table in self.tables.values():
            for conn in list(table.connections):
                conn.close(1012)  # service restart: clients reconnect
