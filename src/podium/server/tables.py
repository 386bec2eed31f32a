"""A table in memory: its game state, seats, connected clients, and the frames each client is sent.

Every frame a seat receives is built here from `state.view(seat)` and the events that seat may see — nothing else
about the game ever reaches a client.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from podium.agents.base import Agent
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Game, JsonDict, State

log = logging.getLogger("podium.server")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
_CLOSE = object()


def dumps(frame: JsonDict) -> str:
    return json.dumps(frame, separators=(",", ":"))


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
    """One client socket. Frames go through a queue drained by a writer task, so a table never waits for a slow
    client and each client receives its frames in the order the table produced them."""

    def __init__(self, ws: WebSocket, seat: int | None, max_queue: int) -> None:
        self.ws = ws
        self.seat = seat
        self.max_queue = max_queue
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.closing = False
        self.hint_running = False

    def send(self, frame: JsonDict | str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.max_queue:
            # Too far behind: drop it; the client reconnects and gets a fresh snapshot.
            log.warning("dropping a client that does not read its frames")
            self.close(1013)
            return
        self.queue.put_nowait(frame if isinstance(frame, str) else dumps(frame))

    def close(self, code: int = 1000) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait((_CLOSE, code))

    async def run_writer(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.ws.close(item[1])
                    return
                await self.ws.send_text(item)
        except Exception:  # the peer went away: the reader notices and unregisters
            self.closing = True


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
    memory: bool = False  # the table option "play from memory": clients show it; the server only keeps it
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
    alive: float = 0.0  # waiting: when a seated player was last known connected (or the creation); see sweep
    finished_at: float | None = None  # when the game ended, or when the finished table was loaded

    def seated_connected(self) -> bool:
        return any(c.seat is not None for c in self.connections)

    @property
    def version(self) -> int:
        return len(self.moves)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if not s.taken]

    def bot_to_move(self) -> int | None:
        seat = self.state.current_player
        if self.status == PLAYING and seat is not None and self.seats[seat].kind == "bot":
            return seat
        return None

    def connected(self, seat: Seat) -> bool:
        return seat.kind == "bot" or any(c.seat == seat.seat for c in self.connections)

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.config.to_dict(),
            "memory": self.memory,
            "num_players": self.num_players,
            "status": self.status,
            "version": self.version,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "taken": s.taken,
                    "connected": self.connected(s),
                }
                for s in self.seats
            ],
            "created": self.created,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "result": self.state.result().to_json() if self.status == FINISHED else None,
        }

    def player_names(self) -> list[str]:
        return [s.name or s.bot or f"seat {s.seat}" for s in self.seats]

    def sync_frame(self, seat: int | None, table_json: JsonDict | None = None) -> JsonDict:
        state = self.state
        to_move = self.status == PLAYING and seat is not None and state.current_player == seat
        frame: JsonDict = {
            "type": "sync",
            "version": self.version,
            "table": table_json if table_json is not None else self.to_json(),
            "view": state.view(seat),
            "legal": [{"id": a.id, "text": a.text(), "action": a.to_json()} for a in state.legal_actions()]
            if to_move
            else [],
            "events": [e.to_json() for e in self.last_events if e.visible(seat)],
            "last": None if self.last_action is None else {"seat": self.last_seat, "text": self.last_action.text()},
        }
        if state.is_over:
            frame["result"] = state.result().to_json()
        return frame

    def broadcast(self) -> None:
        """Send every client its own sync (one view per seat, shared by that seat's sockets)."""
        table_json = self.to_json()
        texts: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in texts:
                texts[conn.seat] = dumps(self.sync_frame(conn.seat, table_json))
            conn.send(texts[conn.seat])
