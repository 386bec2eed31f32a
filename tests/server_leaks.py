"""The leak check (tests/server/test_leaks.py runs it on the plugin game; each game's own
tests/games/<game>/test_<game>_leaks.py runs it on that game with its table of cards): a full game through the real
server, every frame each seat and a spectator received (the first sync, every sync, acks, errors, hints and reconnect
snapshots) checked against the ground truth replayed from the finished game's record:

1. each frame is exactly what the contract allows: `shown_view(seat)`, the legal actions of the seat to move, the events
   visible to the seat, and nothing else (no unknown keys);
2. independently of `view`, no frame mentions a card of which every copy lies where the seat cannot see it. The
   hidden cards are found from the state's ground truth: the places whose content `shuffle_hidden(seat)` changes.
   Counting copies handles games with duplicate cards.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from podium.core.contract import Event, State
from podium.core.errors import MalformedAction
from podium.core.record import Record
from podium.core.registry import get_game
from podium.core.rng import Rng
from server_support import Socket, create, live_server, play_to_end

Places = set[tuple[str, int]]


@dataclass(frozen=True)
class LeakCase:
    """What the check must know of one game: its cards as the state's `to_dict` holds them."""

    options: dict[str, Any]
    texts: set[str]  # every card's text, as frames write it
    # (truth, a `shuffle_hidden` sample, out): adds to `out` the places (key, index) whose content the sample changed
    hidden: Callable[[dict[str, Any], dict[str, Any], Places], None]
    cards: Callable[[dict[str, Any], Places], list[str]]  # the texts of the cards at those places of the truth
    text: Callable[[Any], str]  # a card of `State.all_cards()` as text
    history: set[str] = field(default_factory=set)  # view keys of public history, not scanned
    hints: bool = False  # ask for hints along the way
    # how the random clients choose among the legal entries (None: uniformly), to end the game in a bounded time
    choose: Callable[[random.Random, list[dict[str, Any]]], dict[str, Any]] | None = None


def lists_hidden(truth: dict[str, Any], sample: dict[str, Any], out: Places) -> None:
    """For games whose `hands` are sorted lists per player and whose `draw` pile is one list: a differing hand is
    hidden as a whole; so is a differing draw pile."""
    out.update(("hands", p) for p, (a, b) in enumerate(zip(truth["hands"], sample["hands"], strict=True)) if a != b)
    if truth["draw"] != sample["draw"]:
        out.add(("draw", -1))


def lists_cards(text: Callable[[Any], str]) -> Callable[[dict[str, Any], Places], list[str]]:
    """The card texts at the places `lists_hidden` found."""

    def cards(truth: dict[str, Any], places: Places) -> list[str]:
        out: list[str] = []
        for key, i in places:
            out += [text(c) for c in (truth["hands"][i] if key == "hands" else truth[key])]
        return out

    return cards


TOKEN = re.compile(r"[0-9A-Za-z]+")
SYNC_KEYS = {"type", "version", "table", "view", "legal", "events", "last"}
TABLE_KEYS = {
    "id",
    "game",
    "title",
    "options",
    "num_players",
    "status",
    "version",
    "seats",
    "created",
    "rematch_of",
    "rematch",
    "result",
}


NONSENSE = {"type": "nonsense"}


def _error_for(game: str, data: Any) -> str:
    try:
        get_game(game).action_from_json(data)
    except MalformedAction as exc:
        return str(exc)
    raise AssertionError(f"{data} is an action of {game}")


def norm(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Truth:
    """The game replayed from its record: the state and events after each version."""

    def __init__(self, game: str, case: LeakCase, record_text: str) -> None:
        self.game = game
        self.case = case
        self.nonsense_error = _error_for(game, NONSENSE)
        record = Record.loads(record_text)
        self.states: list[State] = [record.start()]
        self.events: list[list[Event]] = [[]]
        self.last: list[dict[str, Any] | None] = [None]
        for step in record.replay():
            self.states.append(step.state.clone())
            self.events.append(step.events)
            self.last.append({"seat": step.player, "text": step.action.text(), "action": norm(step.action.to_json())})
        self._forbidden: dict[tuple[int, int | None], set[str]] = {}

    def forbidden(self, version: int, seat: int | None) -> set[str]:
        """Card texts of which every copy is hidden from `seat` at `version` (ground truth via shuffle_hidden)."""
        key = (version, seat)
        if key not in self._forbidden:
            state = self.states[version]
            truth = state.to_dict()
            places: set[tuple[str, int]] = set()
            for i in range(8):
                self.case.hidden(truth, state.shuffle_hidden(seat, Rng(1000 + i)).to_dict(), places)
            hidden = Counter(self.case.cards(truth, places))
            total = Counter(self.case.text(c) for c in state.all_cards())
            self._forbidden[key] = {text for text, n in hidden.items() if n >= total[text]}
        return self._forbidden[key]


def strings(data: Any, skip: set[str] = frozenset()) -> Iterator[str]:  # type: ignore[assignment]
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            if k not in skip:
                yield str(k)
                yield from strings(v, skip)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v, skip)


