"""O-2, O-8: the view keeps parts between calls (per config and number of players: the sport pile's parts, each seat's
medals, the plays, the discard pile's and each hand's texts); whatever order positions are viewed in, a view says what
the same position read back from its record says (a new state, none of its parts kept yet), as JSON, key order
included, for every seat and the spectator: a seat still sees its own hand and no other (O-2), every hand once the
game is over (O-8). What those views and the full views say is pinned by a golden file (golden/oly_views/*.json: a
digest per position, recorded from the views that equalled the frozen copy of before issue 13's speed work); after an
intended change of the views, write it again (`pytest -m golden --update-golden`)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from oly_helpers import plain

from podium.core.rng import Rng
from podium.games.olympicards import GAME, OlympicardsState
from podium.games.olympicards.cards import TEXT


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


def fresh_views(state: OlympicardsState, viewers: list[int | None]) -> list[str]:
    """Each viewer's view as JSON, then the full view, read from a new state made from the position's record."""
    fresh = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    return [json.dumps(fresh.view(viewer)) for viewer in viewers] + [json.dumps(fresh.full_view())]


def digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:12]


@pytest.mark.golden
@pytest.mark.parametrize(("options", "players"), CASES)
def test_o2_views_equal_the_recorded_views_in_any_order(golden: Any, options: dict[str, Any], players: int) -> None:
    states = positions(options, players, 3 if players > 3 else 6, len(options) + players)
    rng = Rng(23)
    viewers: list[int | None] = [None, *range(players)]
    reference = [fresh_views(state, viewers) for state in states]
    name = "-".join([f"{k}={v}" for k, v in options.items()] or ["default"]) + f"-{players}p"
    golden.check(f"oly_views/{name}", [digest(texts) for texts in reference])
    checked = 0
    # in play order (each part made again when it changed), then in random order across the games
    order = list(range(len(states))) + [rng.randbelow(len(states)) for _ in range(len(states))]
    for i in order:
        state = states[i]
        for viewer in (viewers[rng.randbelow(len(viewers))], state.current_player):
            now = state.view(viewer)
            recorded = reference[i][viewers.index(viewer)]
            assert json.dumps(now) == recorded  # the same JSON, key order too
            assert plain(now) == json.loads(recorded)
            checked += 1
    i = rng.randbelow(len(states))
    assert json.dumps(states[i].full_view()) == reference[i][-1]
    assert checked > 1000


@pytest.mark.golden
def test_o2_every_seat_in_turn_sees_its_own_hand_only(golden: Any) -> None:
    # Every viewer of every position of one game, in play order: the parts kept for one seat never leak to another.
    states = positions({}, 7, 1, 5)
    viewers: list[int | None] = [None, *range(7)]
    references = [fresh_views(state, viewers) for state in states]
    golden.check("oly_views/every-seat-7p", [digest(texts) for texts in references])
    for state, reference in zip(states, references, strict=True):
        for v, viewer in enumerate(viewers):
            now = state.view(viewer)
            assert json.dumps(now) == reference[v]
            assert (now["hands"] is None) is not state.is_over  # every hand only once over (O-8)
            if viewer is None:
                assert now["hand"] is None
            else:
                assert plain(now["hand"]) == [TEXT[k] for k in state.hand(viewer)]
