"""The web server under a bounded attack from one address (issue 28), and a start with many abandoned tables.

    python bench/server_hostile.py                    # quiet 15 s, attack 30 s, quiet 15 s again
    python bench/server_hostile.py --spectators 300 --quiet 10 --attack 20
    python bench/server_hostile.py --restart 10000    # time to serve again with 10,000 abandoned tables stored

A real `podium serve` (rate limits and caps on, as in production; a fresh database) runs in its own process. A
victim plays a human seat of a Golf table against a bot, a random legal action every `--think` seconds, and the
bench records its acknowledgement latency (send an action → its own sync with `"ack"`); `--victims N` plays N such
tables at once (more samples per phase; one table gives about 1.5 actions a second). In the middle phase an
attacker on the same loopback address, in a process of its own, runs everything at once:

- creates as many tables as it can (human tables, and tables of `hard` bots only with the longest options a public
  server allows: Golf, 18 rounds, 300 turns a round), and watches each table of bots (so its bots play);
- `--spectators` sockets watching: half on the victim's table (a table id is public), half on the attacker's,
  opened one after another (a refused one is asked for again 0.1 s later until the attack ends: the attacker holds
  as many as the server lets one address open and hold);
- a reconnect storm: the seat of one of its own tables connecting and disconnecting as fast as it can;
- `--slow` slow requests: connections that send one header line every 2 s (the server cuts them after 10 s; the
  attacker opens them again).

Figures: the victim's p50/p95 latency in each phase, the ratio attack / quiet (the issue's target: p95 within 2×
the quiet figure), the server's resident memory (VmRSS, sampled every 0.5 s; alone, and with its worker processes:
the hint worker and the bots') at its peak in each phase, the CPU it and its workers used (100% = one core), and
what the attacker got (tables made, refusals, the moves
its bots made, the spectators let in). The machine's load average is printed with them: on a shared machine the
phases before and after the attack bound the noise.

`--without PART` leaves a part of the attack out, to find where the victim's latency goes; `--bot-processes 0` runs
the server with its bots thinking in threads (as before issue 28's second session), to compare.

`--restart N`: N playing tables that nobody has touched for three days (the database a long-running server leaves
when players walk away), each with a game's actions. The first start abandons them (one UPDATE on the index of open
tables) and replays none; the time to serve is compared with an empty database.
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
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving
from server_load import time_to_serve

LONGEST = {"rounds": 18, "round_turn_limit": 300}  # the longest Golf a public server allows (docs/server.md)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rss_mb(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan")
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(found.group(1)) / 1024 if found else float("nan")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def children(pid: int) -> list[int]:
    """The process's children: the server's hint worker and its bots' workers."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # a child belongs to the thread that started it
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def load_average() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


# -- the victim ---------------------------------------------------------------------------------------------------


async def victim(
    base: str, table_id: str, token: str, think: float, until: float, marks: list[tuple[float, float]]
) -> None:
    """Play the seat until `until`; `marks` gets (sent at, latency) of each acknowledged action."""
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
    rng = random.Random(1)
    while time.monotonic() < until:
        try:
            async with connect(url, proxy=None, max_queue=None, compression=None, open_timeout=30) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent: float | None = None
                acted = -1
                while time.monotonic() < until:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if frame["type"] != "sync":
                        continue
                    if sent is not None and frame.get("ack"):
                        marks.append((sent, time.monotonic() - sent))
                        sent = None
                    if "result" in frame:
                        return
                    if frame["legal"] and frame["version"] > acted:
                        acted = frame["version"]
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                        sent = time.monotonic()
                        action = rng.choice(frame["legal"])["action"]
                        await ws.send(json.dumps({"type": "action", "version": frame["version"], "action": action}))
        except (OSError, TimeoutError, Exception):  # a dropped socket: reconnect, as the browser does
            await asyncio.sleep(0.2)


