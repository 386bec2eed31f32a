"""The faster Athletic engine of issue 13 answers exactly as before: the view's pools (A-8) and the legal actions
(with the no-repeat rule of table moves) equal the implementations of before, frozen here, on thousands of states of
random games (with hundreds of reshuffles)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.athletic.actions import ACTIONS, END_ACTION, FILL_BASE, move_action
from podium.games.athletic.cards import NUM_PILES, PLACE, TEXT
from podium.games.athletic.state import AthleticState


def pools_before(state: AthleticState) -> list[dict[str, Any]]:
    """The view's pools as `typed_view` built them before (one scan of every hand and the draw pile per reshuffle)."""
    pools = []
    for k in range(1, state.reshuffles + 1):
        cards = sorted(c for h in state.hands for c in h if state.epoch[c] == k)
        in_draw = sum(1 for c in state.draw if state.epoch[c] == k)
        if cards or in_draw:
            cards = sorted(cards + [c for c in state.draw if state.epoch[c] == k])
            pools.append({
                "epoch": k,
                "cards": [TEXT[c] for c in cards],
                "hands": [sum(1 for c in h if state.epoch[c] == k) for h in state.hands],
                "draw": in_draw,
            })  # fmt: skip
    return pools


def legal_before(state: AthleticState, seen: set[tuple[tuple[int, ...], ...]]) -> list[Any]:
    """`legal_actions` as it was: every hand card against every pile, and a move refused when the layout it makes
    (rebuilt as a tuple of every pile) is in `seen`, the layouts since the last placement."""
    assert state.current is not None
    place = PLACE[state.config.step == "up"]
    piles = state.piles
    plays, fills = [], []
    masks = [place[p[-1]] if p else -1 for p in piles]
    for c in state.hands[state.current]:
        for p in range(NUM_PILES):
            if masks[p] < 0:
                fills.append(ACTIONS[FILL_BASE + c * NUM_PILES + p])
            elif masks[p] >> c & 1:
                plays.append(ACTIONS[c * NUM_PILES + p])
    out = plays + fills
    if state.config.table_moves:
        for a in range(NUM_PILES):
            if not piles[a]:
                continue
            x = piles[a][-1]
            for b in range(NUM_PILES):
                if b != a and piles[b] and place[piles[b][-1]] >> x & 1:
                    key = [tuple(p) for p in piles]
                    key[b] = (*key[b], x)
                    key[a] = key[a][:-1]
                    if tuple(key) not in seen:
                        out.append(move_action(a, b))
    out.append(END_ACTION)
    return out


@pytest.mark.parametrize(
    ("options", "players", "seed"),
    [({}, 2, 11), ({}, 3, 12), ({"table_moves": False}, 2, 13), ({"step": "up", "max_turns": 700}, 5, 14)],
)
def test_pools_and_legal_actions_as_before(options: dict[str, Any], players: int, seed: int) -> None:
    game = get_game("athletic")
    state = game.new_game(game.config(options), players, seed)
    assert isinstance(state, AthleticState)
    rng = Rng(seed)
    seen = {tuple(tuple(p) for p in state.piles)}
    checked = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal == legal_before(state, seen)
        if checked % 3 == 0:
            assert state.typed_view(state.current)["pools"] == pools_before(state)
        action = legal[rng.randbelow(len(legal))]
        state.apply(action)
        layout = tuple(tuple(p) for p in state.piles)
        seen = seen | {layout} if state.chain else {layout}
        checked += 1
    assert state.typed_view(None)["pools"] == pools_before(state)
    assert checked > 300
    if options.get("step") == "up":
        assert state.reshuffles > 100  # the case the faster pools are for
