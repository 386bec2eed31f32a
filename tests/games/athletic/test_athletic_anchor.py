"""ISMCTS's anchored whole-turn search (`anchor`) on Athletic Games' candidate turns: the first candidate turn (the
heuristic's) is kept unless another beats it clearly on the paired samples (the flat search's anchor on every game:
tests/agents/test_ismcts_anchor.py)."""

from __future__ import annotations

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.agents.macros import MacroSet
from podium.core.contract import Action, State, View
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.athletic.bots.turns import AthleticTurns
from podium.games.athletic.state import AthleticState

ATHLETIC = get_game("athletic")


class _ScriptedTurns(MacroSet):
    """Athletic Games' candidate turns without their closing `end` (so each leaves the seat's own cards and the table
    distinct), scored by a script instead of a rollout: the first turn 0.5, the second `edge` more with alternating
    noise of ± `noise` (the k-th time it is scored), every other turn 0.2."""

    def __init__(self, view: View, seat: int, edge: float, noise: float) -> None:
        self.turns = [turn[:-1] for turn in AthleticTurns().candidates(view)]
        self.seat, self.edge, self.noise = seat, edge, noise
        self.keys: dict[object, int] = {}
        for i, turn in enumerate(self.turns):
            world = ATHLETIC.determinize(view, Rng(0))
            for action in turn:
                world.apply(action)
            self.keys[self._key(world)] = i
        assert len(self.keys) == len(self.turns) > 2
        self.scored = 0

    def _key(self, world: State) -> object:
        assert isinstance(world, AthleticState)
        return tuple(world.hands[self.seat]), tuple(tuple(pile) for pile in world.piles)

    def candidates(self, view: View) -> list[list[Action]]:
        return self.turns

    def rollout(self, world: State, seat: int, rng: Rng) -> list[float]:
        i = self.keys[self._key(world)]
        if i == 0:
            value = 0.5
        elif i == 1:
            self.scored += 1
            value = 0.5 + self.edge + (self.noise if self.scored % 2 else -self.noise)
        else:
            value = 0.2
        return [value if p == seat else 1.0 - value for p in range(2)]


def _turn_search(anchor: float, edge: float, noise: float) -> int:
    state = ATHLETIC.new_game(ATHLETIC.config({}), 2, 0)  # seat 0's first turn offers several end states
    view = state.view(0)
    scripted = _ScriptedTurns(view, 0, edge, noise)
    bot = make_agent(f"ismcts:iterations=150:anchor={anchor}", ATHLETIC, 0, 5)
    assert isinstance(bot, ISMCTS)
    chosen = bot.macro_search(scripted, view, scripted.turns)
    # Successive halving stops once two candidates are left, which can leave part of the budget unspent (here 115
    # of 150 worlds with the search's 9 candidates): the one compared with the first still gets its worlds.
    assert bot.last_iterations <= 150 + len(scripted.turns) and scripted.scored >= 20
    return chosen


def test_the_anchored_turn_search_keeps_the_first_turn_unless_another_beats_it_clearly() -> None:
    # A turn 0.02 better on average but with noise of ± 0.3 a world: the best mean, not significantly better.
    assert _turn_search(-1, 0.02, 0.3) == 1
    assert _turn_search(1, 0.02, 0.3) == 0
    assert _turn_search(2, 0.02, 0.3) == 0
    # 0.1 better with little noise: chosen however anchored.
    assert _turn_search(2, 0.1, 0.05) == 1
    assert _turn_search(10, 0.1, 0.05) == 1
    # Worse on average: never chosen.
    assert _turn_search(-1, -0.02, 0.05) == 0
