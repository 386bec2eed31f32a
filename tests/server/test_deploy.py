"""The deploy of docs/deploy.md, for real: two `podium serve` processes on one PostgreSQL behind nginx with the
shipped configuration (deploy/nginx-podium.conf). A game is played through nginx; then many tables are in play when
one process is SIGKILLed: the clients reconnect through nginx by themselves and play on, every acknowledged action is
in the database exactly once, at its ply, every table is played to its end, and the bot tables resume."""

from __future__ import annotations

import contextlib
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from podium.server.db import open_store
from podium.testing import nginx, postgres
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving
from server_support import Socket, create, play_to_end

pytestmark = pytest.mark.slow
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game
FAIL_TIMEOUT = 5.0  # seconds nginx leaves a process that failed alone (deploy/nginx-podium.conf)
HANDS = 25  # a match of twelve hands: long enough to be in play when a process is killed


@dataclass
class Site:
    url: str
    nginx: nginx.Nginx
    processes: dict[int, subprocess.Popen[bytes]]

    def http(self) -> httpx2.Client:
        return httpx2.Client(base_url=self.nginx.base, trust_env=False, timeout=10)

    def ws(self, table_id: str) -> Socket:
        uri = f"ws://{HOST}:{self.nginx.port}/ws/tables/{table_id}"
        return Socket(connect(uri, proxy=None, open_timeout=5).__enter__())


@pytest.fixture
def site(pg_cluster: postgres.Cluster, tmp_path: Path) -> Iterator[Site]:
    url = pg_cluster.database()
    ports = [free_port(), free_port()]
    processes = {}
    try:
        for port in ports:
            log = tmp_path / f"serve-{port}.log"
            processes[port] = spawn_serve(url, port, log=log)
        for port, process in processes.items():
            wait_serving(process, port, timeout=120, log=tmp_path / f"serve-{port}.log")  # a busy machine
        try:
            front = nginx.Nginx(ports).start()
        except nginx.Unavailable as exc:
            pytest.skip(f"NGINX TESTS SKIPPED: nginx cannot be started here: {exc}")
        try:
            yield Site(url, front, processes)
        finally:
            front.stop()
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.terminate()
        for process in processes.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(20)


def test_a_game_through_nginx_on_two_processes(site: Site) -> None:
    with site.http() as http:
        made = create(http, PLUGIN, ["human", "human"], {"hands": 3})
        table_id = made["table"]["id"]
        other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
        assert http.get("/").status_code == 200 and http.head("/").status_code == 200
    ann, bo, watcher = site.ws(table_id), site.ws(table_id), site.ws(table_id)
    ann.hello(made["token"])
    bo.hello(other["token"])
    watcher.hello(None)
    final = play_to_end({made["seat"]: ann, other["seat"]: bo}, [watcher], random.Random(11))
    assert final["table"]["status"] == "finished"
    assert all(s["connected"] for s in final["table"]["seats"])


@dataclass
class Player:
    """Plays every human seat of one table through the site, reconnecting (and resending an action it had sent
    but not seen answered) whenever its sockets fail."""

    site: Site
    table_id: str
    tokens: dict[int, str]
    rng: random.Random
    acked: list[tuple[int, int, Any, float]] = field(default_factory=list)  # version, seat, action, when
    reconnects: int = 0
    error: BaseException | None = None
    finished: bool = False

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _connect(self) -> dict[int, Socket]:
        sockets = {}
        for seat, token in self.tokens.items():
            s = self.site.ws(self.table_id)
            s.hello(token)
            sockets[seat] = s
        return sockets

    def _answered(self, seat: int, message: dict[str, Any], answer: dict[str, Any]) -> None:
        applied = answer["type"] == "sync" and answer.get("ack") is True
        duplicate = answer["type"] == "ack" and answer.get("duplicate") is True
        assert applied or duplicate, answer  # nothing else can answer the one seat that may move
        self.acked.append((message["version"], seat, message["action"], time.monotonic()))

    def _play(self) -> None:
        deadline = time.monotonic() + 180
        sockets: dict[int, Socket] = {}
        pending: tuple[int, dict[str, Any]] | None = None
        while time.monotonic() < deadline:
            try:
                if not sockets:
                    sockets = self._connect()
                    if pending is not None:  # sent before the failure, answer never seen: send it again
                        seat, message = pending
                        sockets[seat].send(message)
                        self._answered(seat, message, sockets[seat].ack())
                        pending = None
                version = max(s.last_sync()["version"] for s in sockets.values())
                for s in sockets.values():
                    if s.last_sync()["version"] < version:
                        s.sync_at_least(version)
                last = next(iter(sockets.values())).last_sync()
                if last["table"]["status"] == "finished":
                    self.finished = True
                    return
                mover = next((seat for seat, s in sockets.items() if s.last_sync()["legal"]), None)
                if mover is None:  # a bot is to move
                    next(iter(sockets.values())).sync_at_least(version + 1)
                    continue
                choice = self.rng.choice(sockets[mover].last_sync()["legal"])
                message = {"type": "action", "version": version, "action": choice["action"]}
                pending = (mover, message)
                sockets[mover].send(message)
                self._answered(mover, message, sockets[mover].ack())
                pending = None
            # a socket cut, or nginx answering 502 while it has no process to give (as a browser does, try again)
            except (ConnectionClosed, InvalidHandshake, TimeoutError, OSError, EOFError):
                for s in sockets.values():
                    s.close()
                sockets = {}
                self.reconnects += 1
                time.sleep(0.2)
        raise AssertionError(f"table {self.table_id} did not finish")


