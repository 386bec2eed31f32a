"""Which of podium's modules run compiled: a `PODIUM_USE_MYPYC=1` install replaces the Python modules that setup.py
lists with C extensions built by mypyc, which Python then imports in their place."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

import podium

PACKAGE_ROOT = Path(podium.__file__ or "").parent
# longest first: `.so` alone is a suffix of `.cpython-311-x86_64-linux-gnu.so`
SUFFIXES = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)


def compiled_modules(root: Path = PACKAGE_ROOT) -> list[str]:
    """The names of the modules of the package at `root` that Python imports from C extensions, sorted."""
    names = []
    for path in root.rglob("*"):
        suffix = next((s for s in SUFFIXES if path.name.endswith(s)), None)
        if suffix is not None and path.is_file():
            relative = path.relative_to(root.parent)
            names.append(".".join((*relative.parent.parts, path.name.removesuffix(suffix))))
    return sorted(names)
