"""G-7: the view keeps parts between calls (per rules: the round's parts, each seat's parts, the discard pile's texts);
whatever order positions are viewed in, a view says what the same position read back from its record says (a new
state, none of its parts kept yet), as JSON, key order included. What those views say is pinned by a golden file
(golden/golf_views/*.json: a digest of every seat's and the spectator's view per position, recorded from the views
that equalled the frozen copy of before issue 13's speed work); after an intended change of the views, write it
again (`pytest -m golden --update-golden`)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from golf_helpers import plain

from podium.core.rng import Rng
from podium.games.golf import GAME, GolfState


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


def fresh_views(state: GolfState, viewers: list[int | None]) -> list[str]:
    """Each viewer's view as JSON, read from a new state made from the position's record."""
    fresh = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    return [json.dumps(fresh.view(viewer)) for viewer in viewers]


def digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:12]


@pytest.mark.golden
@pytest.mark.parametrize(("options", "players"), CASES)
def test_g7_views_equal_the_recorded_views_in_any_order(golden: Any, options: dict[str, Any], players: int) -> None:
    states = positions(options, players, 10, len(options) + players)
    rng = Rng(17)
    viewers: list[int | None] = [None, *range(players)]
    reference = [fresh_views(state, viewers) for state in states]
    name = "-".join([f"{k}={v}" for k, v in options.items()] or ["default"]) + f"-{players}p"
    golden.check(f"golf_views/{name}", [digest(texts) for texts in reference])
    checked = 0
    # in play order (each seat's parts made again when it changed), then in random order across the games
    order = list(range(len(states))) + [rng.randbelow(len(states)) for _ in range(len(states))]
    for i in order:
        state = states[i]
        v = rng.randbelow(len(viewers))
        now = state.view(viewers[v])
        assert json.dumps(now) == reference[i][v]  # the same JSON, key order too
        assert plain(now) == json.loads(reference[i][v])
        checked += 1
    assert checked > 500
