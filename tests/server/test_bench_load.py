"""The load bench (bench/server_load.py) runs small here, so that a change that breaks it fails in the suite: on
SQLite, and on PostgreSQL with two processes each held to a CPU quota (`--server-cpu`, issue 32's throughput)."""

import re

import pytest

from bench_support import run_bench
from podium.testing.cpuquota import CpuQuota, QuotaUnavailable

SMALL = ["--games", "6", "--think", "0.2", "--ramp", "1", "--seconds", "3"]


def bench(*options: str) -> str:
    run = run_bench("server_load.py", *SMALL, *options)
    assert run.returncode == 0, run.stderr[-2000:]
    acknowledged = re.search(r"actions acknowledged\s+([\d,]+) in the window", run.stdout)
    assert acknowledged is not None and int(acknowledged[1].replace(",", "")) > 0, run.stdout
    assert re.search(r"errors\s+0\b", run.stdout), run.stdout
    return run.stdout


@pytest.mark.slow
def test_the_load_bench_plays_games_on_one_sqlite_process() -> None:
    out = bench()
    assert "1 podium serve process on SQLite;" in out
    assert "quota" not in out


@pytest.mark.slow
def test_the_load_bench_holds_each_of_two_postgresql_processes_to_its_quota() -> None:
    try:
        CpuQuota.create("probe", 0.5).remove()
    except QuotaUnavailable as exc:
        pytest.skip(f"LOUD SKIP: no CPU quota on this machine: {exc}")
    out = bench("--postgres", "--processes", "2", "--spread", "table", "--server-cpu", "0.5")
    assert "2 podium serve processes on PostgreSQL, each held to 0.5 core" in out
    assert len(re.findall(r"process \d quota\s+0\.5 core: used \d+% of it", out)) == 2, out
