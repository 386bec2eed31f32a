"""The code standards are part of the suite: ruff clean everywhere, mypy --strict for the core and the games."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    done = _run(ruff, "check", "src", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    # The configuration in pyproject.toml makes podium.core and podium.games strict.
    done = _run(sys.executable, "-m", "mypy", "src/podium")
    assert done.returncode == 0, done.stdout + done.stderr