def start_tables(site: Site, humans: int, bots: int) -> tuple[list[Player], list[threading.Thread]]:
    """`humans` tables of two players and `bots` of a player against a bot, each played by its own thread."""
    players = []
    with site.http() as http:
        for n in range(humans + bots):
            seats = ["human", "human"] if n < humans else ["human", "random"]
            made = create(http, PLUGIN, seats, {"hands": HANDS})
            table_id = made["table"]["id"]
            tokens = {made["seat"]: made["token"]}
            if n < humans:
                other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
                tokens[other["seat"]] = other["token"]
            players.append(Player(site, table_id, tokens, random.Random(n)))
    threads = [threading.Thread(target=p.run, daemon=True) for p in players]
    for t in threads:
        t.start()
    # under way: every table has had a few actions acknowledged
    while min(len(p.acked) for p in players) < 3 and any(t.is_alive() for t in threads):
        time.sleep(0.05)
    return players, threads


def finish_and_check(site: Site, players: list[Player], threads: list[threading.Thread]) -> None:
    """Every table played to its end; every acknowledged action in the database exactly once, at its ply, and every
    stored human action acknowledged (the acknowledged plies and the stored human moves are the same set)."""
    for t in threads:
        t.join(200)
    errors = [(p.table_id, p.error) for p in players if p.error is not None]
    assert not errors, errors[:3]
    assert all(p.finished for p in players)
    store = open_store(site.url)
    try:
        for p in players:
            row = store.load(p.table_id)
            assert row is not None and row.status == "finished"
            acked = {version: (seat, action) for version, seat, action, _ in p.acked}
            assert len(acked) == len(p.acked), p.table_id  # no ply acknowledged twice
            human = {ply: move for ply, move in enumerate(row.moves) if move[0] in p.tokens}
            assert acked == human, p.table_id
    finally:
        store.close()


def test_a_process_killed_mid_games_loses_no_acknowledged_action(site: Site) -> None:
    players, threads = start_tables(site, humans=30, bots=10)
    rng = random.Random()
    # A random moment in the games: after a random number of acknowledged actions (a random time could fall after
    # every game had ended on a fast machine, or before the first move on a slow one).
    moment = rng.randint(1, 40)
    deadline = time.monotonic() + 120
    while sum(len(p.acked) for p in players) < moment and time.monotonic() < deadline:
        time.sleep(0.005)
    victim = rng.choice(list(site.processes))
    site.processes[victim].send_signal(signal.SIGKILL)
    killed = time.monotonic()
    in_play = sum(not p.finished for p in players)
    finish_and_check(site, players, threads)
    before = sum(a[3] < killed for p in players for a in p.acked)
    print(f"\n{in_play} tables in play at the kill; actions acknowledged before it: {before}")
    assert in_play > 0 and sum(p.reconnects for p in players) > 0  # the kill did cut clients off mid-game
    # How long after the kill every table still in play had an action acknowledged again.
    after = [min((at for *_, at in p.acked if at > killed), default=killed) - killed for p in players]
    print(f"kill -> every table acting again: {max(after):.2f} s; reconnects: {sum(p.reconnects for p in players)}")


def test_a_rolling_restart_drops_no_game(site: Site, tmp_path: Path) -> None:
    players, threads = start_tables(site, humans=20, bots=6)
    for port in list(site.processes):  # one process after the other, each serving again before the next stops
        site.processes[port].terminate()
        site.processes[port].wait(30)
        log = tmp_path / f"serve-{port}-again.log"
        site.processes[port] = spawn_serve(site.url, port, log=log)
        wait_serving(site.processes[port], port, timeout=120, log=log)
        time.sleep(FAIL_TIMEOUT)  # until nginx tries it again (fail_timeout in deploy/nginx-podium.conf)
    finish_and_check(site, players, threads)
    assert sum(p.reconnects for p in players) > 0  # each stop closed sockets, whose clients came back
