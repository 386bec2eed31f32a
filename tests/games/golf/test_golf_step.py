"""`GolfState.step` and `step_in_round` play the rules of `apply` without its checks and events (issue 27): the same
state after every move of seeded games in every variant, and `step_in_round` stops at a round's end with the round
scored as `apply` scores it (G-5, G-6, G-8.5) and nothing dealt."""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.games.golf import GAME

VARIANTS = [
    {},
    {"peek": "near", "knock": "after"},
    {"round_turn_limit": 7, "discard_take_must_swap": True},
    {"variant": "six"},
    {"variant": "six", "flip_on_discard": "may", "six_scoring": "total"},
    {"variant": "six", "flip_on_discard": "must", "final_turns": False},
]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_step_and_step_in_round_play_as_apply(options: dict[str, Any]) -> None:
    config = GAME.config({**options, "rounds": 3})
    ends = 0
    for seed in range(6):
        state = GAME.new_game(config, 2 + seed % 3, seed)
        stepped = state.clone()
        bots = [make_agent("heuristic", GAME, p, seed) for p in range(state.num_players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            action = bots[p].act(state.view(p), state.legal_actions())
            held = state.clone()
            ended = held.step_in_round(action) < 0
            state.apply(action)
            stepped.step(action)
            assert stepped.to_dict() == state.to_dict()
            if ended:
                ends += 1
                assert held.totals == state.totals and held.history == state.history
                assert held.round_ends == state.round_ends
                assert held.round == state.round - (not state.is_over)  # the next round is not dealt
            else:
                assert held.to_dict() == state.to_dict()
    assert ends >= 18
