"""The quick turn of the rollouts (`solver.quick`): the exact solver's count by a cheaper route, and a legal plan."""

from __future__ import annotations

from collections import Counter

import pytest
from athletic_helpers import cards, chain_positions, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.games.athletic import GAME
from podium.games.athletic.actions import MOVE, AthleticAction
from podium.games.athletic.cards import TEXT, mask_of
from podium.games.athletic.solver import greedy, solve
from podium.games.athletic.solver.bounds import Bounds
from podium.games.athletic.solver.position import Layout, canon
from podium.games.athletic.solver.quick import quick_turn
from podium.games.athletic.solver.search import ESCALATE_AT


def _placed_legally(hand: list[int], piles: list[list[int]], actions: list[AthleticAction], **options: object) -> int:
    """Play `actions` through the engine (each must be legal, A-4) and return the hand cards they placed."""
    state = position(" ".join(TEXT[c] for c in hand), [" ".join(TEXT[c] for c in p) for p in piles], **options)
    for action in actions:
        assert action in state.legal_actions(), f"{action.text()} is not legal"
        state.apply(action)
    assert state.placed == sum(a.kind != MOVE for a in actions)
    return state.placed


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chain_positions(low_max=6, span_max=5, hand_max=8, heights=(0, 1, 1, 2, 3)), st.booleans(), st.booleans())
def test_quick_turn_places_the_solvers_maximum(
    position_: tuple[list[int], list[list[int]]], up: bool, moves: bool
) -> None:
    hand, piles = position_
    best = solve(hand, piles, up_only=up, table_moves=moves).placed
    actions = quick_turn(hand, piles, up_only=up, table_moves=moves, node_limit=1_000_000, question_nodes=1_000_000)
    assert _placed_legally(hand, piles, actions, step="up" if up else "both", table_moves=moves) == best


def test_quick_turn_in_real_deals() -> None:
    for seed in range(30):
        state = GAME.new_game(num_players=3, seed=seed)
        hand, piles = state.hands[0], state.piles
        actions = quick_turn(hand, piles, node_limit=1_000_000, question_nodes=1_000_000)
        assert _placed_legally(hand, piles, actions) == solve(hand, piles).placed


def test_quick_turn_past_its_budget_is_the_greedy_turn() -> None:
    hand, piles = cards("1r 2r 3r 2g 9g 1b 6b 1y 2y 1o 8o 1p 9p"), [cards(t) for t in ("6g", "5b", "10o", "4o", "8g")]
    assert quick_turn(hand, piles, node_limit=5) == greedy(hand, piles)


def test_quick_turn_follows_moves_that_open_a_slot() -> None:
    # The 1p/2p pair fits nowhere; moving 5r onto 5g empties a pile, which the pair then fills.
    hand, piles = cards("1p 2p"), [cards(t) for t in ("5r", "5g", "9o", "3b", "8y")]
    actions = quick_turn(hand, piles)
    assert _placed_legally(hand, piles, actions) == 2
    assert actions[0].kind == MOVE


def test_the_roots_bound_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The quick turn and `solve` ask the root's bound first; the first question at the root must find it in the memo
    # instead of computing it again (the same value: before escalation the bound does not depend on `need`).
    calls: Counter[tuple[int, Layout]] = Counter()
    plain = Bounds.upper_bound

    def counted(self: Bounds, mask: int, layout: Layout, need: int = 0) -> int:
        calls[(mask, layout)] += 1
        return plain(self, mask, layout, need)

    monkeypatch.setattr(Bounds, "upper_bound", counted)
    solved = 0
    for seed in range(20):
        state = GAME.new_game(num_players=3, seed=seed)
        hand, piles = state.hands[0], state.piles
        root = (mask_of(hand), canon(tuple(tuple(p) for p in piles)))
        calls.clear()
        quick_turn(hand, piles)
        assert calls[root] == 1
        calls.clear()
        if solve(hand, piles).nodes < ESCALATE_AT:  # past it, the chain bound asks the root again, on purpose
            assert calls[root] == 1
            solved += 1
    assert solved >= 10
