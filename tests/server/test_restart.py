"""The restart test: a real `podium serve` process playing games is killed with SIGKILL at random moments and
restarted on the same database. Every acknowledged action (acks to a human client) and every action any client was
shown (spectators' syncs, sent only after the commit) is still there afterwards, and every game finishes."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from podium.core.record import Record
from podium.core.registry import game_names, get_game
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving
from rl_support import cases_of, encoded_games
from server_support import Socket

KILLS = 4
MAX_STEPS = 3000  # the most steps of a game played here, as its game declares it for the rules played
MAX_TURNS = 100  # or the most turns
DEADLINE = 90.0  # seconds for the whole test, kills and the end of every game included


class Server:
    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.db.with_suffix(".log")
        self.process = spawn_serve(self.db, self.port, bot_delay=0.01, log=log)
        wait_serving(self.process, self.port, log=log)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def http(self) -> httpx2.Client:
        return httpx2.Client(base_url=f"http://{HOST}:{self.port}", trust_env=False, timeout=5)

    def ws(self, table_id: str) -> Socket:
        url = f"ws://{HOST}:{self.port}/ws/tables/{table_id}"
        return Socket(connect(url, proxy=None, open_timeout=3).__enter__())


FAILURES: list[str] = []


def follow(
    server: Server, table_id: str, token: str | None, seen: dict[int, Any], stop: threading.Event, seed: int
) -> None:
    try:
        _follow(server, table_id, token, seen, stop, seed)
    except Exception as exc:  # reported by the test instead of vanishing with the thread
        FAILURES.append(f"{table_id}: {exc!r}")
        raise


def _follow(
    server: Server, table_id: str, token: str | None, seen: dict[int, Any], stop: threading.Event, seed: int
) -> None:
    """A client that reconnects after every kill. A seat plays random legal actions and records each acknowledged
    one; a spectator records the last action of every sync."""
    rng = random.Random(seed)
    while not stop.is_set():
        try:
            s = server.ws(table_id)
            s.hello(token)
        except (OSError, WebSocketException, TimeoutError):
            time.sleep(0.05)
            continue
        pending: tuple[int, Any] | None = None
        try:
            frame = s.last_sync()
            for _ in range(100_000):
                if frame["type"] == "sync":
                    if frame.get("ack") and pending is not None:  # acknowledged: it must survive the kill
                        assert frame["version"] == pending[0] + 1
                        seen[frame["version"]] = pending[1]
                    if token is None and frame["last"] is not None:
                        seen[frame["version"]] = frame["last"]
                    if "result" in frame:
                        stop.set()
                        return
                    if frame["legal"] and (pending is None or pending[0] != frame["version"]):
                        action = rng.choice(frame["legal"])["action"]
                        pending = (frame["version"], action)
                        s.send({"type": "action", "version": frame["version"], "action": action})
                frame = s.recv(timeout=5)
        except (OSError, WebSocketException, TimeoutError):
            continue
        finally:
            s.close()


def table_specs() -> list[tuple[str, list[str], dict[str, Any]]]:
    """Two tables of every installed game, with its short rules (its first RL variant, tests/rl_support.py, or its
    defaults), where those bound the game (random players could play an unbounded game past the test's deadline):
    a bounded number of steps, or of turns (MAX_TURNS): a human and a bot, and bots only (three when the game
    allows)."""
    specs = []
    for name in game_names():
        game = get_game(name)
        rules = cases_of(name)[0][2] if name in encoded_games() else {}
        config = game.config(rules)
        for seats in (["human", "random"], ["random"] * min(3, game.max_players)):
            steps = game.max_steps(config, len(seats))
            turns = game.max_turns(config, len(seats))
            if (steps is not None and steps <= MAX_STEPS) or (turns is not None and turns <= MAX_TURNS):
                specs.append((name, seats, rules))
    return specs


def test_the_tables_are_of_several_games() -> None:
    assert len({game for game, _, _ in table_specs()}) >= 2


def test_sigkill_loses_nothing_acknowledged(tmp_path: Path) -> None:
    started = time.monotonic()
    rng = random.Random(2024)
    server = Server(tmp_path / "podium.sqlite3")
    server.start()
    tables: list[dict[str, Any]] = []
    with server.http() as http:
        for game, seats, options in table_specs():
            body = {
                "game": game,
                "players": len(seats),
                "options": options,
                "name": "Ann",
                "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
            }
            made = http.post("/api/tables", json=body).json()
            tables.append({"id": made["table"]["id"], "token": made["token"], "seen": {}, "stop": threading.Event()})
    threads = [
        threading.Thread(target=follow, args=(server, t["id"], t["token"], t["seen"], t["stop"], i), daemon=True)
        for i, t in enumerate(tables)
    ]
    for th in threads:
        th.start()
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.2, 1.0))
        server.kill()
        server.start()
    for th in threads:
        th.join(max(1.0, DEADLINE - (time.monotonic() - started)))
    try:
        assert not FAILURES, FAILURES
        assert all(t["stop"].is_set() for t in tables), "a game did not finish after the restarts"
        with server.http() as http:
            for t in tables:
                response = http.get(f"/api/tables/{t['id']}/record")
                assert response.status_code == 200, server.db.with_suffix(".log").read_text()[-3000:]
                record = Record.loads(response.text)
                record.check()
                texts = [(step.player, step.action.text()) for step in record.replay()]
                assert t["seen"], "the client saw nothing"
                for version, what in t["seen"].items():
                    _, data = record.moves[version - 1]
                    if t["token"] is None:
                        assert texts[version - 1] == (what["seat"], what["text"]), (t["id"], version)
                    else:
                        assert data == what, (t["id"], version)
    finally:
        for t in tables:
            t["stop"].set()
        server.kill()
    log = server.db.with_suffix(".log").read_text()
    resumed = [int(n) for n in re.findall(r"resumed (\d+) unfinished", log)]
    assert len(resumed) == KILLS + 1 and max(resumed) >= 1, log  # the kills did interrupt games
