"""The deploy of docs/deploy.md, for real: two `podium serve` processes on one PostgreSQL behind nginx with the
shipped configuration (deploy/nginx-podium.conf). A game is played through nginx; then many tables are in play when
one process is SIGKILLed: the clients reconnect through nginx by themselves and play on, every acknowledged action is
in the database exactly once, at its ply, every table is played to its end, and the bot tables resume."""

from __future__ import annotations

import random
import signal
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from deploy_support import Site, deploy_cluster, site
from podium.server.db import open_store
from podium.testing.serve import HOST, spawn_serve, wait_serving
from server_support import Socket, create, play_to_end

pytestmark = pytest.mark.slow
__all__ = ["deploy_cluster", "site"]  # the fixtures (tests/deploy_support.py)
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game
FAIL_TIMEOUT = 5.0  # seconds nginx leaves a process that failed alone (deploy/nginx-podium.conf)
HANDS = 25  # a match of twelve hands: long enough to be in play when a process is killed


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
    attempt: int = 0  # failed connections in a row
    cuts: Counter[str] = field(default_factory=Counter)  # what cut the sockets, for a failure's message
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
        self.attempt = 0
        return sockets

    def _backoff(self) -> float:
        """The web client's wait before it opens its socket again (src/podium/web/static/js/connection.js): doubling
        from 0.5 s up to 10 s, ±25%, from the start again once a socket is welcomed. Retrying at a fixed short pace
        instead, hundreds of clients keep a process that is slow to answer (a loaded machine) busy with handshakes
        they have already given up."""
        base = min(10.0, 0.5 * 2**self.attempt)
        self.attempt += 1
        return base * self.rng.uniform(0.75, 1.25)

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
            except (ConnectionClosed, InvalidHandshake, TimeoutError, OSError, EOFError) as exc:
                self.cuts[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
                for s in sockets.values():
                    s.close()
                sockets = {}
                self.reconnects += 1
                time.sleep(self._backoff())
        raise AssertionError(
            f"table {self.table_id} did not finish; its sockets were cut by {self.cuts.most_common(3)}"
        )


def start_tables(site: Site, humans: int, bots: int, hands: int = HANDS) -> tuple[list[Player], list[threading.Thread]]:
    """`humans` tables of two players and `bots` of a player against a bot, each played through nginx by its own
    thread. The tables are made on the processes directly, in turn: nginx's flood guard lets an address make 10
    writes a second (a burst of 100), and every client of the test has the same address."""
    players = []
    writers = [httpx2.Client(base_url=f"http://{HOST}:{port}", trust_env=False, timeout=30) for port in site.processes]
    try:
        for n in range(humans + bots):
            http = writers[n % len(writers)]
            seats = ["human", "human"] if n < humans else ["human", "random"]
            made = create(http, PLUGIN, seats, {"hands": hands})
            table_id = made["table"]["id"]
            tokens = {made["seat"]: made["token"]}
            if n < humans:
                other = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
                tokens[other["seat"]] = other["token"]
            players.append(Player(site, table_id, tokens, random.Random(n)))
    finally:
        for http in writers:
            http.close()
    threads = [threading.Thread(target=p.run, daemon=True) for p in players]
    for t in threads:
        t.start()
    # under way: every table has had an action acknowledged (waiting for more lets the first tables run far ahead)
    while min(len(p.acked) for p in players) < 1 and any(t.is_alive() for t in threads):
        time.sleep(0.05)
    return players, threads


def finish_and_check(site: Site, players: list[Player], threads: list[threading.Thread]) -> None:
    """Every table played to its end; every acknowledged action in the database exactly once, at its ply, and every
    stored human action acknowledged (the acknowledged plies and the stored human moves are the same set)."""
    for t in threads:
        t.join(200)
    errors = [(p.table_id, p.error) for p in players if p.error is not None]
    if errors:  # nginx's side of it, read before the fixture removes its folder
        log = (site.nginx.prefix / "error.log").read_text(errors="replace").splitlines()
        first = [line for line in log if "no live upstreams" not in line][:8]  # why it left the processes
        pytest.fail(f"{len(errors)} tables failed: {errors[:3]}; nginx's error log: {first} … {log[-3:]}")
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


@pytest.mark.parametrize(
    ("humans", "bots", "hands"),
    [(30, 10, HANDS), (150, 50, 10)],  # 200 tables (issue 32's target), in shorter matches: the same run time
    ids=["40-tables", "200-tables"],
)
def test_a_process_killed_mid_games_loses_no_acknowledged_action(
    site: Site, humans: int, bots: int, hands: int
) -> None:
    players, threads = start_tables(site, humans, bots, hands)
    rng = random.Random()
    # A random moment in the games: after a random number of acknowledged actions more (a random time could fall
    # after every game had ended on a fast machine, or before the first move on a slow one), at most about two
    # actions a table: every match is still far from its end.
    moment = sum(len(p.acked) for p in players) + rng.randint(1, 2 * len(players))
    deadline = time.monotonic() + 120
    while sum(len(p.acked) for p in players) < moment and time.monotonic() < deadline:
        time.sleep(0.005)
    victim = rng.choice(list(site.processes))
    site.processes[victim].send_signal(signal.SIGKILL)
    killed = time.monotonic()
    in_play = sum(not p.finished for p in players)
    finish_and_check(site, players, threads)
    before = sum(a[3] < killed for p in players for a in p.acked)
    print(f"\n{in_play} of {len(players)} tables in play at the kill; actions acknowledged before it: {before}")
    assert in_play > 0 and sum(p.reconnects for p in players) > 0  # the kill did cut clients off mid-game
    # How long after the kill every table still in play had an action acknowledged again.
    after = [min((at for *_, at in p.acked if at > killed), default=killed) - killed for p in players]
    cut = sum(p.reconnects > 0 for p in players)
    print(
        f"kill -> every table acting again: {max(after):.2f} s; tables cut off: {cut}; reconnects: "
        f"{sum(p.reconnects for p in players)}"
    )


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
