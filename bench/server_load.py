"""Load on the web server: N concurrent games played by WebSocket clients against a real `podium serve` on loopback.

    python bench/server_load.py                       # 200 concurrent 2-player Golf games for 20 s
    python bench/server_load.py --think 0             # clients act as fast as the rate limit allows
    python bench/server_load.py --games 50 --seconds 10 --game olympicards
    python bench/server_load.py --check               # exit status 1 unless p95 < 50 ms and no errors

The server runs as its own process (`podium serve`, a fresh SQLite database in a temporary folder, bots without
delay) so that the clients do not share its interpreter. Every seat of every game is a client that plays a random
legal action `--think` seconds after its sync says it is to move (default 0.5 s, the server's own bot delay: a
brisk player; `--think 0` drives the server at its maximum rate, where latency measures queueing, not service). The
acknowledgement latency is the time from sending the action to receiving its `ack` (validate, apply, commit to
SQLite, ack). When a game ends, the next one starts at once, so N games are always in progress. Baseline in the same
run: the latency of `ping` → `pong` on the same sockets, the server's floor for one round trip through the event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect

from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving

MIN_INTERVAL = 1 / 15  # seconds between two actions of one client (the server allows 20 messages/s)


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.pings: list[float] = []
        self.errors: list[str] = []
        self.games = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_seat(
    base: str, table_id: str, token: str, stats: Stats, rng: random.Random, stop_at: float, think: float
) -> None:
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
    async with connect(url, proxy=None, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: float | None = None
        ping_sent: float | None = None
        acted_at = -1
        last_send = 0.0
        while True:
            # bounded: a seat whose partner stopped at the end of the run waits at most a few seconds more
            wait = max(0.0, stop_at - time.monotonic()) + 5.0
            try:
                raw = await asyncio.wait_for(ws.recv(), wait)
            except TimeoutError:
                if time.monotonic() < stop_at:
                    stats.errors.append("no frame within 5 s")
                return
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                stats.errors.append(f"{frame['code']}: {frame['message']}")
            elif kind == "ack":
                if sent is not None:
                    stats.latencies.append(time.perf_counter() - sent)
                    sent = None
            elif kind == "pong" and ping_sent is not None:
                stats.pings.append(time.perf_counter() - ping_sent)
                ping_sent = None
            elif kind == "sync":
                if "result" in frame or time.monotonic() > stop_at:
                    return
                if frame["legal"] and frame["version"] > acted_at:
                    acted_at = frame["version"]
                    # a well-behaved client stays under the server's limit of 20 messages/s per connection
                    pause = max(last_send + MIN_INTERVAL - time.perf_counter(), think)
                    if pause > 0:
                        await asyncio.sleep(pause)
                    last_send = time.perf_counter()
                    if rng.random() < 0.05 and ping_sent is None:
                        ping_sent = time.perf_counter()
                        await ws.send('{"type":"ping"}')
                    sent = time.perf_counter()
                    action = rng.choice(frame["legal"])["action"]
                    await ws.send(json.dumps({"type": "action", "version": frame["version"], "action": action}))


async def game_slot(
    http: httpx2.AsyncClient, base: str, args: argparse.Namespace, stats: Stats, slot: int, stop_at: float
) -> None:
    rng = random.Random(slot)
    games = ["golf", "olympicards", "athletic"] if args.game == "mix" else [args.game]
    index = 0
    while time.monotonic() < stop_at:
        game = games[(slot + index) % len(games)]
        index += 1
        options = {"athletic": {"medals_to_win": 1, "table_moves": False}}.get(game, {})
        body = {
            "game": game,
            "players": args.players,
            "options": options,
            "name": "bench",
            "seats": [{"kind": "human"}] * args.players,
        }
        try:
            made = (await http.post("/api/tables", json=body)).json()
            tokens = [made["token"]]
            for _ in range(args.players - 1):
                tokens.append((await http.post(f"/api/tables/{made['table']['id']}/join", json={})).json()["token"])
            await asyncio.gather(
                *(
                    play_seat(base, made["table"]["id"], t, stats, random.Random(rng.random()), stop_at, args.think)
                    for t in tokens
                )
            )
            stats.games += 1
        except Exception as exc:  # counted, and the slot goes on with a new game
            stats.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.1)


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    limits = httpx2.Limits(max_connections=50)
    async with httpx2.AsyncClient(base_url=base, trust_env=False, timeout=30, limits=limits) as http:
        stop_at = time.monotonic() + args.seconds
        await asyncio.gather(*(game_slot(http, base, args, stats, slot, stop_at) for slot in range(args.games)))
    return stats


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux); -1 elsewhere. Shows the server's cost per action even when
    other load on the machine makes the latencies noisy."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        import os

        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return -1.0


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = spawn_serve(folder / "bench.sqlite3", port)
    wait_serving(process, port)
    return process, f"http://{HOST}:{port}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--players", type=int, default=2, help="seats per game (each one a client)")
    parser.add_argument("--game", default="golf", choices=["golf", "olympicards", "athletic", "mix"])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a client waits before it acts")
    parser.add_argument("--check", action="store_true", help="exit status 1 unless p95 < 50 ms and no errors")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(Path(folder))
        try:
            started, client_cpu = time.perf_counter(), time.process_time()
            server_cpu = cpu_seconds(process.pid)
            stats = asyncio.run(run(args, base))
            elapsed, client_cpu = time.perf_counter() - started, time.process_time() - client_cpu
            server_cpu = cpu_seconds(process.pid) - server_cpu
        finally:
            process.terminate()
            process.wait(10)
    ms = [x * 1000 for x in stats.latencies]
    pings = [x * 1000 for x in stats.pings]
    print(
        f"server_load: {args.games} concurrent {args.game} games, {args.players} client sockets each, "
        f"think {args.think:g} s, {elapsed:.1f} s"
    )
    print(f"  actions acknowledged  {len(ms):,}  ({len(ms) / elapsed:,.0f} actions/s), games finished {stats.games}")
    print(
        f"  ack latency (ms)      p50 {percentile(ms, 0.5):.1f}  p95 {percentile(ms, 0.95):.1f}  "
        f"p99 {percentile(ms, 0.99):.1f}  max {max(ms, default=float('nan')):.1f}"
    )
    if ms and server_cpu >= 0:
        print(
            f"  CPU                   server {server_cpu:.1f} s ({server_cpu / len(ms) * 1e6:,.0f} µs per action, "
            f"{server_cpu / elapsed:.0%} of a core), clients {client_cpu:.1f} s"
        )
    if pings:
        print(
            f"  baseline ping (ms)    p50 {statistics.median(pings):.1f}  p95 {percentile(pings, 0.95):.1f}  "
            f"({len(pings)} pings on the same sockets)"
        )
    print(f"  errors                {len(stats.errors)}" + (f"  e.g. {stats.errors[:3]}" if stats.errors else ""))
    ok = bool(ms) and percentile(ms, 0.95) < 50 and not stats.errors
    print(f"  target (p95 < 50 ms, no errors): {'met' if ok else 'NOT met'}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    raise SystemExit(main())
