"""The leak test: full games of every game through the real server, checking every frame each seat and a
spectator received — the first sync, every sync, acks, errors, hints and reconnect snapshots — against the ground
truth replayed from the finished game's record:

1. each frame is exactly what the contract allows: `shown_view(seat)`, the legal actions of the seat to move, the events
   visible to the seat, and nothing else (no unknown keys);
2. independently of `view`, no frame mentions a card of which every copy lies where the seat cannot see it. The
   hidden cards are found from the state's ground truth: the places whose content `shuffle_hidden(seat)` changes.
   Counting copies handles Olympicards' duplicate cards.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from podium.core.contract import Event, State
from podium.core.errors import MalformedAction
from podium.core.record import Record
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.athletic import cards as athletic_cards
from podium.games.golf import cards as golf_cards
from podium.games.olympicards import cards as olympicards_cards
from server_support import Socket, create, live_server, play_to_end


def _golf_hidden(truth: dict[str, Any], sample: dict[str, Any], out: set[tuple[str, int]]) -> None:
    for key in ("hands", "stock"):
        out.update((key, i) for i, (a, b) in enumerate(zip(truth[key], sample[key], strict=True)) if a != b)


def _lists_hidden(truth: dict[str, Any], sample: dict[str, Any], out: set[tuple[str, int]]) -> None:
    # hands are sorted per player, so a differing hand is hidden as a whole; so is a differing draw pile
    out.update(("hands", p) for p, (a, b) in enumerate(zip(truth["hands"], sample["hands"], strict=True)) if a != b)
    if truth["draw"] != sample["draw"]:
        out.add(("draw", -1))


def _golf_cards(truth: dict[str, Any], places: set[tuple[str, int]]) -> list[str]:
    return [golf_cards.CARD_TEXT[truth[key][i]] for key, i in places]


def _lists_cards(text: Callable[[Any], str]) -> Callable[[dict[str, Any], set[tuple[str, int]]], list[str]]:
    def cards(truth: dict[str, Any], places: set[tuple[str, int]]) -> list[str]:
        out: list[str] = []
        for key, i in places:
            out += [text(c) for c in (truth["hands"][i] if key == "hands" else truth[key])]
        return out

    return cards


GAMES: dict[str, dict[str, Any]] = {
    "golf": {
        "options": {"rounds": 3},
        "texts": set(golf_cards.CARD_TEXT),
        "hidden": _golf_hidden,
        "cards": _golf_cards,
        "all": lambda c: golf_cards.CARD_TEXT[c],
        # the last round's hands stay shown after its end, though the next deal has shuffled them out of sight
        "history": {"last_round"},
    },
    "olympicards": {
        "options": {},
        "texts": set(olympicards_cards.TEXT),
        "hidden": _lists_hidden,
        "cards": _lists_cards(lambda k: olympicards_cards.TEXT[k]),
        "all": lambda k: olympicards_cards.TEXT[k],
        "history": set(),
    },
    "athletic": {
        "options": {"medals_to_win": 1},
        "texts": set(athletic_cards.TEXT),
        "hidden": _lists_hidden,
        "cards": _lists_cards(str),
        "all": athletic_cards.card_text,
        # after a reshuffle everyone knows which cards went into the new draw pile, not where each one is
        "history": {"pools"},
    },
}
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


NONSENSE_ERROR = {game: _error_for(game, NONSENSE) for game in GAMES}


def norm(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Truth:
    """The game replayed from its record: the state and events after each version."""

    def __init__(self, game: str, record_text: str) -> None:
        self.game = game
        self.spec = GAMES[game]
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
                self.spec["hidden"](truth, state.shuffle_hidden(seat, Rng(1000 + i)).to_dict(), places)
            hidden = Counter(self.spec["cards"](truth, places))
            total = Counter(self.spec["all"](c) for c in state.all_cards())
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


def check_frames(truth: Truth, socket: Socket) -> int:
    seat = socket.seat
    texts = truth.spec["texts"]
    checked = 0
    for frame in socket.frames:
        kind = frame["type"]
        version = frame.get("version")
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
            scanned["view"] = {k: v for k, v in frame["view"].items() if k not in truth.spec["history"]}
        elif kind == "ack":
            assert set(frame) <= {"type", "version", "duplicate"}
        elif kind == "error":
            assert set(frame) == {"type", "code", "message", "version"}
            if frame["message"] == NONSENSE_ERROR[truth.game]:
                continue  # the game's own answer to a bad action form, the same in every state: nothing to leak
        elif kind == "hint":
            assert set(frame) - {"note"} == {"type", "version", "placed", "steps", "actions"}
        else:
            assert frame == {"type": "pong"}, frame
            continue
        forbidden = truth.forbidden(version, seat)
        for text in strings(scanned):
            leaked = {t for t in TOKEN.findall(text) if t in texts} & forbidden
            assert not leaked, f"seat {seat} received hidden card(s) {leaked} at version {version}: {frame}"
        checked += 1
    return checked


def athletic_choice(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    good = [a for a in legal if a["action"]["type"] not in ("move", "end")]
    return rng.choice(good) if good else next(a for a in legal if a["action"]["type"] == "end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_frame_leaks_a_hidden_card(game: str, tmp_path: Path) -> None:
    rng = random.Random(game)
    spec = GAMES[game]
    # The clients here act as fast as they can (an Athletic turn is many quick actions); the rate limit is tested in
    # test_protocol and must not refuse an action of this test on a fast machine.
    settings = {"hint_timeout": 1.0, "rate_per_second": 10_000.0, "rate_burst": 10_000.0}
    with live_server(tmp_path / "db.sqlite3", **settings) as server, server.http() as http:
        made = create(http, game, ["human", "human", "random"], spec["options"])
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
                if game == "athletic":
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

        # in Athletic Games, steer the random players towards placements so that the game ends in a bounded time
        choose = athletic_choice if game == "athletic" else None
        final = play_to_end(sockets, [spectator], rng, extra=extra, choose=choose)
        assert final["table"]["status"] == "finished"
        for s in [*sockets.values(), spectator]:
            if s.last_sync()["version"] < final["version"]:
                s.sync_at_least(final["version"])
        record = http.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        for s in all_sockets:
            s.close()
    truth = Truth(game, record.text)
    assert len(truth.states) - 1 == final["version"]
    checked = sum(check_frames(truth, s) for s in all_sockets)
    assert checked > 3 * final["version"]
