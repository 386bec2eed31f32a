"""podium's build backend: setuptools', asking for mypy as well when `PODIUM_USE_MYPYC=1` compiles the Athletic
solver (setup.py). mypy is needed only to compile, so a plain install does not download it."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (the hooks this module does not change)

SWITCH = "PODIUM_USE_MYPYC"
COMPILER = "mypy>=1.10"  # mypyc ships with mypy


Hook = Callable[[dict[str, Any] | None], list[str]]


def _requirements(hook: Hook, config_settings: dict[str, Any] | None) -> list[str]:
    compiling = os.environ.get(SWITCH, "0") == "1"
    # setuptools runs setup.py to find its own requirements; compiling there would need mypy before it is asked for
    saved = os.environ.pop(SWITCH, None)
    try:
        requirements = hook(config_settings)
    finally:
        if saved is not None:
            os.environ[SWITCH] = saved
    return [*requirements, COMPILER] if compiling else requirements


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requirements(build_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requirements(build_meta.get_requires_for_build_editable, config_settings)
