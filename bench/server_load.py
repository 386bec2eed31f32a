"""Load on the web server: N concurrent games played by WebSocket clients against a real `podium serve` on loopback.

    python bench/server_load.py                       # 1,000 concurrent 2-player Golf games, clients think 3 s
    python bench/server_load.py --quick               # 50 games, think 0.5 s, 10 s measured: about 20 s in all
    python bench/server_load.py --games 200 --think 0.5 --seconds 20 --game olympicards
    python bench/server_load.py --check               # exit status 1 unless p95 < 50 ms and no errors
    python bench/server_load.py --restart 5000        # time to serve again with 5,000 finished tables stored

The server runs as its own process (`podium serve --no-rate-limits`, a fresh SQLite database in a temporary folder,
bots without delay), and the clients run in `--workers` processes of their own (multiprocessing), so that neither
starves the other of an interpreter. Every seat of every game is a client that plays a random legal action `--think`
seconds after its sync says it is to move (3 s by default: a human pace; `--think 0` drives the server at its maximum
rate, where latency measures queueing, not service). The games start spread over the first think time; the figures
count the `--seconds` after that warm-up. When a game ends, the next one starts at once, so N games are always in
progress.

Figures: the acknowledgement latency (send an action → its `ack`: validate, apply, commit to SQLite, ack) at
p50/p95/p99, errors, and the server's CPU per action: the server process's user + system CPU time (/proc) over the
measured window divided by the actions acknowledged in it; this figure holds even when other load on the machine
makes latencies noisy. Baseline in the same run: `ping` → `pong` on the same sockets, the floor of one round trip
through the server's event loop. The machine's load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

import load_sites
from podium.testing.cpuquota import CpuQuota
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving

MIN_INTERVAL = 1 / 15  # seconds between two actions of one client (the server allows 20 messages/s)


class Stats:
    def __init__(self, measure_from: float, stop_at: float) -> None:
        self.measure_from = measure_from
        self.stop_at = stop_at
        self.latencies: list[float] = []  # actions sent within the measured window
        self.pings: list[float] = []
        self.errors: list[str] = []
        self.games = 0
        self.actions = 0  # every acknowledged action, warm-up included

    def counts(self, at: float) -> bool:
        return self.measure_from <= at <= self.stop_at


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_seat(base: str, table_id: str, token: str, stats: Stats, rng: random.Random, think: float) -> bool:
    """Play one seat until the game ends (True) or the run does (False)."""
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
    async with connect(url, proxy=None, max_queue=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: float | None = None
        ping_sent: float | None = None
        acted_at = -1
        last_send = 0.0
        while True:
            # bounded: a seat whose partner stopped at the end of the run waits at most a few seconds more
            wait = max(0.0, stats.stop_at - time.monotonic()) + think + 5.0
            try:
                raw = await asyncio.wait_for(ws.recv(), wait)
            except TimeoutError:
                if time.monotonic() < stats.stop_at:
                    stats.errors.append(f"no frame within {wait:.0f} s")
                return False
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                stats.errors.append(f"{frame['code']}: {frame['message']}")
                continue
            # the acknowledgement: the acting client's own sync carries "ack" (an "ack" frame before the protocol
            # folded it into the sync, and still for a duplicate)
            if sent is not None and (kind == "ack" or (kind == "sync" and "ack" in frame)):
                stats.actions += 1
                if stats.counts(sent):
                    stats.latencies.append(time.monotonic() - sent)
                sent = None
            if kind == "pong" and ping_sent is not None:
                if stats.counts(ping_sent):
                    stats.pings.append(time.monotonic() - ping_sent)
                ping_sent = None
            if kind == "sync":
                if "result" in frame:
                    return True
                if time.monotonic() > stats.stop_at:
                    return False
                if frame["legal"] and frame["version"] > acted_at:
                    acted_at = frame["version"]
                    # a well-behaved client stays under the server's limit of 20 messages/s per connection; a
                    # human's think time varies around its mean
                    pause = max(last_send + MIN_INTERVAL - time.monotonic(), think * rng.uniform(0.5, 1.5))
                    if pause > 0:
                        await asyncio.sleep(pause)
                    last_send = time.monotonic()
                    if rng.random() < 0.05 and ping_sent is None:
                        ping_sent = time.monotonic()
                        await ws.send('{"type":"ping"}')
                    sent = time.monotonic()
                    action = rng.choice(frame["legal"])["action"]
                    await ws.send(json.dumps({"type": "action", "version": frame["version"], "action": action}))


async def game_slot(
    http: list[httpx2.AsyncClient], bases: list[str], args: dict[str, Any], stats: Stats, slot: int, start_at: float
) -> None:
    rng = random.Random(slot)
    games = ["golf", "olympicards", "athletic"] if args["game"] == "mix" else [args["game"]]
    players = args["players"]
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    index = 0
    while time.monotonic() < stats.stop_at:
        game = games[(slot + index) % len(games)]
        index += 1
        options = {"athletic": {"medals_to_win": 1, "table_moves": False}}.get(game, {})
        body = {
            "game": game,
            "players": players,
            "options": options,
            "name": "bench",
            "seats": [{"kind": "human"}] * players,
        }
        try:
            rest = http[slot % len(http)]
            made = (await rest.post("/api/tables", json=body)).json()
            tokens = [made["token"]]
            for _ in range(players - 1):
                tokens.append((await rest.post(f"/api/tables/{made['table']['id']}/join", json={})).json()["token"])
            # each seat through its own process (--spread seat), or the whole game through one (--spread table)
            spread = 1 if args.get("spread", "seat") == "seat" else 0
            seats = (
                play_seat(
                    bases[(slot + i * spread) % len(bases)],
                    made["table"]["id"],
                    t,
                    stats,
                    random.Random(rng.random()),
                    args["think"],
                )
                for i, t in enumerate(tokens)
            )
            if all(await asyncio.gather(*seats)):
                stats.games += 1
        except Exception as exc:  # counted, and the slot goes on with a new game
            stats.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.1)


async def run_slots(args: dict[str, Any], bases: list[str], slots: list[int], start_at: float, stats: Stats) -> None:
    limits = httpx2.Limits(max_connections=50)
    async with contextlib.AsyncExitStack() as stack:
        http = [
            await stack.enter_async_context(
                httpx2.AsyncClient(base_url=base, trust_env=False, timeout=30, limits=limits)
            )
            for base in bases
        ]
        ramp = args["ramp"]
        games = args["games"]
        await asyncio.gather(
            *(game_slot(http, bases, args, stats, slot, start_at + ramp * slot / games) for slot in slots)
        )


def worker(
    args: dict[str, Any], bases: list[str], slots: list[int], start_at: float, measure_from: float, stop_at: float
) -> dict[str, Any]:
    """One load-generating process: its share of the games, in its own event loop."""
    stats = Stats(measure_from, stop_at)
    cpu = time.process_time()
    asyncio.run(run_slots(args, bases, slots, start_at, stats))
    return {
        "latencies": stats.latencies,
        "pings": stats.pings,
        "errors": stats.errors,
        "games": stats.games,
        "actions": stats.actions,
        "cpu": time.process_time() - cpu,
    }


def cpu_seconds(pid: int) -> tuple[float, float, float]:
    """User and system CPU time of a process (Linux; in clock ticks of 10 ms), and its total CPU time in ns
    precision (the sum of its threads' scheduler run times, /proc/PID/task/*/schedstat); -1s elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        exact = sum(int(p.read_text().split()[0]) for p in Path(f"/proc/{pid}/task").glob("*/schedstat")) / 1e9
        return int(fields[11]) / tick, int(fields[12]) / tick, exact
    except (OSError, IndexError, ValueError):
        return -1.0, -1.0, -1.0


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


def start_server(db: Path, log: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = spawn_serve(db, port, log=log)
    wait_serving(process, port, log=log)
    return process, f"http://{HOST}:{port}"


def start_floor(frames: int, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """bench/server_floor.py: uvicorn with podium serve's flags and nothing behind the protocol (see its doc)."""
    port = free_port()
    command = [sys.executable, str(Path(__file__).with_name("server_floor.py")), "--port", str(port)]
    with log.open("ab") as out:
        process = subprocess.Popen([*command, "--frames", str(frames)], stdout=out, stderr=subprocess.STDOUT)
    wait_serving(process, port, log=log)
    return process, f"http://{HOST}:{port}"


def sleep_until(at: float) -> None:
    time.sleep(max(0.0, at - time.monotonic()))


def load(args: argparse.Namespace) -> int:
    settings = {"game": args.game, "players": args.players, "think": args.think, "games": args.games, "ramp": args.ramp}
    settings["spread"] = args.spread
    if args.server_cpu is not None and (args.url or args.floor):
        raise SystemExit("--server-cpu holds the processes this bench starts; not with --url or --floor")
    if args.processes > 1 and not args.postgres:
        raise SystemExit("--processes N > 1 needs --postgres (a SQLite file serves one process)")
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        process = None
        database_pids: list[int] = []
        what = "podium serve"
        quotas: list[CpuQuota] = []
        if args.url:
            bases, pids, logs = [args.url.rstrip("/")], [args.pid] if args.pid else [], []
        elif args.floor:
            process, base = start_floor(args.floor, Path(folder) / "server.log")
            bases, pids, logs = [base], [process.pid], [Path(folder) / "server.log"]
            what = f"the floor (bench/server_floor.py, {args.floor} frames per action)"
        else:
            served = stack.enter_context(load_sites.site(Path(folder), args.processes, args.postgres, args.server_cpu))
            quotas = served.quotas
            bases, pids, logs, database_pids, what = (
                served.bases,
                served.pids,
                served.logs,
                served.database_pids,
                served.what,
            )
            what += f" (clients spread by {args.spread})" if args.processes > 1 else ""
        print(f"server_load: {load_average()} before the run")
        workers = max(1, min(args.workers, args.games))
        shares = [list(range(w, args.games, workers)) for w in range(workers)]
        start_at = time.monotonic() + 3.0  # after the workers' start-up, so that all begin together
        measure_from = start_at + args.ramp + args.think
        stop_at = measure_from + args.seconds
        try:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(workers, mp_context=context) as pool:
                futures = [
                    pool.submit(worker, settings, bases, share, start_at, measure_from, stop_at) for share in shares
                ]
                sleep_until(measure_from)
                before = [cpu_seconds(pid) for pid in pids]
                throttled_before = [q.throttled() for q in quotas]
                database_before = sum(cpu_seconds(pid)[2] for pid in database_pids)
                sleep_until(stop_at)
                after = [cpu_seconds(pid) for pid in pids]
                throttled = [
                    (a[0] - b[0], a[1] - b[1])
                    for a, b in zip([q.throttled() for q in quotas], throttled_before, strict=True)
                ]
                used = [a[2] - b[2] for a, b in zip(after, before, strict=True)]
                database_cpu = sum(cpu_seconds(pid)[2] for pid in database_pids) - database_before
                user = sum(a[0] - b[0] for a, b in zip(after, before, strict=True))
                system = sum(a[1] - b[1] for a, b in zip(after, before, strict=True))
                # the exact total (ns); the 10 ms ticks only split it into user and system
                measured = pids and all(b[0] >= 0 for b in before)
                server_cpu = sum(a[2] - b[2] for a, b in zip(after, before, strict=True)) if measured else -1.0
                load_after = load_average()
                results = [f.result() for f in futures]
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
            stack.close()  # the processes stop (and write their group-commit line) before the logs are read
        commits = [
            found
            for log in logs
            if log.exists()
            for found in re.findall(r"group commit: (\d+) actions in (\d+) transactions", log.read_text())[-1:]
        ]
    ms = [x * 1000 for r in results for x in r["latencies"]]
    pings = [x * 1000 for r in results for x in r["pings"]]
    errors = [e for r in results for e in r["errors"]]
    elapsed = args.seconds
    print(
        f"server_load: {what}; {args.games} concurrent {args.game} games, {args.players} client sockets each, think "
        f"{args.think:g} s; clients in {workers} processes; measured {elapsed:g} s after {args.ramp + args.think:g} s "
        "of warm-up"
    )
    print(
        f"  actions acknowledged  {len(ms):,} in the window ({len(ms) / elapsed:,.0f} actions/s), "
        f"{sum(r['actions'] for r in results):,} in all; games finished {sum(r['games'] for r in results)}"
    )
    print(
        f"  ack latency (ms)      p50 {percentile(ms, 0.5):.1f}  p95 {percentile(ms, 0.95):.1f}  "
        f"p99 {percentile(ms, 0.99):.1f}  max {max(ms, default=float('nan')):.1f}"
    )
    if ms and server_cpu >= 0:
        share = user / (user + system) if user + system > 0 else 1.0  # the ticks split the exact total
        per = server_cpu / len(ms) * 1e6
        print(
            f"  server CPU            {server_cpu:.2f} s in the window: {per:,.0f} µs per action "
            f"({server_cpu / elapsed:.0%} of a core; user {per * share:,.0f} µs + system {per * (1 - share):,.0f} "
            f"µs); clients {sum(r['cpu'] for r in results):.1f} s in all"
        )
    for n, quota in enumerate(quotas):  # one per podium process, in the order of `pids`
        periods, waited = throttled[n]
        # At saturation a process uses its whole quota and waits for the next period again and again; a process
        # below it is limited by something else (its clients, the database, a lock), and the run does not measure
        # the throughput at saturation.
        share = used[n] / (quota.cores * elapsed)
        saturated = "yes" if share >= 0.9 else "NO: below its quota, the run is not at saturation"
        print(
            f"  process {n + 1} quota       {quota.cores:g} core: used {share:.0%} of it, held back in {waited} of "
            f"{periods} periods; saturated: {saturated}"
        )
    if pings:
        print(
            f"  baseline ping (ms)    p50 {statistics.median(pings):.1f}  p95 {percentile(pings, 0.95):.1f}  "
            f"({len(pings)} pings on the same sockets)"
        )
    if database_pids:
        per_action = database_cpu / max(1, len(ms)) * 1e6
        print(f"  PostgreSQL CPU        {database_cpu:.2f} s in the window: {per_action:,.0f} µs per action")
    if commits:
        actions, transactions = (sum(int(c[i]) for c in commits) for i in (0, 1))
        print(
            f"  group commit          {actions:,} actions in {transactions:,} transactions "
            f"({actions / max(1, transactions):.2f} per transaction, the whole run)"
        )
    print(f"  errors                {len(errors)}" + (f"  e.g. {errors[:3]}" if errors else ""))
    print(f"  machine               {load_after} at the end")
    ok = bool(ms) and percentile(ms, 0.95) < 50 and not errors
    print(f"  target (p95 < 50 ms, no errors): {'met' if ok else 'NOT met'}")
    return 0 if ok or not args.check else 1


# -- the restart with many finished tables ---------------------------------------------------------------------


def finished_tables(db: Path, count: int) -> str:
    """Fill `db` with `count` finished two-player Golf games (one real game played by the server, copied): the
    database a busy server leaves behind. Returns one finished table's id."""
    process, base = start_server(db)
    try:
        with httpx2.Client(base_url=base, trust_env=False, timeout=30) as http:
            seats = [{"kind": "bot", "bot": "random"}] * 2
            table_id = http.post("/api/tables", json={"game": "golf", "players": 2, "seats": seats}).json()["table"][
                "id"
            ]
        # Bots play only while someone watches (issue 28): watch the game to its end.
        from websockets.sync.client import connect as connect_sync

        with connect_sync(base.replace("http", "ws", 1) + f"/ws/tables/{table_id}", proxy=None) as ws:
            ws.send('{"type": "hello", "spectator": true}')
            while "result" not in json.loads(ws.recv(timeout=60)):
                pass
    finally:
        process.terminate()
        process.wait(10)
    with sqlite3.connect(db) as conn:
        columns = "game, options, num_players, seed, created + ?, status, rematch_of, rematch, result, alive"
        names = columns.replace("created + ?", "created")
        for n in range(1, count):
            target = f"{table_id}-{n}"
            query = f"INSERT INTO tables (id, {names}) SELECT ?, {columns} FROM tables WHERE id=?"
            conn.execute(query, (target, n, table_id))
            conn.execute(
                "INSERT INTO seats SELECT ?, seat, kind, bot, name, token_hash FROM seats WHERE table_id=?",
                (target, table_id),
            )
            conn.execute(
                "INSERT INTO actions SELECT ?, ply, seat, action, created FROM actions WHERE table_id=?",
                (target, table_id),
            )
    return table_id


def time_to_serve(db: Path, table_id: str | None) -> tuple[float, float]:
    """Seconds from starting `podium serve` on `db` until it answers (`GET /api/tables/{table_id}` if given), and
    the milliseconds its own start took after the imports (opening the database, resuming the open games), from its
    log."""
    port = free_port()
    log = db.with_name(f"serve-{port}.log")
    started = time.perf_counter()
    process = spawn_serve(db, port, log=log)
    try:
        wait_serving(process, port, log=log)
        if table_id is not None:
            with httpx2.Client(base_url=f"http://{HOST}:{port}", trust_env=False, timeout=30) as http:
                assert http.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        seconds = time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(10)
    own = re.findall(r"resumed \d+ unfinished game\(s\) in (\d+) ms", log.read_text())
    return seconds, float(own[0]) if own else float("nan")


def restart(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder) / "empty.sqlite3", Path(folder) / "full.sqlite3"
        time_to_serve(empty, None)  # creates the empty database (and warms the file cache)
        built = time.perf_counter()
        table_id = finished_tables(full, args.restart)
        built = time.perf_counter() - built
        with sqlite3.connect(full) as conn:
            stored = conn.execute("SELECT COUNT(*) FROM tables WHERE status='finished'").fetchone()[0]
            actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        print(
            f"server_load --restart: {stored:,} finished tables ({actions:,} actions) stored in {built:.1f} s; "
            + load_average()
        )
        rows = []
        for _ in range(args.repeat):
            rows.append((time_to_serve(empty, None), time_to_serve(full, None), time_to_serve(full, table_id)))
        best = [min(r[i][0] for r in rows) for i in range(3)]
        own = [min(r[i][1] for r in rows) for i in range(2)]
        print(
            f"  empty database (baseline)        serving after {best[0]:.2f} s (best of {args.repeat}; "
            f"the start after the imports {own[0]:.0f} ms)"
        )
        print(
            f"  {stored:,} finished tables        serving after {best[1]:.2f} s ({best[1] / best[0]:.2f}× the "
            f"baseline; the start after the imports {own[1]:.0f} ms)"
        )
        print(f"  ... and a finished table read    answered after {best[2]:.2f} s")
        print(f"  machine                          {load_average()}")
        ok = best[1] < 1.0
        print(f"  target (serving within 1 s): {'met' if ok else 'NOT met'}")
        return 0 if ok or not args.check else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="concurrent games")
    parser.add_argument("--players", type=int, default=2, help="seats per game (each one a client)")
    parser.add_argument("--game", default="golf", choices=["golf", "olympicards", "athletic", "mix"])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure, after the warm-up")
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds a client waits before it acts")
    parser.add_argument("--ramp", type=float, default=None, help="seconds over which the games start [--think, >= 1]")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--quick", action="store_true", help="--games 50 --think 0.5 --seconds 10")
    parser.add_argument("--url", help="load a server already running at this address instead of starting one")
    parser.add_argument("--pid", type=int, default=0, help="with --url: the server's process id, for its CPU")
    parser.add_argument(
        "--floor",
        type=int,
        choices=[2, 3],
        default=0,
        metavar="FRAMES",
        help="load bench/server_floor.py (uvicorn, nothing behind the protocol; FRAMES 2 or 3 per action) instead",
    )
    parser.add_argument("--processes", type=int, default=1, help="podium serve processes (more: --postgres)")
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL instead of SQLite")
    parser.add_argument("--spread", choices=["seat", "table"], default="seat", help="clients over the processes")
    parser.add_argument(
        "--server-cpu",
        type=float,
        default=None,
        metavar="CORES",
        help="hold each podium process to CORES of CPU (a cgroup; root): a process on a machine of its own",
    )
    parser.add_argument("--check", action="store_true", help="exit status 1 unless the target is met")
    parser.add_argument("--restart", type=int, default=0, metavar="N", help="time a restart with N finished tables")
    parser.add_argument("--repeat", type=int, default=3, help="with --restart: starts timed per database")
    args = parser.parse_args()
    if args.restart:
        return restart(args)
    if args.quick:
        args.games, args.think, args.seconds = 50, 0.5, 10.0
    if args.ramp is None:
        args.ramp = max(1.0, args.think)
    return load(args)


if __name__ == "__main__":
    raise SystemExit(main())
