"""Golf's playout's default move, which ISMCTS's anchored flat search keeps unless another is clearly better
(tests/agents/test_ismcts_anchor.py), is the heuristic bot's move."""

from __future__ import annotations

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.rng import Rng
from podium.games.golf import GAME


def test_the_default_move_is_the_heuristics() -> None:
    rng = Rng(4)
    checked = 0
    for seed in range(40, 44):
        state = GAME.new_game(GAME.config(), 2, seed)
        bots = [make_agent("heuristic", GAME, p, seed) for p in range(2)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view, legal = state.view(p), state.legal_actions()
            if len(legal) > 2 and rng.randbelow(3) == 0:
                search = make_agent("ismcts:iterations=60:depth=1", GAME, p, seed)
                assert isinstance(search, ISMCTS)
                assert search.playout.default(view, legal) is make_agent("heuristic", GAME, p, seed).act(view, legal)
                checked += 1
            state.apply(bots[p].act(view, legal))
    assert checked >= 25
