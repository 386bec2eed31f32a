"""Make the pictures of this folder again: `python docs/screenshots/make.py` (from the repository, with the test
extra installed and Debian's chromium at /usr/bin/chromium).

The pictures are taken by the browser tests that play each game (tests/e2e; `shoot(page, name, docs=True)`), so a
picture always shows the client as the tests saw it work: the lobby, a table of each game at desktop and phone
width, the rules panels, and the lobby and every game in Hungarian (`-hu`) and Norwegian bokmål (`-nb`). The tests
copy their pictures here only when PODIUM_UPDATE_SCREENSHOTS=1, which this script sets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# the browser tests that photograph for the docs
TESTS = [
    "tests/e2e/test_e2e_lobby.py",
    "tests/e2e/test_e2e_golf.py",
    "tests/e2e/test_e2e_athletic.py",
    "tests/e2e/test_e2e_olympicards.py",
    "tests/e2e/test_e2e_for_players.py",
    "tests/e2e/test_e2e_i18n.py::test_a_turn_of_each_game_in_hungarian_and_norwegian",
]


def main() -> int:
    env = {**os.environ, "PODIUM_UPDATE_SCREENSHOTS": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS]
    return subprocess.run(command, cwd=REPO, env=env, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
