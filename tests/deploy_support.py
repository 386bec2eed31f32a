"""The deploy of docs/deploy.md for the tests: `podium serve` processes on one PostgreSQL database, with nginx in
front running the shipped site (deploy/nginx-podium.conf, only its ports changed; podium.testing.nginx).

`site`: two processes behind one nginx, as docs/deploy.md runs them (tests/server/test_deploy.py).
`pinned_site`: two processes, each behind an nginx of its own (the same shipped file, listing one process): a client
of one front always reaches the same process, so that two browsers can be pinned to different processes of one site
(tests/e2e/test_e2e_deploy.py).

PostgreSQL or nginx missing: the tests are skipped with the reason, loudly; in CI (`CI` set: `.ci/run` installs and
starts both) they fail instead, so that they cannot pass there without running."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import httpx2
import pytest
from websockets.sync.client import connect

from podium.testing import nginx, postgres
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving
from server_support import Socket


def unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"in CI the deploy tests must run (.ci/run provides PostgreSQL and nginx): {reason}")
    pytest.skip(f"DEPLOY TESTS SKIPPED: {reason}")


@pytest.fixture(scope="session")
def deploy_cluster(request: pytest.FixtureRequest) -> postgres.Cluster:
    """The session's PostgreSQL (tests/store_support.py's `pg_cluster`), its absence failing in CI."""
    try:
        cluster: postgres.Cluster = request.getfixturevalue("pg_cluster")
    except pytest.skip.Exception as exc:
        unavailable(str(exc))
    return cluster


@dataclass
class Site:
    url: str  # the database's
    nginx: nginx.Nginx
    processes: dict[int, subprocess.Popen[bytes]]  # by port

    def http(self) -> httpx2.Client:
        return httpx2.Client(base_url=self.nginx.base, trust_env=False, timeout=10)

    def ws(self, table_id: str) -> Socket:
        uri = f"ws://{HOST}:{self.nginx.port}/ws/tables/{table_id}"
        return Socket(connect(uri, proxy=None, open_timeout=5).__enter__())


@contextlib.contextmanager
def serving(url: str, folder: Path, count: int = 2) -> Iterator[dict[int, subprocess.Popen[bytes]]]:
    """`count` `podium serve` processes on the database at `url`, serving once this is entered; stopped at the end."""
    processes: dict[int, subprocess.Popen[bytes]] = {}
    try:
        for _ in range(count):
            port = free_port()
            processes[port] = spawn_serve(url, port, log=folder / f"serve-{port}.log")
        for port, process in processes.items():
            wait_serving(process, port, timeout=120, log=folder / f"serve-{port}.log")  # a busy machine
        yield processes
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.terminate()
        for process in processes.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(20)


@contextlib.contextmanager
def fronting(ports: list[int]) -> Iterator[nginx.Nginx]:
    try:
        front = nginx.Nginx(ports).start()
    except nginx.Unavailable as exc:
        unavailable(f"nginx cannot be started here: {exc}")
    try:
        yield front
    finally:
        front.stop()


@pytest.fixture
def site(deploy_cluster: postgres.Cluster, tmp_path: Path) -> Iterator[Site]:
    url = deploy_cluster.database()
    with serving(url, tmp_path) as processes, fronting(list(processes)) as front:
        yield Site(url, front, processes)


@pytest.fixture(scope="module")
def pinned_site(deploy_cluster: postgres.Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Site]]:
    """One Site per process, each with its own nginx listing only that process; all on one database. For a module
    (its tests play tables of their own): starting the processes is most of a browser test's time."""
    url = deploy_cluster.database()
    with serving(url, tmp_path_factory.mktemp("pinned")) as processes, contextlib.ExitStack() as fronts:
        yield [Site(url, fronts.enter_context(fronting([port])), {port: p}) for port, p in processes.items()]


__all__ = ["Site", "deploy_cluster", "fronting", "pinned_site", "serving", "site", "unavailable"]
