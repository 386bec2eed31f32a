"""The Golf playout's rounds on plain lists (`bots/rollout.py`) give exactly what the same policy gives through the
engine (issue 13 target 6: a faster playout, the same results at the same seed)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.bots.playout import GolfPlayout
from podium.games.golf.bots.rollout import fits

VARIANTS = [
    {},
    {"rounds": 1},
    {"round_turn_limit": 12},
    {"variant": "six"},
    {"variant": "six", "rounds": 2, "six_scoring": "total"},
    {"peek": "near", "values": "six"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_rounds_on_lists_score_as_through_the_engine(options: dict[str, Any]) -> None:
    config = GAME.config(options)
    rng = Rng(9)
    compared = 0
    for seed in range(12):
        state = GAME.new_game(config, 2 + seed % 3, seed)
        assert fits(state.rules)
        bots = [make_agent("heuristic-v1", GAME, p, seed) for p in range(state.num_players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if rng.randbelow(3) == 0:
                world = GAME.determinize(view, Rng(seed))
                results = []
                for through_engine in (False, True):
                    playout = GolfPlayout(through_engine)
                    playout.prepare(view)
                    results.append(playout.run(world.clone(), Rng(compared)))
                assert results[0] == results[1]
                compared += 1
            state.apply(bots[p].act(view, state.legal_actions()))
    assert compared > 50
