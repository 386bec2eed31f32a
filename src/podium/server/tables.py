"""A table in memory: its game state, seats, connected clients, and the frames each client is sent.

Every frame a seat receives is built here from `state.shown_view(seat)` and the events that seat may see — nothing else
about the game ever reaches a client.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.types import Message, Send

from podium.agents.base import Agent
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Game, JsonDict, State
from podium.core.record import Record
from podium.core.registry import get_game
from podium.server.db import TableRow
from podium.server.errors import ApiError, bad_request

log = logging.getLogger("podium.server")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
ABANDONED = "abandoned"  # a playing table nobody was at for `abandon_ttl`: it ended unfinished (its record kept)
ENDED = (FINISHED, ABANDONED)
_FIXED_HEAD = ("id", "game", "title", "options", "num_players")


_ENCODER = json.JSONEncoder(separators=(",", ":"))  # one encoder: json.dumps would make one per call


def dumps(value: Any) -> str:
    """Compact JSON text. orjson: every frame is a few KiB of views and tables, and the standard encoder took about
    a sixth of the server's CPU per action; it writes non-ASCII characters as UTF-8 instead of \\u escapes (the same
    JSON). The standard encoder takes what orjson refuses (an integer beyond 64 bits, a lone surrogate)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return _ENCODER.encode(value)


@dataclass
class Seat:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


class Connection:
    """One client socket. A frame goes to the server's ASGI `send` at once: uvicorn's returns without waiting unless
    the socket's buffer is full (a client that does not read). Then a task finishes that send and later frames wait
    in a queue behind it: a table never waits for a slow client, and each client receives its frames in the order the
    table produced them. No task, future or turn of the event loop per frame: this is on the path of every frame."""

    def __init__(self, send: Send, seat: int | None, max_queue: int) -> None:
        self.asgi_send = send  # the socket's ASGI send
        self.seat = seat
        self.max_queue = max_queue
        self.queue: deque[Message] = deque()  # frames waiting behind a send that waits for the socket
        self.draining: asyncio.Task[None] | None = None  # that send's task, which then sends the queue
        self.closing = False  # no more frames: the close is sent or queued, or the peer went away
        self.hint_running = False

    def send(self, frame: JsonDict | str) -> None:
        if not self.closing:
            self._push({"type": "websocket.send", "text": frame if isinstance(frame, str) else dumps(frame)})

    def close(self, code: int = 1000) -> None:
        if not self.closing:
            self.closing = True
            self._push({"type": "websocket.close", "code": code})

    def _push(self, message: Message) -> None:
        if self.draining is None:
            self._start(message)
        elif len(self.queue) < self.max_queue or message["type"] == "websocket.close":
            self.queue.append(message)
        else:
            # Too far behind: drop it; the client reconnects and gets a fresh snapshot.
            log.warning("dropping a client that does not read its frames")
            self.close(1013)

    def _start(self, message: Message) -> None:
        """Run the ASGI send up to its first wait: usually it is done then; else a task finishes it."""
        steps = self.asgi_send(message).__await__()
        try:
            waiting = steps.send(None)
        except StopIteration:
            return
        except Exception:  # the peer went away: the reader notices and unregisters
            self.closing = True
            return
        self.draining = asyncio.get_running_loop().create_task(self._drain(_Resume(steps, waiting)))

    async def _drain(self, started: _Resume) -> None:
        try:
            await started
            while self.queue:
                await self.asgi_send(self.queue.popleft())
        except Exception:  # the peer went away: the reader notices and unregisters
            self.closing = True
            self.queue.clear()
        finally:
            self.draining = None


class _Resume:
    """Awaiting it finishes an awaitable that was run by hand (its `__await__` steps) until it waited for `waiting`:
    the awaiting task waits for that, and its wake-ups (or its cancellation) are passed on, as if it had awaited the
    whole."""

    def __init__(self, steps: Generator[Any, Any, None], waiting: Any) -> None:
        self.steps = steps
        self.waiting = waiting

    def __await__(self) -> Generator[Any, Any, None]:
        steps, waiting = self.steps, self.waiting
        while True:
            try:
                sent = yield waiting
            except GeneratorExit:
                steps.close()
                raise
            except BaseException as exc:
                try:
                    waiting = steps.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    waiting = steps.send(sent)
                except StopIteration:
                    return


