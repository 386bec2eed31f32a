"""What bench/server_load.py loads: one `podium serve` on SQLite (the default), or `--processes N` of them on one
PostgreSQL (`--postgres`: a throwaway cluster with PostgreSQL's durable defaults, fsync and synchronous commit on,
podium.testing.postgres). The clients reach the processes directly (no proxy, whose CPU would be counted against
the two cores): the players of one game on different processes (`--spread seat`, every action crosses processes),
or each game on one (`--spread table`, as nginx's hash by table mostly does). `--server-cpu CORES` holds each podium
process (with its bot worker) to that much CPU (podium.testing.cpuquota): a process on a machine of its own, so
that the throughput of N processes can be told from one's on this machine's 2 shared cores."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from podium.testing import postgres
from podium.testing.cpuquota import CpuQuota
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving


@dataclass
class Site:
    bases: list[str]
    pids: list[int]  # the podium processes
    database_pids: list[int] = field(default_factory=list)  # PostgreSQL's processes at the start of the run
    logs: list[Path] = field(default_factory=list)
    what: str = ""
    quotas: list[CpuQuota] = field(default_factory=list)  # one per podium process, with --server-cpu


def postgres_pids(cluster: postgres.Cluster) -> list[int]:
    """The postmaster and its children (the backends serving podium are among them)."""
    if cluster.folder is None:
        return []
    pid = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(stat.parent.name))
    return [pid, *children]


@contextlib.contextmanager
def site(folder: Path, processes: int, use_postgres: bool, server_cpu: float | None = None) -> Iterator[Site]:
    cluster = postgres.start(durable=os.environ.get("BENCH_PG_FSYNC", "1") == "1") if use_postgres else None
    running: list[subprocess.Popen[bytes]] = []
    quotas: list[CpuQuota] = []
    try:
        db: Path | str = cluster.database("bench") if cluster is not None else folder / "bench.sqlite3"
        ports = [free_port() for _ in range(processes)]
        logs = [folder / f"server-{port}.log" for port in ports]
        running = [spawn_serve(db, port, log=log) for port, log in zip(ports, logs, strict=True)]
        if server_cpu is not None:
            for process in running:
                quotas.append(CpuQuota.create(f"bench-{process.pid}", server_cpu))
                quotas[-1].add(process.pid)
        for process, port, log in zip(running, ports, logs, strict=True):
            wait_serving(process, port, timeout=120, log=log)  # a busy machine imports slowly
        store = "PostgreSQL" if cluster is not None else "SQLite"
        held = f", each held to {server_cpu:g} core" if server_cpu is not None else ""
        yield Site(
            [f"http://{HOST}:{port}" for port in ports],
            [p.pid for p in running],
            postgres_pids(cluster) if cluster is not None else [],
            logs,
            f"{processes} podium serve process{'es' if processes > 1 else ''} on {store}{held}",
            quotas,
        )
    finally:
        for process in running:
            process.terminate()
        for process in running:
            process.wait(20)
        for quota in quotas:
            quota.remove()
        if cluster is not None:
            cluster.stop()
