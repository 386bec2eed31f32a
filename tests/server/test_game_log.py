"""GET /api/tables/{id}/log (issue 29) on the plugin game: the rebuilt log of each seat and of a spectator is what
their sockets received live (the check: tests/server_log_support.py; each built-in game runs it in its own folder)."""

from __future__ import annotations

from pathlib import Path

from server_log_support import check_rebuilt_logs


def test_the_rebuilt_log_is_what_each_receiver_saw_live(tmp_path: Path) -> None:
    check_rebuilt_logs("kuhn", {"hands": 2}, tmp_path)