def new_victim_table(base: str, until: float) -> tuple[str, str] | None:
    """A new table for a victim, or None if none could be made before `until`: the victim shares its address with
    the attacker, who uses up the address's creates, so a victim whose game ended waits for its turn like anyone."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    # 18 rounds, the longest a public server allows: a game lasts a good part of the run
    body = {"game": "golf", "players": 2, "name": "Victim", "seats": seats, "options": {"rounds": 18}}
    with httpx2.Client(base_url=base, trust_env=False, timeout=30) as http:
        while time.monotonic() < until:
            answer = http.post("/api/tables", json=body)
            if answer.status_code == 201:
                made = answer.json()
                return made["table"]["id"], made["token"]
            if answer.status_code != 429:
                raise RuntimeError(f"the victim's table was refused: {answer.status_code} {answer.text}")
            time.sleep(float(answer.headers.get("retry-after", "1")))
    return None


# -- the attacker -------------------------------------------------------------------------------------------------


async def _watch(url: str, stop: float, accepted: list[int], answered: asyncio.Future[bool]) -> None:
    """Watch as a spectator until `stop`; `answered` says whether the socket was let in."""
    try:
        async with connect(url, proxy=None, max_queue=4, compression=None, open_timeout=30) as ws:
            await ws.send('{"type":"hello","spectator":true}')
            await asyncio.wait_for(ws.recv(), 30)  # the welcome: this socket was let in
            accepted[0] += 1
            answered.set_result(True)
            while time.monotonic() < stop:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), 1)
    except Exception:
        pass
    finally:
        if not answered.done():
            answered.set_result(False)


async def _spectators(tasks: list[asyncio.Task[None]], urls: list[str], stop: float, accepted: list[int]) -> None:
    """Open a spectator on each of `urls` in turn, each let in before the next is asked for: one refused (the
    address's socket cap, or its rate of opens) is asked for again 0.1 s later, until the attack ends."""
    for url in urls:
        while time.monotonic() < stop:
            answered = asyncio.get_running_loop().create_future()
            tasks.append(asyncio.create_task(_watch(url, stop, accepted, answered)))
            if await answered:
                break
            await asyncio.sleep(0.1)


async def _storm(url: str, token: str, stop: float, count: list[int]) -> None:
    while time.monotonic() < stop:
        try:
            async with connect(url, proxy=None, compression=None, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                await ws.recv()
                count[0] += 1
        except Exception:
            await asyncio.sleep(0.05)


async def _slow(port: int, stop: float, cut: list[int]) -> None:
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
            while time.monotonic() < stop:
                await asyncio.sleep(2)
                writer.write(b"X-Slow: 1\r\n")
                await writer.drain()
                if reader.at_eof():
                    break
            cut[0] += 1
            writer.close()
        except Exception:
            cut[0] += 1
            await asyncio.sleep(0.5)


async def _versions(http: httpx2.AsyncClient, tables: list[str]) -> list[int]:
    return [(await http.get(f"/api/tables/{t}")).json()["version"] for t in tables]


async def _attack(
    base: str, port: int, victim_table: str, seconds: float, spectators: int, slow: int, parts: set[str], nice: int
) -> dict[str, Any]:
    os.nice(nice)  # 0 unless asked: the attacker's client then competes for the machine's cores like the server
    stop = time.monotonic() + seconds
    ws_base = base.replace("http", "ws") + "/ws/tables/"
    codes: dict[int, int] = {}
    bot_tables: list[str] = []
    human: tuple[str, str] | None = None
    tasks = []
    async with httpx2.AsyncClient(base_url=base, trust_env=False, timeout=30) as http:
        for n in range(40 if "tables" in parts else 0):  # as many tables as it is let make
            bots = n % 2 == 0 and "bots" in parts
            seats = [{"kind": "bot", "bot": "hard"}] * 2 if bots else [{"kind": "human"}] * 2
            answer = await http.post(
                "/api/tables", json={"game": "golf", "players": 2, "seats": seats, "options": LONGEST}
            )
            codes[answer.status_code] = codes.get(answer.status_code, 0) + 1
            if answer.status_code == 201:
                if bots:
                    bot_tables.append(answer.json()["table"]["id"])
                elif human is None:
                    human = (answer.json()["table"]["id"], answer.json()["token"])
        # The sockets in this order, each part let in before the next asks (the address's socket cap is for all of
        # them): one spectator per table of bots (so they play), the reconnect storm, then the crowd of spectators.
        on_bots, on_victim = [0], [0]
        await _spectators(tasks, [ws_base + table for table in bot_tables], stop, on_bots)
        storms = [0]
        if human is not None and "storm" in parts:
            tasks.append(asyncio.create_task(_storm(ws_base + human[0], human[1], stop, storms)))
        if "spectators" in parts:
            half = spectators // 2
            others = [bot_tables[i % len(bot_tables)] for i in range(spectators - half)] if bot_tables else []
            crowd = [victim_table] * (spectators - len(others))
            # Opened in turn, in a task of their own, the victim's table's first (each part as many as let in).
            tasks.append(asyncio.create_task(_spectators(tasks, [ws_base + t for t in crowd], stop, on_victim)))
            tasks.append(asyncio.create_task(_spectators(tasks, [ws_base + t for t in others], stop, on_bots)))
        cut = [0]
        for _ in range(slow if "slow" in parts else 0):
            tasks.append(asyncio.create_task(_slow(port, stop, cut)))
        before = await _versions(http, bot_tables)
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        await asyncio.gather(*tasks)  # every spectator's task by now: they all end at `stop`
        after = await _versions(http, bot_tables)
    return {
        "create answers": codes,
        "bot tables": len(bot_tables),
        "their moves": sum(after) - sum(before),
        "spectators let in": {"victim's table": on_victim[0], "others": on_bots[0]},
        "reconnects": storms[0],
        "slow requests cut": cut[0],
        "its own CPU": f"{time.process_time():.1f} s",  # the attacking client's, on this machine's cores
    }


def attacker(
    base: str,
    port: int,
    victim_table: str,
    seconds: float,
    spectators: int,
    slow: int,
    parts: set[str],
    nice: int,
    out: Any,
) -> None:
    out.put(asyncio.run(_attack(base, port, victim_table, seconds, spectators, slow, parts, nice)))


# -- the run ------------------------------------------------------------------------------------------------------


PARTS = ("tables", "bots", "spectators", "storm", "slow")


def hostile(args: argparse.Namespace) -> int:
    parts = set(PARTS) - set(args.without)
    with tempfile.TemporaryDirectory() as folder:
        db, port = Path(folder) / "podium.sqlite3", free_port()
        log = Path(folder) / "serve.log"
        # as in production: rate limits and caps on, bots wait the default 0.5 s before they move
        extra = ["--bot-processes", str(args.bot_processes)] if args.server_src is None else []
        was = os.environ.get("PYTHONPATH")
        if args.server_src is not None:  # the server (only) runs another tree's sources: a before/after comparison
            os.environ["PYTHONPATH"] = os.pathsep.join([args.server_src, *([was] if was else [])])
        try:
            process = spawn_serve(db, port, bot_delay=0.5, rate_limits=True, log=log, extra=extra)
        finally:
            if was is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = was
        wait_serving(process, port, log=log)
        base = f"http://{HOST}:{port}"
        samples: list[tuple[float, float, float, float, float]] = []  # at, RSS, with workers, CPU s, workers' CPU s
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                own, kids = rss_mb(process.pid), children(process.pid)
                cpu = (cpu_seconds(process.pid), sum(cpu_seconds(c) for c in kids))
                samples.append((time.monotonic(), own, own + sum(rss_mb(c) for c in kids), *cpu))
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        try:
            start = time.monotonic()
            attack_from = start + args.quiet
            attack_to = attack_from + args.attack
            end = attack_to + args.quiet
            marks: list[tuple[float, float]] = []

            async def play(first: bool) -> None:
                while time.monotonic() < end:  # a finished game: the next one
                    made = await asyncio.to_thread(new_victim_table, base, end)
                    if made is None:
                        return
                    table_id, token = made
                    if first:
                        shared["victim"] = table_id  # the one the attacker's spectators crowd
                    await victim(base, table_id, token, args.think, end, marks)

            async def play_all() -> None:
                await asyncio.gather(*(play(n == 0) for n in range(args.victims)))

            shared: dict[str, str] = {}
            out: Any = multiprocessing.get_context("spawn").Queue()

            def launch() -> None:
                while time.monotonic() < attack_from or "victim" not in shared:
                    time.sleep(0.05)
                proc = multiprocessing.get_context("spawn").Process(
                    target=attacker,
                    args=(
                        base,
                        port,
                        shared["victim"],
                        args.attack,
                        args.spectators,
                        args.slow,
                        parts,
                        args.attacker_nice,
                        out,
                    ),
                )
                proc.start()
                shared["attacker"] = "started"
                proc.join(args.attack + 120)

            launcher = threading.Thread(target=launch, daemon=True)
            launcher.start()
            asyncio.run(play_all())
            launcher.join(args.attack + 150)
            report = out.get(timeout=30) if not out.empty() else {}
        finally:
            done.set()
            process.terminate()
            process.wait(10)
        phases = {
            "quiet before": (start, attack_from),
            "under attack": (attack_from, attack_to),
            "quiet after": (attack_to, end),
        }
        print(
            f"server_hostile: {args.victims} victim(s), {args.spectators} spectators, {args.slow} slow requests, "
            f"think {args.think} s; "
            f"attack parts {','.join(p for p in PARTS if p in parts)}, attacker nice {args.attacker_nice}, "
            f"bot processes {args.bot_processes if args.server_src is None else '-'}, "
            f"server sources {args.server_src or 'this tree'}; " + load_average()
        )
        figures = {}
        for name, (a, b) in phases.items():
            lat = [x for t, x in marks if a <= t < b]
            inside = [x for x in samples if a <= x[0] < b]
            rss = [x[1] for x in inside]
            total = [x[2] for x in inside]
            span = inside[-1][0] - inside[0][0] if len(inside) > 1 else float("nan")
            cpu = [(inside[-1][k] - inside[0][k]) / span * 100 if len(inside) > 1 else float("nan") for k in (3, 4)]
            figures[name] = percentile(lat, 0.95)
            print(
                f"  {name:13} actions {len(lat):4}  p50 {percentile(lat, 0.5) * 1000:7.1f} ms  "
                f"p95 {percentile(lat, 0.95) * 1000:7.1f} ms  peak RSS {max(rss, default=float('nan')):6.1f} MB "
                f"(with its workers {max(total, default=float('nan')):6.1f} MB); CPU {cpu[0]:3.0f}% "
                f"(its workers {cpu[1]:3.0f}%)"
            )
        quiet = max(figures["quiet before"], figures["quiet after"])
        ratio = figures["under attack"] / quiet if quiet else float("nan")
        before = figures["under attack"] / figures["quiet before"] if figures["quiet before"] else float("nan")
        print(
            f"  p95 under attack / quiet (the worse quiet phase): {ratio:.2f}× (target: within 2×); "
            f"/ quiet before: {before:.2f}×"
        )
        print(f"  the attacker got: {report}")
        return 0


# -- the restart with many abandoned tables ------------------------------------------------------------------------


def abandoned_tables(db: Path, count: int) -> None:
    """Fill `db` with `count` playing Golf tables (a human and a bot, 20 actions each) untouched for three days."""
    from podium.core.registry import get_game
    from podium.server.db import Database

    game = get_game("golf")
    config = game.config()
    state = game.new_game(config, 2, 7)
    moves = []
    for _ in range(20):
        player, action = state.current_player, state.legal_actions()[0]
        assert player is not None
        state.apply(action)
        moves.append((player, json.dumps(action.to_json())))
    long_ago = time.time() - 3 * 86400
    Database(db).close()  # the schema
    with sqlite3.connect(db) as conn:
        rows = []
        for n in range(count):
            rows.append((f"t{n}", "golf", json.dumps(config.to_dict()), 2, n, long_ago, "playing", long_ago))
        # Columns named: the schema grows by migrations (e.g. tables.owner), and a new column must not break this.
        conn.executemany(
            "INSERT INTO tables (id, game, options, num_players, seed, created, status, alive)"
            " VALUES (?,?,?,?,?,?,?,?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES (?,?,?,?,?,?)",
            [
                (f"t{n}", s, k, b, nm, h)
                for n in range(count)
                for s, k, b, nm, h in ((0, "human", None, "A", "0" * 64), (1, "bot", "random", None, None))
            ],
        )
        conn.executemany(
            "INSERT INTO actions (table_id, ply, seat, action, created) VALUES (?,?,?,?,?)",
            [(f"t{n}", ply, seat, action, long_ago) for n in range(count) for ply, (seat, action) in enumerate(moves)],
        )


def restart(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder) / "empty.sqlite3", Path(folder) / "full.sqlite3"
        time_to_serve(empty, None)  # creates the empty database, warms the file cache
        abandoned_tables(full, args.restart)
        first = time_to_serve(full, None)  # abandons them (one UPDATE), replays none
        again = [time_to_serve(full, None) for _ in range(args.repeat)]
        base = [time_to_serve(empty, None) for _ in range(args.repeat)]
        with sqlite3.connect(full) as conn:
            statuses = dict(conn.execute("SELECT status, COUNT(*) FROM tables GROUP BY status").fetchall())
        print(f"server_hostile --restart: {args.restart:,} playing tables untouched for 3 days; {load_average()}")
        print(
            f"  empty database            serving after {min(b[0] for b in base):.2f} s "
            f"(best of {args.repeat}; its own start after the imports {min(b[1] for b in base):.0f} ms)"
        )
        print(f"  first start (abandons)    serving after {first[0]:.2f} s (its own start {first[1]:.0f} ms)")
        print(
            f"  later starts              serving after {min(a[0] for a in again):.2f} s "
            f"(best of {args.repeat}; its own start {min(a[1] for a in again):.0f} ms)"
        )
        print(f"  statuses afterwards: {statuses}")
        print(
            "  target: serving within 1 s (on a loaded machine the imports alone take longer: compare the own starts)"
        )
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quiet", type=float, default=15.0, help="seconds of each quiet phase")
    parser.add_argument("--attack", type=float, default=30.0, help="seconds of the attack")
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=200, help="slow requests held open at once")
    parser.add_argument(
        "--victims",
        type=int,
        default=1,
        help="humans playing at once, each at a table of their own against a bot (more samples; the spectators "
        "crowd the first one's table)",
    )
    parser.add_argument("--think", type=float, default=0.3, help="the victim's mean seconds between actions")
    parser.add_argument(
        "--without", action="append", default=[], choices=PARTS, help="leave a part out of the attack (to isolate)"
    )
    parser.add_argument(
        "--attacker-nice",
        type=int,
        default=0,
        help="the attacking client's niceness: on a real attack its CPU is another machine's, here it shares the cores",
    )
    parser.add_argument(
        "--bot-processes", type=int, default=1, help="the server's --bot-processes (0: bots think in its threads)"
    )
    parser.add_argument(
        "--server-src",
        metavar="DIR",
        help="run the server from these sources (another checkout's src: the code before a change; no --bot-processes)",
    )
    parser.add_argument("--restart", type=int, default=0, metavar="N", help="time a start with N abandoned tables")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    return restart(args) if args.restart else hostile(args)


if __name__ == "__main__":
    raise SystemExit(main())
