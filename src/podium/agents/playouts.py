"""Default policies for ISMCTS rollouts: uniformly random for any game, and cheap per-game ones.

A `Playout` plays a sampled world (`game.determinize(view)`, never the real state) forward and returns a reward per
player in [0, 1]. Because the world is a sample, a per-game playout may read the sampled state's internals directly
(that is what makes it cheap); it must still be a sensible policy for every player, which is why the Golf one only
uses what each player could know in that world.

Per-game playouts may stop early and *estimate* the outcome instead of playing to the end ("cut-off"): a long game
(nine Golf rounds, nine Olympicards sports) played to the end adds the noise of all the later deals to every
estimate, while the decision at hand only changes the current round or sport. The estimate turns the running scores
into each seat's chance of finishing ahead of each other seat, with a normal model whose spread grows with the
rounds or sports left (`win_chances`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from podium.agents.per_game import PerGame
from podium.core.contract import State, View
from podium.core.rng import Rng


def rewards_of(state: State) -> list[float]:
    """Per seat, the share of the other seats it finished ahead of (ties half): 1 for a sole winner, 0 for last."""
    ranking = state.result().ranking
    n = len(ranking)
    if n == 1:
        return [1.0]
    out = []
    for p in range(n):
        beaten = 0.0
        for q in range(n):
            if q != p:
                if ranking[p] < ranking[q]:
                    beaten += 1.0
                elif ranking[p] == ranking[q]:
                    beaten += 0.5
        out.append(beaten / (n - 1))
    return out


def win_chances(values: list[float], spread: float, higher_is_better: bool) -> list[float]:
    """P(seat ends ahead of each other seat), averaged over the others, if the final difference between two seats
    is normal around today's difference with standard deviation `spread`."""
    n = len(values)
    scale = 1.0 / (spread * math.sqrt(2.0))
    out = []
    for p in range(n):
        total = 0.0
        for q in range(n):
            if q != p:
                diff = values[p] - values[q] if higher_is_better else values[q] - values[p]
                total += 0.5 * (1.0 + math.erf(diff * scale))
        out.append(total / (n - 1))
    return out


class Playout:
    """Uniformly random play to the end of the game."""

    name = "random"

    def prepare(self, view: View) -> None:
        """Called once per decision with the searching player's view (e.g. to note the current round)."""

    def run(self, world: State, rng: Rng) -> list[float]:
        while not world.is_over:
            legal = world.legal_actions()
            world.apply(legal[rng.randbelow(len(legal))])
        return rewards_of(world)


PlayoutFactory = Callable[[], Playout]
_PLAYOUTS = PerGame[Playout]("playout", "random", Playout, lambda spec: (spec.playouts, spec.default_playout))


def playout_names(game: str) -> list[str]:
    return _PLAYOUTS.names(game)


def playout_for(game: str, name: str = "auto") -> Playout:
    return _PLAYOUTS.make(game, name)
