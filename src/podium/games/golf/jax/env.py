"""Golf as a `pgx.Env` (the spec's `jax` facet): `init(key)`, `step(state, action)`, `observe(state)`, batched
with `jax.jit(jax.vmap(env.step))` as every pgx environment. The observation is `podium.rl`'s (docs/rl.md), the
action ids are its (0 draw … 22 flip slot 5), and the rewards are its utilities, given at the game's last step."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import pgx.core

from podium.core.config import GameConfig
from podium.core.errors import ConfigError
from podium.games.golf.actions import NUM_ACTIONS
from podium.games.golf.config import GolfConfig
from podium.games.golf.jax import engine
from podium.games.golf.jax.engine import GolfJaxState
from podium.games.golf.jax.observe import observe
from podium.games.golf.jax.params import Params, params_for, tables_for

Array = Any


class GolfEnv(pgx.core.Env):  # type: ignore[misc]  # pgx is untyped
    """Golf for `players` seats under `config`, one game per `init` key (vmap for a batch). The state's `seat` is
    the seat to move (-1 once the game is over, when pgx's `current_player` keeps the last mover)."""

    def __init__(self, config: GolfConfig, players: int) -> None:
        super().__init__()
        self.config = config
        self.params: Params = params_for(config, players)
        self.tables = tables_for(self.params)

    def _init(self, key: Array) -> GolfJaxState:
        return engine.initial(self.params, key)

    def _step(self, state: GolfJaxState, action: Array, key: Array | None) -> GolfJaxState:
        del key  # every round's deck was dealt by `init`
        p, t = self.params, self.tables
        s = engine.step(p, t, state, action)
        over = s.seat < 0
        return s.replace(  # type: ignore[no-any-return]
            current_player=jnp.where(over, state.current_player, s.seat),
            legal_action_mask=engine.legal_mask(p, s),
            terminated=over,
            rewards=jnp.where(over, engine.utilities(p, t, s), jnp.zeros(p.n, dtype=jnp.float32)),
        )

    def _observe(self, state: GolfJaxState, player_id: Array) -> Array:
        return observe(self.params, self.tables, state, player_id)

    def observe_seat(self, state: GolfJaxState, seat: Array) -> Array:
        """Seat `seat`'s observation (pgx's `observe` gives the current player's; its `player_id` is deprecated)."""
        return jax.lax.stop_gradient(observe(self.params, self.tables, state, seat))

    def observe_all(self, state: GolfJaxState) -> Array:
        """Every seat's observation, shape (players, size)."""
        return jax.vmap(lambda seat: self.observe_seat(state, seat))(jnp.arange(self.params.n))

    @property
    def id(self) -> str:
        return "podium/golf"

    @property
    def version(self) -> str:
        return "v0"

    @property
    def num_players(self) -> int:
        return self.params.n

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.params.obs_size,)


def make_env(config: GameConfig, players: int) -> GolfEnv:
    """The `jax` facet: Golf's batch engine for `config` and `players`."""
    if not isinstance(config, GolfConfig):
        raise ConfigError(f"Golf needs a GolfConfig, not {type(config).__name__}")
    return GolfEnv(config, players)
