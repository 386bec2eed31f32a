"""`podium serve` as a child process, for the tests and the load bench that need the real command: a free loopback
port, its own database, its output in a log, and a wait until it answers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

HOST = "127.0.0.1"  # loopback only
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # a proxy in the environment must not apply


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def spawn_serve(
    db: Path | str,
    port: int,
    *,
    bot_delay: float = 0.0,
    log: Path | None = None,
    rate_limits: bool = False,
    extra: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """Start `podium serve` (with this interpreter, so the same installation) on `port`; its output is appended to
    `log`, or dropped. The REST rate limits are off unless asked for: every test client has the same address.
    `extra`: more options of `podium serve`."""
    command = [sys.executable, "-c", "from podium.cli.app import main; main()", "serve", "--host", HOST]
    command += ["--port", str(port), "--db", str(db), "--bot-delay", str(bot_delay)]
    command += ["--rate-limits" if rate_limits else "--no-rate-limits", *extra]
    if log is None:
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with log.open("ab") as out:  # the child keeps its own descriptor
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)


def wait_serving(process: subprocess.Popen[bytes], port: int, timeout: float = 30.0, log: Path | None = None) -> None:
    """Return once the server answers `GET /api/games`; if it exits or `timeout` passes first, kill it and raise
    RuntimeError (with the end of `log`, if given)."""
    url = f"http://{HOST}:{port}/api/games"
    deadline = time.monotonic() + timeout
    while True:
        try:
            with _NO_PROXY.open(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            process.wait(10)
            tail = log.read_text(errors="replace")[-2000:] if log is not None and log.exists() else ""
            raise RuntimeError(f"podium serve did not start on port {port}. {tail}".strip())
        time.sleep(0.05)


__all__ = ["HOST", "free_port", "spawn_serve", "wait_serving"]
