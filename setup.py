"""Everything but the compiled build is in pyproject.toml. With `PODIUM_USE_MYPYC=1` at install time, mypyc compiles
the Athletic solver and the cards it counts to C extensions: the same code and answers, a hard bot's decision in
Athletic Games about 2.1x faster (bench/README.md). Without it, podium is pure Python."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup

# The modules a `hard` Athletic bot spends most of its time in (bench/README.md, target 6); the package's __init__
# stays Python, so that importing podium.games.athletic.solver works the same either way.
COMPILED = [
    "src/podium/games/athletic/cards.py",
    *sorted(
        path.as_posix() for path in Path("src/podium/games/athletic/solver").glob("*.py") if path.name != "__init__.py"
    ),
]


def compiled_extensions() -> list[Extension]:
    choice = os.environ.get("PODIUM_USE_MYPYC", "0")
    if choice not in ("0", "1"):
        raise SystemExit(f"PODIUM_USE_MYPYC={choice!r}: use 1 to compile the Athletic solver with mypyc, 0 not to")
    if choice == "0":
        return []
    from mypyc.build import mypycify

    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=compiled_extensions())
