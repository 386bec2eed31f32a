"""ISMCTS decides as it did when its golden files were written (golden/ismcts_decisions/; issue 13 target 6 pinned the
search down against a frozen copy, issue 27 against a recorded file): on positions of every installed game, with the
same seed, the search gathers the same statistics and chooses the same action: the tree, one level of paired samples,
and a game's own turn search (its `macros` facet) where it has one, each with the game's default playout. And
whatever was recorded, the choice follows the statistics: the most visited action, ties broken by the best mean
reward (bench/ismcts_visit_ties.py), and in the one-level search the best mean reward.

A rule change moves these figures: write the file again (`pytest -m golden --update-golden`) and review it."""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.contract import Action, Game, View
from podium.core.registry import game_names, get_game, get_spec
from podium.core.rng import Rng

pytestmark = pytest.mark.golden

FORMS = {
    "tree": "ismcts:iterations=40:depth=0:macro=step:playout=auto",
    "depth=1": "ismcts:iterations=40:depth=1:macro=step:playout=auto",
    "turn": "ismcts:iterations=40:macro=auto",
}
POSITIONS = 12


def positions(game: Game, count: int, seed: int) -> list[tuple[int, View, list[Action]]]:
    """Decisions of random games with two players or the fewest the game allows, about one in three kept."""
    out: list[tuple[int, View, list[Action]]] = []
    rng = Rng(seed)
    game_seed = seed
    players = max(2, game.min_players)
    while len(out) < count:
        state = game.new_game(game.config(), players, game_seed)
        game_seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            legal = state.legal_actions()
            if len(legal) > 1 and rng.randbelow(3) == 0:
                out.append((p, state.view(p), legal))
            state.apply(legal[rng.randbelow(len(legal))])
    return out


CASES = [
    (name, form)
    for name in game_names()
    for form in FORMS
    if form != "turn" or get_spec(name).macros  # the turn search needs the game's candidate turns
]


@pytest.mark.parametrize(("game_name", "form"), CASES, ids=[f"{name}-{form}" for name, form in CASES])
def test_same_decisions_as_recorded(golden: Any, game_name: str, form: str) -> None:
    game = get_game(game_name)
    decisions = []
    for i, (seat, view, legal) in enumerate(positions(game, POSITIONS, seed=23)):
        bot = make_agent(FORMS[form], game, seat, i)
        assert isinstance(bot, ISMCTS)
        chosen = bot.act(view, list(legal))
        values = bot.action_values()
        if form == "tree" and values:
            # the most visited action, ties broken by the best mean reward
            assert max((visits, mean) for _, visits, mean in values) == next(
                (visits, mean) for text, visits, mean in values if text == chosen.text()
            )
        elif form == "depth=1" and values:
            assert max(mean for _, _, mean in values) == next(m for text, _, m in values if text == chosen.text())
        decisions.append(
            {
                "seat": seat,
                "chosen": chosen.text(),
                "iterations": bot.last_iterations,
                "values": [[text, visits, round(mean, 9)] for text, visits, mean in values],
            }
        )
    assert sum(1 for d in decisions if d["iterations"]) >= POSITIONS // 2  # most positions were searched
    golden.check(f"ismcts_decisions/{game_name}-{form}", decisions)
