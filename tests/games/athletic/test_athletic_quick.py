"""The quick turn of the rollouts (`solver.quick`): the exact solver's count by a cheaper route, and a legal plan."""

from __future__ import annotations

from collections import Counter

import pytest
from athletic_helpers import cards, chain_positions, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.agents.base import make_agent
from podium.games.athletic import GAME
from podium.games.athletic.actions import MOVE, AthleticAction
from podium.games.athletic.cards import TEXT, mask_of
from podium.games.athletic.solver import greedy, quick, solve
from podium.games.athletic.solver.bounds import Bounds
from podium.games.athletic.solver.position import Layout, canon, layout_moves
from podium.games.athletic.solver.quick import quick_turn
from podium.games.athletic.solver.search import ESCALATE_AT, walk_back


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


def _plain_route(start: Layout, target: Layout, place: tuple[int, ...]) -> tuple[list[tuple[int, int]], Layout]:
    """The plain breadth-first route (as `solve` finds one) to the first layout of the form `target`."""
    parent: dict[Layout, tuple[Layout, int, int] | None] = {start: None}
    queue = [start]
    for lay in queue:
        for a, b, nxt in layout_moves(lay, place):
            if nxt not in parent:
                parent[nxt] = (lay, a, b)
                if canon(nxt) == target:
                    return walk_back(parent, nxt), nxt
                queue.append(nxt)
    raise AssertionError("unreachable")


@pytest.mark.skipif(
    not (quick.__file__ or "").endswith(".py"),
    reason="a PODIUM_USE_MYPYC=1 build: compiled code calls _route directly, past the recorder; tests/packaging "
    "checks that build's turns against the Python ones",
)
@pytest.mark.slow  # every route of many turns against a plain breadth-first search
def test_the_plans_routes_are_the_first_breadth_first_routes(monkeypatch: pytest.MonkeyPatch) -> None:
    # `_route` searches cheaper than a plain breadth-first search; the routes it returns must be the same (the
    # rollouts' plans, and so the turn search's decisions, depend on them). Checked on every route the quick turn
    # takes at the start of each turn of games between heuristic bots.
    routes: list[tuple[tuple[Layout, Layout, tuple[int, ...]], tuple[list[tuple[int, int]], Layout]]] = []
    fast = quick._route

    def recorded(start: Layout, target: Layout, place: tuple[int, ...]) -> tuple[list[tuple[int, int]], Layout]:
        out = fast(start, target, place)
        routes.append(((start, target, place), out))
        return out

    monkeypatch.setattr(quick, "_route", recorded)
    for seed in range(3):
        state = GAME.new_game(GAME.config({"step": "up"} if seed == 2 else {}), 2, seed)
        bots = [make_agent("heuristic", GAME, p, seed) for p in range(2)]
        while not state.is_over and state.turn < 60:
            p = state.current
            assert p is not None
            if not state.placed and not state.chain:
                quick_turn(state.hands[p], state.piles, up_only=state.config.up_only)
            state.apply(bots[p].act(state.view(p), state.legal_actions()))
    assert sum(len(out[0]) >= 3 for _, out in routes) >= 20
    for args, out in routes:
        assert out == _plain_route(*args)
