"""`aec_env`: a podium game as a PettingZoo AEC environment, every seat an agent (docs/rl.md).

Agents are `player_0` … in seat order; the agent to move is the game's current player. Each observation is
`{"observation": float32 vector, "action_mask": int8 vector}` like PettingZoo's classic card games, the action space
`Discrete(num_actions)` of the game's fixed action ids, and the rewards come once, at the end: each seat's utility
(zero-sum, the win shared among tied winners). An action id that is not legal now raises `IllegalAction` (a
`ValueError`) naming the legal ids, and changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from podium.core.errors import PodiumError
from podium.rl.common import Table, check_seed

ObsDict = dict[str, NDArray[Any]]


class PodiumAEC(AECEnv[str, ObsDict, int]):  # type: ignore[misc]  # PettingZoo is untyped: AECEnv is Any
    """A podium game for PettingZoo. Build it with `aec_env`."""

    def __init__(
        self, game: str, players: int = 2, rules: dict[str, Any] | None = None, render_mode: str | None = None
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise PodiumError(f"render_mode {render_mode!r} is not supported; use 'ansi' or None")
        self._table = table = Table(game, players, rules)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"podium_{table.game.name}_v0", "is_parallelizable": False}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(table.low, table.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_actions,), dtype=np.int8),
        })  # fmt: skip
        action = spaces.Discrete(table.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._started = False
        self._mover: str | None = None  # the agent to move, None once the game is over (or before the first reset)

    @property
    def table(self) -> Table:
        """The game being played: `table.state` is the podium `State` (for bots, records, debugging)."""
        return self._table

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game dealt from `seed` (the podium seed: the same deal as `podium play --seed`), or a random one."""
        self._table.new(secrets.randbits(63) if seed is None else check_seed(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._started = True
        current = self._table.state.current_player
        self._mover = None if current is None else self.possible_agents[current]
        if self._mover is not None:
            self.agent_selection = self._mover

    def observe(self, agent: str) -> ObsDict:
        if not self._started:
            raise PodiumError("call reset() before observe()")
        return self._table.observation(self._seat[agent], agent == self._mover)

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        # AECEnv.last without its call of observe: this runs at every step of an agent's loop
        agent = self.agent_selection
        if not observe:
            observation = None
        elif self._started:
            observation = self._table.observation(self._seat[agent], agent == self._mover)
        else:
            raise PodiumError("call reset() before observe()")
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        if not self._started:
            raise PodiumError("call reset() before step()")
        if self._mover is None:  # the game is over: every agent is terminated
            self._was_dead_step(action)
            return
        if action is None:
            raise PodiumError(f"{self.agent_selection} is to move: step() needs an action id, not None")
        table = self._table
        table.play(action)  # raises for an illegal id, changing nothing
        # (the rewards are all 0 until the end, so the mover's cumulative reward needs no reset here)
        state = table.state
        current = state.current_player
        if current is None:
            self._mover = None
            utilities = table.encoding.utilities(state)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = utilities[seat]
                self.terminations[name] = True
            self._accumulate_rewards()
            # the finished agents step out (`step(None)`) in seat order, from the one who moved last
            return
        self.agent_selection = self._mover = self.possible_agents[current]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self._table.render()

    def close(self) -> None:
        self._started = False


def aec_env(
    game: str, players: int = 2, rules: dict[str, Any] | None = None, render_mode: str | None = None
) -> PodiumAEC:
    """The game `game` (any installed game with an encoding) for `players` seats as a PettingZoo `AECEnv`; `rules`
    are rule options as for `podium play --rule` (e.g. `{"variant": "six"}`); `render_mode="ansi"` makes `render()`
    return the spectator's terminal view."""
    return PodiumAEC(game, players, rules, render_mode)
