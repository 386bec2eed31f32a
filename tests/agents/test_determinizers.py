"""Every installed game's `determinizer` (issue 13 target 6): each sample is a new state of its own, and a sampler
deals as `determinize` does from the same generator. (What a game's sampler refuses: its tests in tests/games/.)"""

from __future__ import annotations

import pytest

from podium.core.registry import game_names, get_game
from podium.core.rng import Rng


@pytest.mark.parametrize("name", game_names())
def test_each_sample_is_a_state_of_its_own(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.config({}), 2, 8)
    for _ in range(5):  # a few plies in, while the game goes on
        ahead = state.clone()
        ahead.apply(ahead.legal_actions()[-1])
        if ahead.is_over:
            break
        state = ahead
    p = state.current_player
    assert p is not None
    sample = game.determinizer(state.view(p))
    rng = Rng(3)
    first = sample(rng)
    before = first.to_dict()
    second = sample(rng)
    second.apply(second.legal_actions()[-1])  # playing on one sample leaves the others and the next ones alone
    assert first.to_dict() == before
    again = sample(Rng(3))
    assert again.to_dict() == before
    assert again.to_dict() == game.determinize(state.view(p), Rng(3)).to_dict()
