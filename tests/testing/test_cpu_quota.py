"""podium.testing.cpuquota holds a process and the children it starts to their quota (the load bench's
`--server-cpu`, issue 32)."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest

from podium.testing.cpuquota import CpuQuota, QuotaUnavailable

# Spins for `seconds` of wall time in itself and in a child it forks once told to start, then prints the CPU seconds
# both used.
SPIN = """
import os, sys, time
sys.stdin.readline()
seconds = float(sys.argv[1])
child = os.fork()
end = time.monotonic() + seconds
while time.monotonic() < end:
    pass
if child == 0:
    os._exit(0)
os.waitpid(child, 0)
t = os.times()
print(t.user + t.system + t.children_user + t.children_system)
"""


def spin_in(quota: CpuQuota | None, seconds: float) -> float:
    process = subprocess.Popen(
        [sys.executable, "-c", SPIN, str(seconds)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    if quota is not None:
        quota.add(process.pid)
    out, _ = process.communicate("go\n", timeout=60)
    return float(out)


@pytest.fixture
def quota() -> Iterator[CpuQuota]:
    try:
        made = CpuQuota.create(f"test-{uuid.uuid4().hex[:8]}", 0.2)
    except QuotaUnavailable as exc:
        pytest.skip(f"LOUD SKIP: no CPU quota on this machine: {exc}")
    yield made
    made.remove()


def test_a_process_and_its_child_use_at_most_their_quota(quota: CpuQuota) -> None:
    seconds = 2.0
    used = spin_in(quota, seconds)
    # Two spinning processes would use up to 2 cores (4 s of CPU); held to 0.2 core they use 0.4 s, with a margin
    # for the scheduler's period at either end.
    assert used / seconds <= 0.35, f"{used:.2f} s of CPU in {seconds} s: the quota of 0.2 core did not hold"
    periods, throttled = quota.throttled()
    assert periods > 0 and throttled > 0, (periods, throttled)


def test_a_quota_must_be_positive() -> None:
    with pytest.raises(ValueError, match="more than 0 cores"):
        CpuQuota.create("never", 0)
