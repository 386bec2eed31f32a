"""The solver's card-set primitives, written for speed (tables, folded shifts), against their plain definitions:
the cards of a set and the placement graph over sets."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from podium.games.athletic.cards import ALL_CARDS, NUM_CARDS, VALUE, can_place, cards_of
from podium.games.athletic.solver.graph import adjacent, component, same_value

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
