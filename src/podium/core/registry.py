"""Game name -> game. Games are imported lazily so that using one never pays for the others."""

from __future__ import annotations

import importlib

from podium.core.contract import Game
from podium.core.errors import UnknownGame

_GAMES: dict[str, str] = {
    "athletic": "podium.games.athletic",
    "golf": "podium.games.golf",
    "olympicards": "podium.games.olympicards",
}
_loaded: dict[str, Game] = {}


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> Game:
    key = name.strip().lower()
    if key not in _GAMES:
        raise UnknownGame(f"unknown game {name!r}; games are: {', '.join(game_names())}")
    if key not in _loaded:
        _loaded[key] = importlib.import_module(_GAMES[key]).GAME
    return _loaded[key]
