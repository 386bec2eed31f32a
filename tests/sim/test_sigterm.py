"""A run stopped by SIGTERM (a job scheduler's stop, `kill`, a container's shutdown) leaves no process behind.

SIGTERM, unlike Ctrl-C, reaches the driver alone: its worker processes used to play their chunks on for minutes."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PLUGIN = "kuhn"  # the test plugin game, installed by the test setup


def _session(sid: int) -> set[int]:
    """The live processes of session `sid` (Linux /proc), zombies left out."""
    members = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the command name, which may hold spaces
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            members.add(int(entry.name))
    return members


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table in /proc")
def test_sigterm_ends_a_simulation_and_its_workers() -> None:
    driver = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from podium.cli.app import main; main()",
            "simulate",
            PLUGIN,
            "-n",
            "50000000",
            "-w",
            "2",
            "--seed",
            "1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # the run and everything it starts share a session of their own
    )
    try:
        deadline = time.monotonic() + 120
        while len(_session(driver.pid) - {driver.pid}) < 2:  # both workers are up (and the pool's helpers)
            assert driver.poll() is None, driver.stderr.read() if driver.stderr else ""
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.2)
        time.sleep(1.0)  # the workers are playing their first chunks
        driver.send_signal(signal.SIGTERM)
        assert driver.wait(timeout=60) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 30
        while _session(driver.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _session(driver.pid), "processes of the run are still alive after it ended"
    finally:
        for pid in _session(driver.pid):
            os.kill(pid, signal.SIGKILL)
        driver.kill()
        driver.wait()
