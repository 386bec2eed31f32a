"""A CPU quota for a process and its children (a Linux cgroup), for the load bench's throughput of many processes.

Two `podium serve` processes on a 2-core machine share the same two cores with PostgreSQL and the load generator, so
adding the second one adds no CPU to the site and its throughput cannot be told from the first's (issue 32). Each
process held to a fraction of a core stands for a process on a machine of its own: the cores left over run the load
generator and the database, and the site's throughput at saturation shows how it scales with processes, not how the
two shared cores are split.

cgroup v2 (`cpu.max`) where the unified hierarchy offers the `cpu` controller, else cgroup v1 (`cpu.cfs_quota_us`).
Writing either needs root (or a delegated cgroup); `CpuQuota.create` raises `QuotaUnavailable` saying why.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

PERIOD_US = 100_000  # the scheduler's accounting period; the quota is `cores` of each


class QuotaUnavailable(RuntimeError):
    """This machine (or this user) cannot hold a process to a CPU quota."""


def _mounts() -> list[tuple[str, Path, set[str]]]:
    """(filesystem type, mount point, options) of each cgroup mount."""
    found = []
    for line in Path("/proc/mounts").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[2] in ("cgroup", "cgroup2"):
            found.append((fields[2], Path(fields[1]), set(fields[3].split(","))))
    return found


def _hierarchy() -> tuple[int, Path]:
    """The cgroup version and the folder in which a quota'd group can be made."""
    mounts = _mounts()
    for kind, where, _ in mounts:
        if kind == "cgroup2" and "cpu" in (where / "cgroup.controllers").read_text().split():
            return 2, where
    for kind, where, options in mounts:
        if kind == "cgroup" and "cpu" in options:
            return 1, where
    raise QuotaUnavailable("no cgroup hierarchy with the cpu controller is mounted")


@dataclass
class CpuQuota:
    path: Path
    cores: float

    @classmethod
    def create(cls, name: str, cores: float) -> CpuQuota:
        """A new group `podium-<name>` whose processes together use at most `cores` of CPU.

        Raises QuotaUnavailable if cgroups are missing or not writable, ValueError if `cores` is not positive."""
        if cores <= 0:
            raise ValueError(f"a CPU quota must be more than 0 cores, not {cores}")
        version, root = _hierarchy()
        path = root / f"podium-{name}"
        quota = max(1000, round(cores * PERIOD_US))  # the kernel refuses less than 1 ms
        try:
            if version == 2:
                controllers = (root / "cgroup.subtree_control").read_text().split()
                if "cpu" not in controllers:
                    (root / "cgroup.subtree_control").write_text("+cpu")
                path.mkdir(exist_ok=True)
                (path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
            else:
                path.mkdir(exist_ok=True)
                (path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (path / "cpu.cfs_quota_us").write_text(str(quota))
        except OSError as exc:
            raise QuotaUnavailable(f"cannot write the cgroup {path}: {exc.strerror or exc}") from None
        return cls(path, cores)

    def add(self, pid: int) -> None:
        """Put process `pid` in the group; the children it starts afterwards are in it too."""
        (self.path / "cgroup.procs").write_text(str(pid))

    def throttled(self) -> tuple[int, int]:
        """(periods in which the group ran, periods in which it used its whole quota and had to wait)."""
        stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
        return int(stat.get("nr_periods", 0)), int(stat.get("nr_throttled", 0))

    def remove(self) -> None:
        """Move what still runs in the group back to the parent's, and delete the group."""
        parent = self.path.parent / "cgroup.procs"
        with contextlib.suppress(OSError):
            for pid in (self.path / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):
                    parent.write_text(pid)
        with contextlib.suppress(OSError):
            os.rmdir(self.path)


__all__ = ["PERIOD_US", "CpuQuota", "QuotaUnavailable"]
