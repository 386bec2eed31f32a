"""The game contract and the game-agnostic machinery every interface builds on."""

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
