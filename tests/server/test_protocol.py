"""The WebSocket protocol against a real server: hello, errors, duplicates, stale versions, the seat-token matrix,
rate limits, concurrency and reconnects. The tables are of the plugin game (Kuhn poker), or of every installed game
where the test is about what each game sends; a game's own actions (which are malformed, which illegal) are its tests'
(tests/games/<game>/test_<game>_protocol.py)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from podium.core.registry import game_names
from server_support import LiveServer, Socket, create, live_server, two_humans
from store_support import new_db

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, store: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    db = new_db(request, store, tmp_path_factory.mktemp("protocol"))
    # 2 s to say hello (the default is 10): short for the test of no hello, long enough on a busy machine, where a
    # hello sent at once can wait its turn behind other sockets' database round trips (PostgreSQL)
    with live_server(db, hello_timeout=2.0) as live:
        yield live


def closed_with_error(s: Socket, code: str) -> None:
    frame = s.recv()
    assert frame["type"] == "error" and frame["code"] == code, frame
    with pytest.raises(ConnectionClosed) as info:
        s.recv(timeout=5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1008


def table_version(server: LiveServer, table_id: str) -> int:
    with server.http() as http:
        return int(http.get(f"/api/tables/{table_id}").json()["version"])


def test_welcome_and_first_sync_for_a_seat_and_a_spectator(server: LiveServer) -> None:
    t = two_humans(server, PLUGIN)
    seat = server.ws(t["id"])
    sync = seat.hello(t["tokens"][0])
    assert seat.seat == 0 and sync["version"] == 0 and sync["view"]["player"] == 0 and sync["legal"]
    watcher = server.ws(t["id"])
    sync = watcher.hello(None)
    assert watcher.seat is None and sync["view"]["player"] is None and sync["legal"] == []
    watcher.send({"type": "ping"})
    assert watcher.until("pong") == {"type": "pong"}


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ({"type": "hello", "token": "not-a-token-of-this-table"}, "unauthorized"),
        ({"type": "hello"}, "malformed"),
        ({"type": "hello", "token": ""}, "malformed"),
        ({"type": "hello", "token": 5}, "malformed"),
        ({"type": "action", "version": 0, "action": {"type": "pass"}}, "unauthorized"),
        ({"type": "hint"}, "unauthorized"),
        ({"type": "ping"}, "unauthorized"),
        ("not json", "malformed"),
        ("[" * 2000 + "]" * 2000, "malformed"),  # deeper than json.loads can parse: a RecursionError
        ('{"type": "hello", "token": ' + "[" * 900 + "]" * 900 + "}", "malformed"),
        ('{"type": "hello", "token": "x", "a": ' + "[" * 32 + "]" * 32 + "}", "malformed"),  # 33 levels: too deep
    ],
)
def test_a_bad_hello_closes_the_socket(server: LiveServer, first: Any, code: str) -> None:
    t = two_humans(server, PLUGIN)
    s = server.ws(t["id"])
    s.send(first)
    closed_with_error(s, code)
    assert table_version(server, t["id"]) == 0


def test_no_hello_in_time_closes_the_socket(server: LiveServer) -> None:
    s = server.ws(two_humans(server, PLUGIN)["id"])
    closed_with_error(s, "malformed")


def test_a_token_of_another_table_is_refused(server: LiveServer) -> None:
    a, b = two_humans(server, PLUGIN), two_humans(server, PLUGIN)
    s = server.ws(a["id"])
    s.send({"type": "hello", "token": b["tokens"][0]})
    closed_with_error(s, "unauthorized")


def test_unknown_table(server: LiveServer) -> None:
    s = server.ws("no-such-table")
    closed_with_error(s, "unauthorized")


@pytest.mark.parametrize("game", game_names())
def test_seat_token_matrix(server: LiveServer, game: str) -> None:
    """Every message type from a spectator and from the seat not to move (holding the other seat's token: the
    token decides the seat, never the client) is refused or limited to that seat; nothing changes. Every game has
    hints (issue 29), for the seat to move only."""
    t = two_humans(server, game)
    mover = server.ws(t["id"])
    sync = mover.hello(t["tokens"][0])
    assert sync["legal"]
    action = sync["legal"][0]["action"]
    other = server.ws(t["id"])
    assert other.hello(t["tokens"][1])["legal"] == [] and other.seat == 1
    watcher = server.ws(t["id"])
    watcher.hello(None)
    hint = "not_your_turn"
    expected = {
        "other": {"action": "not_your_turn", "hint": hint, "hello": "malformed"},
        "watcher": {"action": "unauthorized", "hint": "unauthorized", "hello": "malformed"},
    }
    messages = {
        "action": {"type": "action", "version": 0, "action": action},
        "hint": {"type": "hint"},
        "hello": {"type": "hello", "token": t["tokens"][0]},  # a second hello cannot switch seats
    }
    for who, s in (("other", other), ("watcher", watcher)):
        for kind, message in messages.items():
            s.send(message)
            frame = s.until("error")
            assert frame["code"] == expected[who][kind], (who, kind, frame)
        s.send({"type": "ping"})
        assert s.until("pong")
    assert table_version(server, t["id"]) == 0
    mover.send({"type": "action", "version": 0, "action": action})
    acked = mover.ack()
    assert acked["type"] == "sync" and acked["ack"] is True and acked["version"] == 1


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{", "malformed"),
        ("[]", "malformed"),
        ({"type": "shout"}, "malformed"),
        ({"type": "action", "action": {"type": "pass"}}, "malformed"),
        ({"type": "action", "version": -1, "action": {"type": "pass"}}, "malformed"),
        ({"type": "action", "version": True, "action": {"type": "pass"}}, "malformed"),
        ({"type": "action", "version": 0}, "malformed"),
        # An action of the wrong shape is no action of the game (MalformedAction): malformed, never illegal.
        ({"type": "action", "version": 0, "action": {"type": "fly"}}, "malformed"),
        ({"type": "action", "version": 0, "action": "pass"}, "malformed"),
        ({"type": "action", "version": 0, "action": {"type": "pass", "chips": 2}}, "malformed"),
        ({"type": "action", "version": 7, "action": {"type": "pass"}}, "stale"),
        ("x" * 5000, "too_large"),
        # Nesting deeper than json.loads can parse (a RecursionError), or deeper than the server allows.
        ("[" * 2000 + "]" * 2000, "malformed"),
        ('{"type": "action", "version": 0, "action": ' + "[" * 900 + "]" * 900 + "}", "malformed"),
    ],
)
def test_bad_messages_get_a_structured_error_and_change_nothing(server: LiveServer, message: Any, code: str) -> None:
    t = two_humans(server, PLUGIN)
    s = server.ws(t["id"])
    sync = s.hello(t["tokens"][0])
    s.send(message if isinstance(message, str) else json.dumps(message))
    frame = s.until("error")
    assert frame["code"] == code and frame["version"] == 0 and frame["message"], frame
    assert set(frame) == {"type", "code", "message", "version"}
    assert table_version(server, t["id"]) == 0
    s.send({"type": "action", "version": 0, "action": sync["legal"][0]["action"]})  # the socket still works
    assert s.ack()["version"] == 1


def after_presence(ws: Any) -> dict[str, Any]:
    """The socket's next frame after any sync of the version before the action: who is connected is broadcast at most
    every 0.25 s (issue 28), so the sync of the other seat's arrival may come after the pings, on a loaded machine even
    after the action was sent (the action's sync then takes its place: none comes after it)."""
    frame: dict[str, Any] = ws.recv()
    while frame["type"] == "sync" and frame["version"] == 0:
        frame = ws.recv()
    return frame


def test_an_action_is_acknowledged_by_the_actors_own_sync_alone(server: LiveServer) -> None:
    """The acting socket gets one frame for its action: its sync of the new version with "ack": true, no separate
    ack frame; every other socket (the other seat, a second socket of the acting seat, a spectator) gets its sync
    of that version without "ack"."""
    t = two_humans(server, PLUGIN)
    mover, other = server.ws(t["id"]), server.ws(t["id"])
    sync = mover.hello(t["tokens"][0])
    other.hello(t["tokens"][1])
    second_tab, watcher = server.ws(t["id"]), server.ws(t["id"])
    second_tab.hello(t["tokens"][0])
    watcher.hello(None)
    for s in (mover, other, second_tab, watcher):  # the syncs of the later sockets' arrival ("connected")
        s.send({"type": "ping"})
        s.until("pong")
    mover.send({"type": "action", "version": 0, "action": sync["legal"][0]["action"]})
    acked = after_presence(mover)  # the very next frame but for who-is-connected
    assert acked["type"] == "sync" and acked["version"] == 1 and acked["ack"] is True
    assert set(acked) == {"type", "version", "table", "view", "legal", "events", "last", "ack"}
    for s in (other, second_tab, watcher):
        frame = after_presence(s)
        assert frame["type"] == "sync" and frame["version"] == 1 and "ack" not in frame, frame
    assert {k: v for k, v in acked.items() if k != "ack"} == second_tab.frames[-1]  # the seat's sync, plus the ack
    for s in (mover, other, second_tab, watcher):
        s.send({"type": "ping"})
        assert s.recv() == {"type": "pong"}  # nothing else was sent


@pytest.mark.parametrize("game", game_names())
def test_the_syncs_last_carries_the_action_as_json_beside_its_text(server: LiveServer, game: str) -> None:
    # protocol 1.1: a client reads `last.action` (the action's `to_json()`) and parses no notation; `text` stays
    t = two_humans(server, game)
    mover, watcher = server.ws(t["id"]), server.ws(t["id"])
    sync = mover.hello(t["tokens"][0])
    assert sync["last"] is None
    watcher.hello(None)
    entry = sync["legal"][-1]
    mover.send({"type": "action", "version": 0, "action": entry["action"]})
    for s in (mover, watcher):
        frame = s.until("sync", version=1)
        assert frame["last"] == {"seat": 0, "text": entry["text"], "action": entry["action"]}


def test_a_huge_frame_closes_the_socket(server: LiveServer) -> None:
    t = two_humans(server, PLUGIN)
    s = server.ws(t["id"])
    s.hello(t["tokens"][0])
    with pytest.raises(ConnectionClosed):
        s.send("x" * 200_000)
        s.until("error", timeout=5)


def test_resent_action_has_no_second_effect_and_old_versions_are_stale(server: LiveServer) -> None:
    t = two_humans(server, PLUGIN)
    s = server.ws(t["id"])
    sync = s.hello(t["tokens"][0])
    first, second = sync["legal"][0]["action"], sync["legal"][1]["action"]
    s.send({"type": "action", "version": 0, "action": first})
    after = s.ack()
    assert after["type"] == "sync" and after["ack"] is True and after["version"] == 1
    s.send({"type": "action", "version": 0, "action": first})
    assert s.until("ack") == {"type": "ack", "version": 1, "duplicate": True}
    s.send({"type": "action", "version": 0, "action": second})
    stale = s.until("error")
    assert stale["code"] == "stale" and stale["version"] == 1 and "1" in stale["message"]
    assert table_version(server, t["id"]) == 1
    # a reconnect gets the same snapshot
    again = server.ws(t["id"])
    assert again.hello(t["tokens"][0])["view"] == after["view"]


def test_a_resent_action_is_a_duplicate_after_other_plies_too(server: LiveServer) -> None:
    # a client whose connection was cut before its answer resends its action; meanwhile the other seat moved
    t = two_humans(server, PLUGIN)
    first_seat, second_seat = server.ws(t["id"]), server.ws(t["id"])
    sync = first_seat.hello(t["tokens"][0])
    second_seat.hello(t["tokens"][1])
    mine = sync["legal"][0]["action"]
    first_seat.send({"type": "action", "version": 0, "action": mine})
    assert first_seat.ack()["version"] == 1
    theirs = second_seat.until("sync", version=1)["legal"][0]["action"]
    second_seat.send({"type": "action", "version": 1, "action": theirs})
    assert second_seat.ack()["version"] == 2
    first_seat.send({"type": "action", "version": 0, "action": mine})
    assert first_seat.until("ack") == {"type": "ack", "version": 2, "duplicate": True}
    assert table_version(server, t["id"]) == 2


def test_not_started_and_game_over(server: LiveServer) -> None:
    with server.http() as http:
        made = create(http, PLUGIN, ["human", "human"], {"hands": 3})
    s = server.ws(made["table"]["id"])
    sync = s.hello(made["token"])
    assert sync["table"]["status"] == "waiting" and sync["legal"] == []
    s.send({"type": "action", "version": 0, "action": {"type": "bet"}})
    assert s.until("error")["code"] == "not_started"
    with server.http() as http:
        made = create(http, PLUGIN, ["human", "random"], {"hands": 3})
    s = server.ws(made["table"]["id"])
    sync = s.hello(made["token"])
    for _ in range(500):
        if "result" in sync:
            break
        if sync["legal"]:
            s.send({"type": "action", "version": sync["version"], "action": sync["legal"][-1]["action"]})
            sync = s.ack()
            assert sync["type"] == "sync"
        else:
            sync = s.until("sync")
    assert "result" in sync and sync["legal"] == []
    s.send({"type": "action", "version": sync["version"], "action": {"type": "pass"}})
    assert s.until("error")["code"] == "game_over"


def test_rate_limit_then_close(tmp_path: Path) -> None:
    with live_server(tmp_path / "db.sqlite3", rate_per_second=5.0, rate_burst=5.0, rate_strikes=20) as live:
        t = two_humans(live, PLUGIN)
        s = live.ws(t["id"])
        s.hello(t["tokens"][0])
        # A burst of 15: the first 5 pass, the rest are refused, fewer strikes than it takes to be closed.
        for _ in range(15):
            s.send({"type": "ping"})
        codes = [s.recv(timeout=5) for _ in range(15)]
        kinds = [frame.get("code", frame["type"]) for frame in codes]
        assert kinds.count("pong") >= 5 and "rate_limited" in kinds
        # Going on: the server closes the socket (the close may come while we are still sending).
        with pytest.raises(ConnectionClosed) as info:
            for _ in range(200):
                s.send({"type": "ping"})
            for _ in range(400):
                s.recv(timeout=5)
        assert info.value.rcvd is not None and info.value.rcvd.code == 1008


def test_concurrent_conflicting_actions_exactly_one_wins(server: LiveServer) -> None:
    """Two sockets of the same seat (two tabs) send different actions with the same version at the same moment."""
    for _ in range(10):
        t = two_humans(server, PLUGIN)
        a, b = server.ws(t["id"]), server.ws(t["id"])
        sync = a.hello(t["tokens"][0])
        b.hello(t["tokens"][0])
        version = sync["version"]
        go = threading.Barrier(2)
        answers: dict[str, dict[str, Any]] = {}

        threads = [
            threading.Thread(target=_send_at_once, args=(go, answers, "a", a, version, sync["legal"][0]["action"])),
            threading.Thread(target=_send_at_once, args=(go, answers, "b", b, version, sync["legal"][1]["action"])),
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join(15)
        kinds = sorted("ack" if f.get("ack") is True else f["type"] for f in answers.values())
        assert kinds == ["ack", "error"], answers
        loser = next(f for f in answers.values() if f["type"] == "error")
        assert loser["code"] == "stale"
        assert table_version(server, t["id"]) == version + 1
        a.close()
        b.close()


def _send_at_once(
    go: threading.Barrier,
    answers: dict[str, dict[str, Any]],
    name: str,
    s: Socket,
    version: int,
    action: dict[str, Any],
) -> None:
    go.wait(timeout=5)
    s.send({"type": "action", "version": version, "action": action})
    answers[name] = s.ack()