@dataclass
class Table:
    id: str
    game: Game
    config: GameConfig
    num_players: int
    seed: int
    created: float
    seats: list[Seat]
    state: State
    status: str = WAITING
    rematch_of: str | None = None
    rematch: str | None = None
    moves: list[tuple[int, JsonDict]] = field(default_factory=list)
    last_seat: int | None = None
    last_action: Action | None = None
    last_events: list[Event] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    hint_cache: dict[tuple[int, int], JsonDict] = field(default_factory=dict)
    hint_pending: dict[tuple[int, int], asyncio.Future[JsonDict]] = field(default_factory=dict)
    presence_due: asyncio.TimerHandle | None = None  # a coalesced broadcast of who is connected; see presence_changed
    alive: float = 0.0  # when someone was last known at the table (or its creation); see housekeeping.sweep
    finished_at: float | None = None  # when the game ended, or when the finished table was loaded
    in_flight: bool = False  # an action of this table is being committed (see TableManager.commit)
    owner: str | None = None  # the client address that made it (not stored: a table resumed at a start has none)
    elsewhere: frozenset[int] = frozenset()  # seats connected through other processes (podium.server.cluster)
    watched_elsewhere: bool = False  # some socket of another process is at the table (a seat's or a spectator's)
    _fixed: tuple[str, str, str] | None = field(default=None, init=False, repr=False)  # see table_text

    def install(self, state: State, seat: int, data: JsonDict, action: Action, events: list[Event], now: float) -> None:
        """Make `state` (after `seat`'s committed `action`, `data` as stored) the table's: its moves, last action and
        status; `now`: the clock, for a game that ends."""
        self.state = state
        if state.is_over:
            self.status = FINISHED
            self.finished_at = now
        self.moves.append((seat, data))
        self.last_seat, self.last_action, self.last_events = seat, action, events
        self.hint_cache.clear()

    def seated_connected(self) -> bool:
        return bool(self.elsewhere) or any(c.seat is not None for c in self.connections)

    def watched(self) -> bool:
        """Whether any socket is at the table, a seat's or a spectator's, through this process or another."""
        return bool(self.connections) or self.watched_elsewhere or bool(self.elsewhere)

    @property
    def version(self) -> int:
        return len(self.moves)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if not s.taken]

    def reserved(self, seat: Seat) -> bool:
        """A free seat of a rematch is kept for the player who sat there in the finished game: only that player's
        rematch call (with their old token) takes it, never a join, and the lobby does not list it."""
        return self.rematch_of is not None and not seat.taken

    def open_seats(self) -> list[int]:
        """The free seats anyone may join."""
        return [s.seat for s in self.seats if not s.taken and not self.reserved(s)]

    def seat_to_join(self, wanted: int | None, rematch: bool = False) -> int:
        """The seat a join takes: `wanted`, or the first open one; an ApiError saying why none can be taken.
        `rematch`: a rematch's player, who may take the seat kept for them."""
        if wanted is not None:
            if self.seats[wanted].kind != "human":
                raise bad_request(f"seat {wanted} is a bot seat; free human seats: {self.open_seats()}")
            if self.seats[wanted].taken:
                raise ApiError(409, "seat_taken", f"seat {wanted} is taken; free seats: {self.open_seats()}")
            if self.reserved(self.seats[wanted]) and not rematch:
                raise ApiError(
                    409,
                    "seat_reserved",
                    f"seat {wanted} is kept for its player of the previous game (a rematch); free seats: "
                    f"{self.open_seats()}",
                )
            return wanted
        free = self.open_seats()
        if not free:
            if self.free_seats():
                raise ApiError(409, "seat_reserved", "the free seats are kept for the players of the previous game")
            raise ApiError(409, "table_full", "every seat of this table is taken; watch as a spectator")
        return free[0]

    def bot_to_move(self) -> int | None:
        seat = self.state.current_player
        if self.status == PLAYING and seat is not None and self.seats[seat].kind == "bot":
            return seat
        return None

    def connected(self, seat: Seat) -> bool:
        return seat.kind == "bot" or seat.seat in self.elsewhere or any(c.seat == seat.seat for c in self.connections)

    def _seats_json(self) -> list[JsonDict]:
        connected = {c.seat for c in self.connections}.union(self.elsewhere)
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "taken": s.taken,
                "reserved": self.reserved(s),
                "connected": s.kind == "bot" or s.seat in connected,
            }
            for s in self.seats
        ]

    def _result_json(self) -> JsonDict | None:
        return self.state.result().to_json() if self.status == FINISHED else None

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.config.to_dict(),
            "num_players": self.num_players,
            "status": self.status,
            "version": self.version,
            "seats": self._seats_json(),
            "created": self.created,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "result": self._result_json(),
        }

    def table_text(self) -> str:
        """`dumps(self.to_json())`, from the JSON of the parts that never change made once per table: the table
        object is in every sync, and its options are most of it."""
        if self._fixed is None:
            fixed = {k: v for k, v in self.to_json().items() if k in _FIXED_HEAD}
            self._fixed = (dumps(fixed)[:-1], dumps(self.created), dumps(self.rematch_of))
        head, created, rematch_of = self._fixed
        # One encoder call for the parts that change; `result` is null until the end.
        rest = dumps([self._seats_json(), self.rematch])
        seats, rematch = rest[1:-1].rsplit(",", 1)
        result = "null" if self.status != FINISHED else dumps(self._result_json())
        return (
            f'{head},"status":"{self.status}","version":{self.version},"seats":{seats},'
            f'"created":{created},"rematch_of":{rematch_of},"rematch":{rematch},"result":{result}}}'
        )

    def player_names(self) -> list[str]:
        return [s.name or s.bot or f"seat {s.seat}" for s in self.seats]

    def sync_text(self, seat: int | None, shared: tuple[str, str] | None = None) -> str:
        """The sync frame of `seat` as JSON text. `shared` = `_shared()`: the parts equal for every seat, made once
        per broadcast (a player's view, legal actions and events are their own)."""
        state = self.state
        head, tail = shared if shared is not None else self._shared()
        to_move = self.status == PLAYING and seat is not None and state.current_player == seat
        own = {
            "view": state.shown_view(seat),
            "legal": [{"id": a.id, "text": a.text(), "action": a.to_json()} for a in state.legal_actions()]
            if to_move
            else [],
            "events": [e.to_json() for e in self.last_events if e.visible(seat)],
        }
        return f"{head},{dumps(own)[1:-1]}{tail}"

    def _shared(self) -> tuple[str, str]:
        # `action` (the action's JSON, protocol 1.1) is what a client reads; `text` stays for the log and old clients.
        last = (
            None
            if self.last_action is None
            else {"seat": self.last_seat, "text": self.last_action.text(), "action": self.last_action.to_json()}
        )
        tail = f',"last":{dumps(last)}'
        if self.state.is_over:
            tail += f',"result":{dumps(self.state.result().to_json())}'
        return f'{{"type":"sync","version":{self.version},"table":{self.table_text()}', tail + "}"

    def presence_changed(self, delay: float) -> None:
        """A seat's `connected` changed: everyone's table shows it, in one broadcast at most every `delay` seconds
        (a seat connecting and disconnecting in a loop must not send a sync to every spectator each time). A sync
        sent meanwhile (an action's) shows it already, and takes the place of this one."""
        if self.presence_due is None and self.connections:
            self.presence_due = asyncio.get_running_loop().call_later(delay, self._presence)

    def _presence(self) -> None:
        self.presence_due = None
        self.broadcast()

    def broadcast(self, ack: Connection | None = None) -> None:
        """Send every client its own sync: the table and what every seat shares are made once, then one view per
        seat, shared by that seat's sockets (all spectators get the same text). `ack`: the socket whose action this
        sync shows; its own sync carries `"ack": true`, its acknowledgement (one frame, not an ack and a sync)."""
        if self.presence_due is not None:  # this sync shows who is connected now
            self.presence_due.cancel()
            self.presence_due = None
        if not self.connections:
            return
        shared = self._shared()
        texts: dict[int | None, str] = {}
        # The acting socket first, then the other players: their frames do not wait behind a crowd of spectators'.
        order = sorted(self.connections, key=lambda c: (c is not ack, c.seat is None))
        for conn in order:
            text = texts.get(conn.seat)
            if text is None:
                text = texts[conn.seat] = self.sync_text(conn.seat, shared)
            conn.send(text if conn is not ack else f'{text[:-1]},"ack":true}}')


def replayed(row: TableRow) -> Table:
    """The table stored as `row`, its game replayed to the current state."""
    game = get_game(row.game)
    config = game.config_type.from_stored(row.options)
    record = Record(row.game, config.to_dict(), row.seed, row.num_players, moves=row.moves)
    table = Table(
        row.id,
        game,
        config,
        row.num_players,
        row.seed,
        row.created,
        [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats],
        record.start(),
        row.status,
        row.rematch_of,
        row.rematch,
    )
    for step in record.replay():  # replays on a state of its own: the last step holds the current one
        table.state = step.state
        table.moves.append(row.moves[step.ply])
        table.last_seat, table.last_action, table.last_events = step.player, step.action, step.events
    if table.state.is_over:
        table.status = FINISHED
    return table
