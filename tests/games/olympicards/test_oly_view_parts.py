"""O-2, O-8: the view keeps parts between calls (per config and number of players: the sport pile's parts, each seat's
medals, the plays, the discard pile's and each hand's texts); whatever order positions are viewed in, a view says what
the frozen view of before issue 13's speed work says (bench/baselines/olympicards_views_v0.py), tuples read as lists,
key order included, for every seat and the spectator: a seat still sees its own hand and no other (O-2), every hand
once the game is over (O-8)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from oly_helpers import plain

from podium.core.rng import Rng
from podium.games.olympicards import GAME, OlympicardsState
from podium.games.olympicards.cards import TEXT

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench" / "baselines"))

import olympicards_views_v0


def positions(options: dict[str, Any], players: int, games: int, seed: int) -> list[OlympicardsState]:
    """Every position of random games (withdrawals less likely than plays, so that sports last several rounds)."""
    rng = Rng(seed)
    out = []
    for g in range(games):
        state = GAME.new_game(GAME.config(options), players, seed * 100 + g)
        while not state.is_over:
            out.append(state.clone())
            legal = state.legal_actions()
            pick = rng.randbelow(len(legal))
            if pick == 0 and len(legal) > 2 and rng.randbelow(3):
                pick = 1 + rng.randbelow(len(legal) - 1)
            state.apply(legal[pick])
        out.append(state)
    return out


CASES: list[tuple[dict[str, Any], int]] = [
    ({}, 2),
    ({"world_record": True}, 3),
    ({}, 4),
    ({"world_record": True, "first_player": 2}, 5),
    ({}, 7),
    ({"world_record": True}, 7),
]


@pytest.mark.parametrize(("options", "players"), CASES)
def test_o2_views_equal_the_frozen_views_in_any_order(options: dict[str, Any], players: int) -> None:
    states = positions(options, players, 3 if players > 3 else 6, len(options) + players)
    rng = Rng(23)
    viewers = [None, *range(players)]
    checked = 0
    # in play order (each part made again when it changed), then in random order across the games
    order = list(range(len(states))) + [rng.randbelow(len(states)) for _ in range(len(states))]
    for i in order:
        state = states[i]
        for viewer in (viewers[rng.randbelow(len(viewers))], state.current_player):
            now = state.view(viewer)
            before = olympicards_views_v0.player_view(state, viewer)
            assert plain(now) == before
            assert json.dumps(now) == json.dumps(before)  # the same JSON, key order too
            checked += 1
    full = states[rng.randbelow(len(states))]
    assert json.dumps(full.full_view()) == json.dumps(olympicards_views_v0.full_view(full))
    assert checked > 1000


def test_o2_every_seat_in_turn_sees_its_own_hand_only() -> None:
    # Every viewer of every position of one game, in play order: the parts kept for one seat never leak to another.
    states = positions({}, 7, 1, 5)
    for state in states:
        for viewer in (None, *range(7)):
            now = state.view(viewer)
            assert plain(now) == olympicards_views_v0.player_view(state, viewer)
            assert (now["hands"] is None) is not state.is_over  # every hand only once over (O-8)
            if viewer is None:
                assert now["hand"] is None
            else:
                assert plain(now["hand"]) == [TEXT[k] for k in state.hand(viewer)]
