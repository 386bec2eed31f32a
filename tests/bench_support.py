"""Running a script of bench/ as its users do, for the tests that keep the benches working."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_bench(script: str, *options: str) -> subprocess.CompletedProcess[str]:
    """`python bench/<script> <options>` from the repository's root, with this interpreter; its output captured."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *options],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