def _check_frames(truth: Truth, socket: Socket) -> int:
    seat = socket.seat
    texts = truth.case.texts
    checked = 0
    for frame in socket.frames:
        kind = frame["type"]
        version: Any = frame.get("version")
        scanned: Any = frame
        if kind == "welcome":
            assert set(frame) == {"type", "seat", "table"} and frame["seat"] == seat
            version = frame["table"]["version"]
        elif kind == "sync":
            state = truth.states[version]
            # "ack": true on the acting socket's own sync, its acknowledgement
            assert set(frame) - {"ack"} == SYNC_KEYS | ({"result"} if state.is_over else set()), set(frame)
            assert frame.get("ack", True) is True
            assert set(frame["table"]) == TABLE_KEYS
            assert frame["view"] == norm(state.shown_view(seat)), f"view of seat {seat} at version {version}"
            to_move = frame["table"]["status"] == "playing" and seat is not None and state.current_player == seat
            legal = [{"id": a.id, "text": a.text(), "action": a.to_json()} for a in state.legal_actions()]
            assert frame["legal"] == (norm(legal) if to_move else [])
            assert frame["events"] == norm([e.to_json() for e in truth.events[version] if e.visible(seat)])
            assert frame["last"] == truth.last[version]
            if state.is_over:
                assert frame["result"] == norm(state.result().to_json())
            # public history in the view and events (checked above to be exactly the visible ones) are not scanned
            scanned = {k: v for k, v in frame.items() if k != "events"}
            scanned["view"] = {k: v for k, v in frame["view"].items() if k not in truth.case.history}
        elif kind == "ack":
            assert set(frame) <= {"type", "version", "duplicate"}
        elif kind == "error":
            assert set(frame) == {"type", "code", "message", "version"}
            if frame["message"] == truth.nonsense_error:
                continue  # the game's own answer to a bad action form, the same in every state: nothing to leak
        elif kind == "hint":
            assert set(frame) - {"note"} == {"type", "version", "choices", "steps", "actions"}
        else:
            assert frame == {"type": "pong"}, frame
            continue
        forbidden = truth.forbidden(version, seat)
        for text in strings(scanned):
            leaked = {t for t in TOKEN.findall(text) if t in texts} & forbidden
            assert not leaked, f"seat {seat} received hidden card(s) {leaked} at version {version}: {frame}"
        checked += 1
    return checked


def check_no_frame_leaks_a_hidden_card(game: str, case: LeakCase, tmp_path: Path) -> None:
    """Plays `game` through a live server (two human seats played at random and a random bot, a spectator, errors,
    hints and reconnects along the way) and checks every frame received."""
    rng = random.Random(game)
    # The clients here act as fast as they can (a game's turn may be many quick actions); the rate limit is tested in
    # test_protocol and must not refuse an action of this test on a fast machine.
    settings = {"hint_timeout": 1.0, "rate_per_second": 10_000.0, "rate_burst": 10_000.0}
    with live_server(tmp_path / "db.sqlite3", **settings) as server, server.http() as http:
        made = create(http, game, ["human", "human", "random"], case.options)
        table_id = made["table"]["id"]
        tokens = {0: made["token"], 1: http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()["token"]}
        all_sockets: list[Socket] = []

        def connect(token: str | None) -> Socket:
            s = server.ws(table_id)
            s.hello(token)
            all_sockets.append(s)
            return s

        sockets = {seat: connect(token) for seat, token in tokens.items()}
        spectator = connect(None)
        step = {"n": 0}

        def extra(mover: Socket, sync: dict[str, Any]) -> Socket | None:
            # Errors and hints along the way: their frames are checked like every other.
            step["n"] += 1
            version = sync["version"]
            if step["n"] % 7 == 1:
                mover.send({"type": "action", "version": version + 5, "action": sync["legal"][0]["action"]})
                assert mover.until("error")["code"] == "stale"
                mover.send({"type": "action", "version": version, "action": NONSENSE})
                assert mover.until("error")["code"] == "malformed"
                other = sockets[1 - mover.seat]  # type: ignore[operator]
                other.send({"type": "action", "version": version, "action": sync["legal"][0]["action"]})
                assert other.until("error")["code"] == "not_your_turn"
                spectator.send({"type": "action", "version": version, "action": sync["legal"][0]["action"]})
                assert spectator.until("error")["code"] == "unauthorized"
                if case.hints:
                    mover.send({"type": "hint"})
                    answer = mover.until("hint", max_frames=3)
                    assert answer["version"] == version, mover.frames[-4:]
            if step["n"] % 11 == 5:
                # a reconnect: the new socket's snapshot is checked too; the old one keeps its frames
                seat = mover.seat
                assert seat is not None
                mover.close()
                sockets[seat] = connect(tokens[seat])
                return sockets[seat]
            return None

        final = play_to_end(sockets, [spectator], rng, extra=extra, choose=case.choose)
        assert final["table"]["status"] == "finished"
        for s in [*sockets.values(), spectator]:
            if s.last_sync()["version"] < final["version"]:
                s.sync_at_least(final["version"])
        record = http.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        for s in all_sockets:
            s.close()
    truth = Truth(game, case, record.text)
    assert len(truth.states) - 1 == final["version"]
    checked = sum(_check_frames(truth, s) for s in all_sockets)
    assert checked > 3 * final["version"]
