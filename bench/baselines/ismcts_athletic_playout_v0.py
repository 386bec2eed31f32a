"""FROZEN BASELINE (issue 13 target 6): a copy of the module of before the speed work, for bench/ismcts_speed.py. Do
not edit.

Athletic Games' playouts for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): each player places hand cards greedily (a random legal play, else a random
fill of an empty slot; no table moves) and ends the turn when nothing more fits. The playout stops once every player
has had one more turn after the searched one and scores medals − `ATHLETIC_HAND_WEIGHT` per card in hand (seven
cards are about one medal away) with `win_chances`, spread growing with the medals still needed.
"""

from __future__ import annotations

import math
from typing import cast

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import State, View
from podium.core.rng import Rng
from podium.games.athletic.actions import END_ACTION as ATHLETIC_END
from podium.games.athletic.actions import FILL as ATHLETIC_FILL
from podium.games.athletic.actions import PLAY as ATHLETIC_PLAY
from podium.games.athletic.actions import AthleticAction
from podium.games.athletic.state import AthleticState
from podium.games.athletic.view import athletic_view

ATHLETIC_HAND_WEIGHT = 1.0 / 7.0
ATHLETIC_SPREAD = 0.8


def athletic_score(s: AthleticState) -> list[float]:
    """Each seat's chance of winning from here: medals minus `ATHLETIC_HAND_WEIGHT` per card in hand (a card is about
    a seventh of a cleared hand), as win chances whose spread grows with the medals still needed."""
    if s.current is None:
        return rewards_of(s)
    target = s.config.medals_to_win
    values = [s.medals[p] - ATHLETIC_HAND_WEIGHT * len(s.hands[p]) for p in range(s.num_players)]
    spread = ATHLETIC_SPREAD * math.sqrt(max(1, target - max(s.medals)))
    return win_chances(values, spread, higher_is_better=True)


class AthleticPlayout(Playout):
    name = "fast"

    def __init__(self) -> None:
        self.turn = 0

    def prepare(self, view: View) -> None:
        self.turn = athletic_view(view)["turn"]

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, AthleticState)
        s = world
        n = s.num_players
        stop = self.turn + n  # the searcher's turn and one turn of everyone else
        while s.current is not None and s.turn < stop:
            legal = cast(list[AthleticAction], s.legal_actions())  # an Athletic state's actions are Athletic actions
            plays = [a for a in legal if a.kind == ATHLETIC_PLAY]
            if not plays:
                plays = [a for a in legal if a.kind == ATHLETIC_FILL]
            s.apply(plays[rng.randbelow(len(plays))] if plays else ATHLETIC_END)
        return athletic_score(s)


class AthleticPlanPlayout(AthleticPlayout):
    """`plan`: like `fast`, but the player whose turn is under way finishes it with the heuristic bot's plan (the
    exact solver plus its tie-break), so that a searched first step is judged by the best turn that follows it.
    About a solver call per playout: much slower than `fast`."""

    name = "plan"

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, AthleticState)
        from podium.games.athletic.bots.heuristic import AthleticHeuristic

        s = world
        p = s.current
        if p is not None and s.turn == self.turn:
            bot = AthleticHeuristic(s.game, p, 0)
            for action in bot.plan(s.typed_view(p)):
                if s.current != p or s.turn != self.turn:
                    break
                s.apply(action)
        return super().run(s, rng)
