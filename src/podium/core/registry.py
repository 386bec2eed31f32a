"""Game name -> game, found through the `podium.games` entry points (see `podium.core.plugins`).

The built-in games register exactly as a game from another distribution does: an entry point in the `podium.games`
group whose name is the game's name and whose object is its `GameSpec`. Listing the games reads only the entry
points' metadata; a game's spec and engine are imported when that game is first asked for.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from podium.core.contract import Game
from podium.core.errors import PodiumError, UnknownGame
from podium.core.plugins import GameSpec, load_instance

GROUP = "podium.games"

_entry_points: dict[str, EntryPoint] | None = None
_specs: dict[str, GameSpec] = {}
_games: dict[str, Game] = {}


def _found() -> dict[str, EntryPoint]:
    global _entry_points  # noqa: PLW0603 - the installed distributions are read once per process
    if _entry_points is None:
        _entry_points = {ep.name.strip().lower(): ep for ep in entry_points(group=GROUP)}
    return _entry_points


def game_names() -> list[str]:
    return sorted(_found())


def get_spec(name: str) -> GameSpec:
    """The spec of game `name`: the game and where each of its facets lives."""
    key = name.strip().lower()
    found = _found()
    if key not in found:
        listed = ", ".join(game_names()) or f"none (no package declares a {GROUP!r} entry point)"
        raise UnknownGame(f"unknown game {name!r}; games are: {listed}")
    if key not in _specs:
        try:
            spec = found[key].load()
        except Exception as exc:  # a broken plugin must not take the others down with it
            raise PodiumError(f"game {key!r} cannot be loaded ({found[key].value}): {exc}") from exc
        if not isinstance(spec, GameSpec) or spec.name != key:
            raise PodiumError(f"the {GROUP!r} entry point {key!r} must name a GameSpec with name {key!r}")
        _specs[key] = spec
    return _specs[key]


def specs() -> list[GameSpec]:
    """Every game's spec, in name order."""
    return [get_spec(name) for name in game_names()]


def get_game(name: str) -> Game:
    spec = get_spec(name)
    if spec.name not in _games:
        game: Game = load_instance(spec.game, Game, where=spec.name)
        _games[spec.name] = game
    return _games[spec.name]
