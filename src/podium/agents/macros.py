"""Macro actions for ISMCTS: whole turns instead of single steps, for games whose turns are puzzles.

Why. In a game like Athletic Games a turn is a sequence of atomic steps (play, move, fill, end) whose best order is a
search problem an exact solver does perfectly, while the strategic choice is only *which end-of-turn position* to
leave: which cards stay in hand, what layout the next player faces. A tree over single steps spends its iterations
re-discovering the puzzle and rarely compares two complete turns. A `MacroSet` hands ISMCTS a short list of
candidate turns instead, each a list of atomic actions ending with the turn's end, and a rollout that judges the
position a candidate leaves.

Contract of a `MacroSet` (what ISMCTS relies on):
- `candidates(view)` uses only the view, and every candidate must be legal step by step in *every* world consistent
  with it (`game.determinize(view, rng)`): candidates may depend on the seat's own hand and public information, not
  on a sampled world. The first candidate is the set's "default" turn (e.g. the heuristic's); it wins ties.
- `rollout(world, seat, rng)` is called on a sampled world right after a candidate was applied and returns a reward
  per player in [0, 1]; it may read the sampled world's internals (it is a sample, not the real state).

The registry is a `PerGame`, like the playouts': per game, named factories and a default (`macro=auto`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from podium.agents.per_game import PerGame
from podium.core.contract import Action, State, View
from podium.core.rng import Rng


class MacroSet(ABC):
    """Candidate whole turns for the player to move and a rollout that scores what a turn leaves."""

    name = "macro"

    @abstractmethod
    def candidates(self, view: View) -> list[list[Action]]:
        """Distinct candidate turns from the position in `view` (the seat to move's own view), the default first.
        Each is a non-empty list of atomic actions, legal in order in every world consistent with `view`, that
        ends the turn."""

    @abstractmethod
    def rollout(self, world: State, seat: int, rng: Rng) -> list[float]:
        """Score `world` (a sampled world just after `seat` played a candidate turn): a reward per player in [0, 1]."""


MacroFactory = Callable[[], MacroSet]
# The built-in `step` is no macro set at all: ISMCTS then searches single steps.
_MACROS = PerGame[MacroSet | None]("macro", "step", lambda: None, lambda spec: (spec.macros, spec.default_macros))


def macro_names(game: str) -> list[str]:
    return _MACROS.names(game)


def macros_for(game: str, name: str = "auto") -> MacroSet | None:
    """The macro set `name` of `game`; None means single steps (`step`, or `auto` for a game without macros)."""
    return _MACROS.make(game, name)
