"""The game contract and the game-agnostic machinery every interface builds on.

Its names are imported on first use (PEP 562), so that importing one module of `podium.core` (as reading a game's
spec imports `podium.core.registry`) loads that module alone.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.core.config import GameConfig, option
    from podium.core.contract import Action, Event, Game, JsonDict, Result, State, Termination, View
    from podium.core.errors import (
        ActionError,
        ConfigError,
        GameNotOver,
        IllegalAction,
        MalformedAction,
        PlayerCountError,
        PodiumError,
        RecordError,
        UnknownGame,
    )
    from podium.core.record import Record, Recorder
    from podium.core.registry import game_names, get_game
    from podium.core.rng import Rng

_HOMES = {
    "podium.core.config": ("GameConfig", "option"),
    "podium.core.contract": ("Action", "Event", "Game", "JsonDict", "Result", "State", "Termination", "View"),
    "podium.core.errors": (
        "ActionError",
        "ConfigError",
        "GameNotOver",
        "IllegalAction",
        "MalformedAction",
        "PlayerCountError",
        "PodiumError",
        "RecordError",
        "UnknownGame",
    ),
    "podium.core.record": ("Record", "Recorder"),
    "podium.core.registry": ("game_names", "get_game"),
    "podium.core.rng": ("Rng",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Action",
    "ActionError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "GameNotOver",
    "IllegalAction",
    "JsonDict",
    "MalformedAction",
    "PlayerCountError",
    "PodiumError",
    "Record",
    "RecordError",
    "Recorder",
    "Result",
    "Rng",
    "State",
    "Termination",
    "UnknownGame",
    "View",
    "game_names",
    "get_game",
    "option",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_HOME[name]), name)
    return value
