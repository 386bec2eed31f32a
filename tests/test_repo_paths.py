"""The benches and the documentation name paths inside the repository, never a development machine's (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|Users|root|tmp)/[\w.-]+")


def test_bench_and_docs_name_no_machine_paths() -> None:
    files = [*ROOT.glob("bench/**/*.md"), *ROOT.glob("bench/**/*.py"), *ROOT.glob("docs/**/*.md"), ROOT / "README.md"]
    assert any(f.name == "README.md" and f.parent.name == "bench" for f in files)
    found = [
        f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in MACHINE_PATH.finditer(line)
    ]
    assert not found, "absolute paths of a machine (give paths relative to the repository):\n" + "\n".join(found)
