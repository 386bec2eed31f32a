"""The code standards are part of the suite: ruff clean everywhere, mypy --strict for the whole package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    done = _run(ruff, "check", "src", "tests", "bench", "setup.py", "build_backend")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_strict_for_the_whole_package() -> None:
    # Strict is set once for all of src/podium; an override that turns a check off again would undo it for a part.
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True and mypy["files"] == ["src/podium"]
    relaxed = [
        o for o in mypy.get("overrides", []) if o.get("ignore_errors") or any(value is False for value in o.values())
    ]
    assert relaxed == [], relaxed


def test_mypy_is_clean() -> None:
    done = _run(sys.executable, "-m", "mypy", "src/podium")
    assert done.returncode == 0, done.stdout + done.stderr
