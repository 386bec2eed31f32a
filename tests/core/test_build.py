"""`podium version --build`'s list of compiled modules (podium.core.build): found by the extension suffixes Python
imports, and named as modules."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

from typer.testing import CliRunner

from podium.cli.app import app
from podium.core.build import compiled_modules


def test_extensions_are_named_as_the_modules_python_imports_from_them(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "inner").mkdir(parents=True)
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    (tmp_path / f"pkg/first{suffixes[0]}").write_bytes(b"")
    (tmp_path / f"pkg/inner/second{suffixes[-1]}").write_bytes(b"")
    for plain in ("pkg/first.py", "pkg/plain.py", "pkg/inner/notes.txt"):
        (tmp_path / plain).write_text("")

    assert compiled_modules(tmp_path / "pkg") == ["pkg.first", "pkg.inner.second"]


def test_version_build_lists_the_compiled_modules_or_says_pure_python() -> None:
    result = CliRunner().invoke(app, ["version", "--build"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == CliRunner().invoke(app, ["version"]).output.strip()
    compiled = compiled_modules()
    if compiled:  # a PODIUM_USE_MYPYC=1 install (tests/packaging checks such a build)
        assert lines[1:] == [f"compiled: {name}" for name in compiled]
    else:
        assert lines[1:] == ["pure Python: no compiled modules (see PODIUM_USE_MYPYC in the README)"]
