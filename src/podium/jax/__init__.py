"""Batch environments in JAX (the `jax` extra: jax, pgx, flax, optax): a game whose spec declares a `jax` facet is
a `pgx.Env`, stepped thousands of games at a time with `jax.jit(jax.vmap(env.step))` (docs/rl.md).

    env = podium.jax.make(GAME, players=2, rules={...})
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, 4096))
    state = jax.jit(jax.vmap(env.step))(state, actions)

Observations, action ids and rewards are those of the game's `encoding` facet (`podium.rl`): the same numbers for
the same seat and position. The facet names a function `(config, players) -> pgx.Env`.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game, get_spec, load_ref

__all__ = ["make", "supported_games"]


def _need_extra() -> None:
    missing = [module for module in ("jax", "pgx") if importlib.util.find_spec(module) is None]
    if missing:
        raise ImportError(f"podium.jax needs {', '.join(missing)}: install the jax extra, pip install 'podium[jax]'")


def supported_games() -> list[str]:
    """The installed games whose spec declares a `jax` facet."""
    return [name for name in game_names() if get_spec(name).jax is not None]


def make(game: str, players: int = 2, rules: dict[str, Any] | None = None) -> Any:
    """The batch environment (a `pgx.Env`) of `game` for `players` seats; `rules` are rule options as for `podium
    play --rule`. A game without a `jax` facet, or an option its batch engine does not play, is refused with an
    error that says so."""
    spec = get_spec(game)
    if spec.jax is None:
        ready = ", ".join(supported_games()) or "none"
        raise PodiumError(
            f"{spec.name} has no JAX batch engine: its GameSpec declares no `jax` facet; games with one: {ready}"
        )
    if rules is not None and not isinstance(rules, dict):
        raise PodiumError(f"rules must be a dict of rule options, not {type(rules).__name__}")
    _need_extra()
    found = get_game(game)
    found.check_players(players)
    config = found.config(rules or {})
    build = load_ref(spec.jax, where=spec.name)
    return build(config, players)
