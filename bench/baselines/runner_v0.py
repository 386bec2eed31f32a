"""FROZEN BASELINE (issue 13, target 1): the simulation loop of before the speed work, for bench/speed.py. Do not
edit.

Every player's view was built for every action, whether the bot read it or not.
"""

from __future__ import annotations

from collections.abc import Sequence

from podium.core.config import GameConfig
from podium.core.contract import Game, State
from podium.sim.runner import make_bots


def play_game(game: Game, config: GameConfig, bots: Sequence[str], seed: int) -> tuple[State, int, int]:
    """Play one game between `bots` (one name per seat); returns the final state, the number of actions and the
    seat that moved first."""
    state = game.new_game(config, len(bots), seed)
    agents = make_bots(game, bots, seed)
    first = state.current_player
    plies = 0
    while True:
        player = state.current_player
        if player is None:
            return state, plies, first if first is not None else 0
        action = agents[player].act(state.view(player), state.legal_actions())
        state.apply(action)
        plies += 1
