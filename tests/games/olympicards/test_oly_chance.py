"""Olympicards under explicit chance (podium.core.chance; every game's checks: tests/core/test_chance.py)."""

from __future__ import annotations

import pytest

from podium.core.chance import deal
from podium.core.registry import get_game


def test_outcomes_have_their_multiplicity() -> None:
    # Olympicards has two copies of each card (O-1): a card with both copies undealt is twice as likely.
    game = get_game("olympicards")
    state = game.new_game(game.config(chance=True), 2, 0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 45 and all(p == pytest.approx(2 / 90) for _, p in outcomes)
    state.apply(deal(0))
    after = dict((o.id, p) for o, p in state.chance_outcomes())
    assert after[0] == pytest.approx(1 / 89) and after[1] == pytest.approx(2 / 89)
