"""The restart bench (bench/server_hostile.py --restart) writes its abandoned tables straight into the database; it
broke once when a migration added a column. This runs it small, so a schema change that breaks it fails here."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_restart_bench_fills_a_database_the_server_starts_on_and_abandons() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_hostile.py"), "--restart", "30", "--repeat", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "statuses afterwards: {'abandoned': 30}" in run.stdout, run.stdout
