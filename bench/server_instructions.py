"""Instructions per action of the web server, counted by callgrind: a figure the machine's load does not change.

    python bench/server_instructions.py                 # podium serve: 10 Golf games x 20 actions, about a minute
    python bench/server_instructions.py --floor 2       # bench/server_floor.py (uvicorn, nothing behind the protocol)
    python bench/server_instructions.py --games 20 --actions 30

Needs valgrind (Debian's package). The server runs under `valgrind --tool=callgrind` with the instrumentation off;
a client (this process) creates the games over REST, opens both seats' sockets, plays three warm-up actions per
game, then turns the instrumentation on (`callgrind_control`), plays `--actions` more per game, one action at a time
(each arrives alone, as at a human pace) with a short pause between them, and turns it off. The figure is the
instructions the server executed in that phase (every thread, user space only: not the kernel's work for its system
calls) divided by the actions. Run the server of another checkout with PYTHONPATH=that/src.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from podium.testing.serve import HOST, free_port, wait_serving


async def next_sync(ws: ClientConnection, after: int) -> dict[str, Any]:
    """The socket's next sync of a version above `after` (an ack frame before it is read and skipped)."""
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 120))
        if frame["type"] == "error":
            raise RuntimeError(f"the server answered {frame}")
        if frame["type"] == "sync" and frame["version"] > after:
            return dict(frame)


async def drive(base: str, pid: int, games: int, actions: int) -> None:
    rng = random.Random(1)
    body = {"game": "golf", "players": 2, "options": {}, "name": "bench", "seats": [{"kind": "human"}] * 2}
    tables: list[list[tuple[ClientConnection, dict[str, Any]]]] = []
    async with httpx2.AsyncClient(base_url=base, trust_env=False, timeout=120) as http:
        for _ in range(games):
            made = (await http.post("/api/tables", json=body)).json()
            table_id = made["table"]["id"]
            joined = (await http.post(f"/api/tables/{table_id}/join", json={})).json()
            seats = []
            for token in (made["token"], joined["token"]):
                url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
                ws = await connect(url, proxy=None, max_queue=None, compression=None, open_timeout=120)
                await ws.send(json.dumps({"type": "hello", "token": token}))
                seats.append((ws, await next_sync(ws, -1)))
            tables.append(seats)

    async def play(rounds: int) -> None:
        for _ in range(rounds):
            for seats in tables:
                mover = next(i for i, (_, sync) in enumerate(seats) if sync["legal"])
                ws, sync = seats[mover]
                version = sync["version"]
                action = rng.choice(sync["legal"])["action"]
                await ws.send(json.dumps({"type": "action", "version": version, "action": action}))
                for i, (other, _) in enumerate(seats):
                    seats[i] = (other, await next_sync(other, version))
                    if "result" in seats[i][1]:
                        raise RuntimeError("a game ended: give fewer --actions")
                await asyncio.sleep(0.002)

    await play(3)
    subprocess.run(["callgrind_control", "--zero", str(pid)], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "--instr=on", str(pid)], check=True, capture_output=True)
    await play(actions)
    subprocess.run(["callgrind_control", "--instr=off", str(pid)], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "--dump=measured", str(pid)], check=True, capture_output=True)
    for seats in tables:
        for ws, _ in seats:
            await ws.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games played side by side")
    parser.add_argument("--actions", type=int, default=20, help="actions counted per game")
    parser.add_argument("--floor", type=int, choices=[2, 3], default=0, help="count bench/server_floor.py instead")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("server_instructions: needs valgrind (apt-get install valgrind)")
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        if args.floor:
            floor = str(Path(__file__).with_name("server_floor.py"))
            server = [floor, "--port", str(port), "--frames", str(args.floor)]
        else:
            server = ["-c", "from podium.cli.app import main; main()", "serve", "--host", HOST, "--port", str(port)]
            server += ["--db", str(Path(folder) / "bench.sqlite3"), "--bot-delay", "0", "--no-rate-limits"]
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}.%p"]
        log = Path(folder) / "server.log"
        with log.open("ab") as sink:
            process = subprocess.Popen([*command, sys.executable, *server], stdout=sink, stderr=subprocess.STDOUT)
        try:
            wait_serving(process, port, timeout=180, log=log)
            asyncio.run(drive(f"http://{HOST}:{port}", process.pid, args.games, args.actions))
        finally:
            process.terminate()
            process.wait(60)
        dumps = [p for p in Path(folder).glob("callgrind.out.*") if p.read_text().find("dump measured") >= 0]
        totals = re.findall(r"^totals: (\d+)", dumps[0].read_text(), re.MULTILINE) if dumps else []
    if not totals:
        print("server_instructions: no measured dump from callgrind")
        return 1
    count = args.games * args.actions
    what = f"the floor (bench/server_floor.py, {args.floor} frames per action)" if args.floor else "podium serve"
    print(
        f"server_instructions: {what}: {int(totals[0]) / count:,.0f} instructions per action "
        f"({args.games} Golf games x {args.actions} actions, one at a time; user space, every thread)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
