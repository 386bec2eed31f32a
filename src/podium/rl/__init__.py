"""Reinforcement learning on podium's games: `aec_env` (PettingZoo, every seat an agent) and `gym_env` (Gymnasium,
one seat learning against podium bots), for every game whose spec declares an `encoding` facet (docs/rl.md).

Needs the `rl` extra (numpy, gymnasium, pettingzoo): `pip install 'podium[rl]'`. A game's encoding subclasses the
plugin kit's `podium.api.encoding` (`podium.rl.base` is its old name), which needs none of them and imports nothing
of this package; the environments are imported on first use. Importing
`podium.rl` registers every installed game with an encoding with Gymnasium, when it is installed, as
`podium/<Game>-v0` (`podium/Golf-v0`, …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.rl.aec import aec_env
    from podium.rl.single import gym_env

__all__ = ["aec_env", "gym_env"]


def _register() -> None:
    try:
        import gymnasium  # noqa: F401
    except ImportError:  # without the rl extra: the encodings still import, the environments say what is missing
        return
    from podium.rl.single import register_all

    register_all()


def __getattr__(name: str) -> Any:
    _need_extra()
    if name == "aec_env":
        from podium.rl.aec import aec_env

        return aec_env
    if name == "gym_env":
        from podium.rl.single import gym_env

        return gym_env
    raise AttributeError(f"module 'podium.rl' has no attribute {name!r}")


def _need_extra() -> None:
    missing = []
    for module in ("numpy", "gymnasium", "pettingzoo"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise ImportError(f"podium.rl needs {', '.join(missing)}: install the rl extra, pip install 'podium[rl]'")


_register()
