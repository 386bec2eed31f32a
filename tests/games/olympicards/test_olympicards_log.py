"""The game log rebuilt from the record (GET /api/tables/{id}/log, issue 29) is what each seat and a spectator saw
live (what each seat may see; the check: tests/server_log_support.py)."""

from __future__ import annotations

from pathlib import Path

from server_log_support import check_rebuilt_logs


def test_the_rebuilt_log_is_what_each_receiver_saw_live(tmp_path: Path) -> None:
    check_rebuilt_logs("olympicards", {}, tmp_path)
