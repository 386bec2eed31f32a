"""The solver's card-set primitives, written for speed (tables, folded shifts, fused steps), against their plain
definitions: the cards of a set, the placement graph over sets, the canonical layouts of a move or a placement, and
the bound's per-pile rows kept across searches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.games.athletic.cards import ALL_CARDS, NUM_CARDS, NUM_PILES, ONTO, PLACE, VALUE, can_place, cards_of
from podium.games.athletic.solver import bounds
from podium.games.athletic.solver.bounds import Bounds
from podium.games.athletic.solver.graph import adjacent, component, same_value
from podium.games.athletic.solver.position import Layout, canon, layout_moves, moved, moved_canon, placed, placed_canon

card_sets = st.integers(min_value=0, max_value=(1 << NUM_CARDS) - 1)


def _set(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


@given(st.one_of(card_sets, st.sampled_from([0, 1 << 59, 1 << 9 | 1 << 10, (1 << NUM_CARDS) - 1])))
def test_cards_of_lists_the_set_bits_rising(mask: int) -> None:
    assert cards_of(mask) == [c for c in ALL_CARDS if mask >> c & 1]


@given(card_sets)
def test_same_value_and_adjacent_by_their_definitions(mask: int) -> None:
    held = cards_of(mask)
    assert same_value(mask) == _set([x for x in ALL_CARDS if any(VALUE[x] == VALUE[c] for c in held)])
    linked = [x for x in ALL_CARDS if any(x == c or can_place(x, c) or can_place(c, x) for c in held)]
    assert adjacent(mask) == _set(linked)


@given(card_sets, card_sets)
def test_component_is_what_chains_of_placements_link(seed: int, pool: int) -> None:
    group = seed
    while True:  # grow one card at a time: any card of the pool that goes on, or under, a card of the group
        more = [x for x in cards_of(pool & ~group) if any(can_place(x, c) or can_place(c, x) for c in cards_of(group))]
        if not more:
            break
        group |= 1 << more[0]
    assert component(seed, pool) == group


piles = st.lists(st.integers(0, NUM_CARDS - 1), unique=True, max_size=14).flatmap(
    lambda cards: st.lists(st.integers(0, NUM_PILES - 1), min_size=len(cards), max_size=len(cards)).map(
        lambda at: tuple(tuple(c for c, p in zip(cards, at, strict=True) if p == i) for i in range(NUM_PILES))
    )
)


@given(piles, st.booleans())
def test_fused_steps_are_the_canonical_layouts_of_the_plain_ones(layout: Layout, up: bool) -> None:
    for a, b, after in layout_moves(layout, PLACE[up]):
        assert after == moved(layout, a, b)
        assert moved_canon(layout, a, b) == canon(after)
    free = [c for c in ALL_CARDS if not any(c in pile for pile in layout)][:3]
    for p in range(NUM_PILES):
        for c in free:
            assert placed_canon(layout, c, p) == canon(placed(layout, c, p))


def test_the_lift_rows_kept_across_searches_stay_few_and_bound_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # The table-moves bound reads per-pile rows kept for every search of a step rule; past LIFTS_KEPT piles they are
    # dropped and made again, which must not change a bound.
    rng = random.Random(5)
    cases = []
    for _ in range(300):
        deck = rng.sample(ALL_CARDS, 24)
        cut = sorted(rng.sample(range(8, 24), NUM_PILES - 1))
        layout = tuple(tuple(deck[a:b]) for a, b in zip([8, *cut], [*cut, 24], strict=True))
        cases.append((_set(deck[:8]), layout, rng.random() < 0.5))
    plain = [Bounds(up, table_moves=True).upper_bound(mask, layout) for mask, layout, up in cases]
    monkeypatch.setattr(bounds, "LIFTS_KEPT", 3)
    monkeypatch.setattr(bounds, "_LIFTS", (bounds._Lifts(ONTO[False]), bounds._Lifts(ONTO[True])))
    assert [Bounds(up, table_moves=True).upper_bound(mask, layout) for mask, layout, up in cases] == plain
    assert all(len(rows) <= 3 for rows in bounds._LIFTS)
