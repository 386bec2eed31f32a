"""podium's games as OpenSpiel games (the `openspiel` extra; docs/openspiel.md).

Importing this module registers, with `pyspiel.register_game`, every installed game that has an encoding facet
(`GameSpec.encoding`) as `podium_<name>`: `podium_golf`, `podium_athletic`, `podium_olympicards`, and a plugin's game
as soon as it declares an encoding. Then `pyspiel.load_game("podium_golf", {"players": 3, "rounds": 2})`.
"""

from __future__ import annotations

import pyspiel

from podium.core.registry import game_names, get_game, get_spec
from podium.openspiel.game import PREFIX, PodiumGame, PodiumState, game_type

REGISTERED: list[str] = []  # the OpenSpiel names this module registered


def register() -> list[str]:
    """Register every installed game with an encoding that is not registered yet; returns the OpenSpiel names."""
    known = set(pyspiel.registered_names())
    for name in game_names():
        spec = get_spec(name)
        if spec.encoding is None or PREFIX + name in known:
            continue
        # A class per game, not a closure: OpenSpiel's registry keeps its factory until the C++ runtime exits, after
        # Python's, and a class (which refers to itself) is never freed then, where a closure would crash the exit.
        # It lives in this module under its name, so that pickle finds it (OpenSpiel pickles Python games).
        factory = type(f"PodiumGame_{name}", (PodiumGame,), {"spec": spec, "__module__": __name__})
        globals()[factory.__name__] = factory
        pyspiel.register_game(game_type(spec, get_game(name)), factory)
        REGISTERED.append(PREFIX + name)
    return list(REGISTERED)


register()

__all__ = ["PREFIX", "REGISTERED", "PodiumGame", "PodiumState", "register"]
