"""podium's games as OpenSpiel games (the `openspiel` extra; docs/openspiel.md).

Importing this module registers, with `pyspiel.register_game`, every installed game that has an encoding facet
(`GameSpec.encoding`) as `podium_<name>`: `podium_golf`, `podium_athletic`, `podium_olympicards`, and a plugin's game
as soon as it declares an encoding and its game-type facts allow it (explicit chance; `SKIPPED` says why not). Then
`pyspiel.load_game("podium_golf", {"players": 3, "rounds": 2})`. The game's type (information, utility) and its
length bound are the facts the game declares (`podium.core.contract.Game`).
"""

from __future__ import annotations

import pyspiel

from podium.core.registry import game_names, get_game, get_spec
from podium.openspiel.game import PREFIX, PodiumGame, PodiumState, game_type, unsupported

REGISTERED: list[str] = []  # the OpenSpiel names this module registered
SKIPPED: dict[str, str] = {}  # game name -> why a game with an encoding is not registered


def register() -> list[str]:
    """Register every installed game with an encoding that is not registered yet and that this adapter can play (its
    game-type facts say so: `unsupported`); returns the OpenSpiel names."""
    known = set(pyspiel.registered_names())
    for name in game_names():
        spec = get_spec(name)
        if spec.encoding is None or PREFIX + name in known:
            continue
        reason = unsupported(get_game(name))
        if reason is not None:
            SKIPPED[name] = reason
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

__all__ = ["PREFIX", "REGISTERED", "SKIPPED", "PodiumGame", "PodiumState", "register"]
