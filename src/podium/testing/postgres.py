"""A throwaway PostgreSQL cluster for the tests and benches that need the shared store: `initdb` in a temporary
folder, `pg_ctl start` on a free loopback port, run as an unprivileged user (PostgreSQL refuses to run as root), and
removed by `stop`. `PODIUM_TEST_PG` (a postgresql:// URL of a server that may create databases, e.g. the one
`.ci/run` starts) is used instead when set."""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from podium.testing.serve import HOST, free_port

ENV_URL = "PODIUM_TEST_PG"
USER = "podium"  # the cluster's superuser (trust authentication, loopback only)


class Unavailable(RuntimeError):
    """No PostgreSQL can be started here; the message says why."""


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: $PODIUM_PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or the PATH."""
    given = os.environ.get("PODIUM_PG_BIN")
    if given:
        return Path(given)
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _as_unprivileged() -> tuple[Callable[[], None] | None, int | None, int | None]:
    """A preexec function that drops root for the postgres user (or nobody), with its uid and gid; nothing if not
    root."""
    if os.geteuid() != 0:
        return None, None, None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return _dropper(entry.pw_uid, entry.pw_gid), entry.pw_uid, entry.pw_gid
    raise Unavailable("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as")


def _dropper(uid: int, gid: int) -> Callable[[], None]:
    def drop() -> None:
        os.setgid(gid)
        os.setgroups([])
        os.setuid(uid)

    return drop


class Cluster:
    """A running cluster (or the server of $PODIUM_TEST_PG); `database()` makes a fresh empty database."""

    def __init__(self, admin_url: str, folder: Path | None = None, pg_ctl: Path | None = None) -> None:
        self.admin_url = admin_url
        self.folder = folder
        self.pg_ctl = pg_ctl
        self.names = itertools.count()

    def database(self, prefix: str = "t") -> str:
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(self.names)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.admin_url.rsplit("/", 1)[0] + "/" + name

    def stop(self) -> None:
        if self.folder is None or self.pg_ctl is None:
            return
        drop, _, _ = _as_unprivileged()
        subprocess.run(
            [str(self.pg_ctl), "stop", "-D", str(self.folder / "data"), "-m", "immediate", "-w"],
            preexec_fn=drop,
            capture_output=True,
            timeout=60,
            check=False,  # already stopped: nothing to do
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def start(*, durable: bool = False) -> Cluster:
    """The server of $PODIUM_TEST_PG, or a new cluster; `Unavailable` (with the reason) if neither can be had.
    `durable`: keep PostgreSQL's fsync (a bench's figures); the tests run without it (the database does not have to
    outlive the machine, only the podium processes)."""
    url = os.environ.get(ENV_URL)
    if url:
        return Cluster(url)
    found = bin_dir()
    if found is None or not (found / "pg_ctl").exists():
        raise Unavailable("no initdb/pg_ctl (install Debian's postgresql, or set PODIUM_PG_BIN or PODIUM_TEST_PG)")
    drop, uid, gid = _as_unprivileged()
    folder = Path(tempfile.mkdtemp(prefix="podium-pg-"))
    if uid is not None and gid is not None:
        os.chown(folder, uid, gid)
    data, log, port = folder / "data", folder / "log", free_port()

    def run(*command: str) -> None:
        done = subprocess.run(command, preexec_fn=drop, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            tail = log.read_text(errors="replace")[-1500:] if log.exists() else ""
            shutil.rmtree(folder, ignore_errors=True)
            raise Unavailable(f"{Path(command[0]).name} failed: {done.stderr.strip()[-1500:]} {tail}".strip())

    run(str(found / "initdb"), "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
    options = f"-p {port} -k {folder} -c listen_addresses={HOST} -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    run(str(found / "pg_ctl"), "start", "-w", "-t", "60", "-D", str(data), "-l", str(log), "-o", options)
    return Cluster(f"postgresql://{USER}@{HOST}:{port}/postgres", folder, found / "pg_ctl")


__all__ = ["ENV_URL", "Cluster", "Unavailable", "bin_dir", "start"]
