"""OpenSpiel game parameters <-> a podium game's rule options.

OpenSpiel parameters are flat scalars (bool, int, float, str) with a default each. Every rule option becomes one,
under its own name, beside `players`:
- a bool, int or str option keeps its type and default;
- an int option whose default is None ("none": e.g. `first_player`) is an int whose default -1 stands for none;
- any other option whose default is None (Golf's `values`) is a str whose default "none" stands for none; a Golf
  value table is written without commas, with ";" between ranks: `A=1;2=-2;3=3;...;K=0`.
The `chance` option is not a parameter: OpenSpiel plays every game under explicit chance.
"""

from __future__ import annotations

from typing import Any

from podium.core.config import GameConfig, OptionInfo
from podium.core.contract import Game
from podium.core.errors import ConfigError

NONE_INT = -1
NONE_TEXT = "none"
SKIPPED = frozenset({"chance"})


def _int_like(game: Game, info: OptionInfo) -> bool:
    """An option whose default is None but whose values are integers (it declares a minimum)."""
    field = game.config_type.__dataclass_fields__[info.name]  # type: ignore[attr-defined]
    return field.metadata.get("minimum") is not None


def parameter_spec(game: Game) -> dict[str, Any]:
    """`players` and every rule option (but `chance`) with its OpenSpiel default."""
    spec: dict[str, Any] = {"players": game.min_players}
    for info in game.config_type.options():
        if info.name in SKIPPED:
            continue
        default = info.default
        if default is None:
            default = NONE_INT if _int_like(game, info) else NONE_TEXT
        elif not isinstance(default, bool | int | float | str):
            default = str(default)
        spec[info.name] = default
    return spec


def config_from_params(game: Game, params: dict[str, Any]) -> tuple[GameConfig, int]:
    """The config (with explicit chance) and player count that OpenSpiel `params` describe; raises `ConfigError` for
    an unknown parameter or a value the game refuses, naming what is allowed."""
    spec = parameter_spec(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ConfigError(
            f"unknown parameter {unknown[0]!r} for {game.title}; parameters are: {', '.join(sorted(spec))}"
        )
    values = {**spec, **params}
    players = values.pop("players")
    if isinstance(players, bool) or not isinstance(players, int) or not game.min_players <= players <= game.max_players:
        raise ConfigError(f"players must be {game.min_players}..{game.max_players} for {game.title}, not {players!r}")
    options: dict[str, Any] = {}
    for name, value in values.items():
        if value == spec[name] and spec[name] in (NONE_INT, NONE_TEXT):
            options[name] = None  # "none" (the option's own default)
        elif isinstance(spec[name], str) and isinstance(value, str):
            options[name] = value.replace(";", ",")  # a comma-free table, read as the option reads its text
        else:
            options[name] = value
    return game.config({**options, "chance": True}), players
