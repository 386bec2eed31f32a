"""The restart bench (bench/server_hostile.py --restart) writes its abandoned tables straight into the database; it
broke once when a migration added a column. This runs it small, so a schema change that breaks it fails here."""

import pytest

from bench_support import run_bench


@pytest.mark.slow
def test_the_restart_bench_fills_a_database_the_server_starts_on_and_abandons() -> None:
    run = run_bench("server_hostile.py", "--restart", "30", "--repeat", "1")
    assert run.returncode == 0, run.stderr[-2000:]
    assert "statuses afterwards: {'abandoned': 30}" in run.stdout, run.stdout
