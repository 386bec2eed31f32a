"""ISMCTS's anchored flat search (`anchor`), on every installed game whose playout has a default move (e.g. its
heuristic's): the default move is kept unless another beats it clearly on the paired samples; without an anchor the
best mean reward wins. (The anchored whole-turn search: tests/games/athletic/test_athletic_anchor.py.)"""

from __future__ import annotations

import pytest

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.contract import Action, Game, View
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng


def decisions(game: Game, count: int) -> list[tuple[int, View, list[Action], Action]]:
    """Decisions of random games with more than two legal moves where the game's playout has a default move."""
    out = []
    rng = Rng(4)
    seed = 40
    seen = 0
    while len(out) < count and (out or seen < 200):  # none in the first 200 decisions: the playout has no default
        state = game.new_game(game.config(), max(2, game.min_players), seed)
        seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view, legal = state.view(p), state.legal_actions()
            seen += 1
            if not out and seen >= 200:
                break
            bot = make_agent("ismcts:iterations=60:depth=1", game, p, seed)
            assert isinstance(bot, ISMCTS)
            default = bot.playout.default(view, legal)
            if default is not None and len(legal) > 2 and rng.randbelow(3) == 0:
                out.append((p, view, legal, default))
            state.apply(legal[rng.randbelow(len(legal))])
    return out


@pytest.mark.parametrize("name", game_names())
def test_a_huge_anchor_keeps_the_default_move_and_none_follows_the_samples(name: str) -> None:
    game = get_game(name)
    found = decisions(game, 25)
    if not found:
        pytest.skip(f"{name}'s playout has no default move")
    deviated = 0
    for i, (seat, view, legal, default) in enumerate(found):
        anchored = make_agent("ismcts:iterations=60:depth=1:anchor=1000", game, seat, i)
        assert anchored.act(view, list(legal)) is default
        free = make_agent("ismcts:iterations=60:depth=1", game, seat, i)
        assert isinstance(free, ISMCTS)
        chosen = free.act(view, list(legal))
        if free.last_iterations == 0:
            continue  # pruning left one move: nothing was searched
        assert free.last_root is not None
        best = max(free.last_root.children.values(), key=lambda ch: ch.reward)
        assert chosen is best.action  # without an anchor, the best mean reward
        deviated += chosen is not default
    assert deviated > 0  # the samples do disagree with the default sometimes: the anchor is what kept it
