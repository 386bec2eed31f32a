"""G-7: the view keeps parts between calls (per rules: the round's parts, each seat's parts, the discard pile's texts);
whatever order positions are viewed in, a view says what the frozen view of before issue 13's speed work says
(bench/baselines/golf_views_v0.py), tuples read as lists, key order included."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from golf_helpers import plain

from podium.core.rng import Rng
from podium.games.golf import GAME, GolfState

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench" / "baselines"))

import golf_views_v0


def positions(options: dict[str, Any], players: int, games: int, seed: int) -> list[GolfState]:
    rng = Rng(seed)
    out = []
    for g in range(games):
        state = GAME.new_game(GAME.config(options, rounds=3), players, seed * 100 + g)
        while not state.is_over:
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        out.append(state)
    return out


CASES: list[tuple[dict[str, Any], int]] = [
    ({}, 2),
    ({}, 4),
    ({"variant": "six"}, 3),
    ({"variant": "six", "flip_on_discard": "may"}, 4),
    ({"peek": "near", "knock": "after"}, 3),
]


@pytest.mark.parametrize(("options", "players"), CASES)
def test_g7_views_equal_the_frozen_views_in_any_order(options: dict[str, Any], players: int) -> None:
    states = positions(options, players, 10, len(options) + players)
    rng = Rng(17)
    viewers = [None, *range(players)]
    checked = 0
    # in play order (each seat's parts made again when it changed), then in random order across the games
    order = list(range(len(states))) + [rng.randbelow(len(states)) for _ in range(len(states))]
    for i in order:
        state = states[i]
        viewer = viewers[rng.randbelow(len(viewers))]
        now = state.view(viewer)
        before = golf_views_v0.golf_view(state, viewer)
        assert plain(now) == before
        assert json.dumps(now) == json.dumps(before)  # the same JSON, key order too
        checked += 1
    assert checked > 500
