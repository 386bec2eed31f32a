"""G-1: one standard 52-card deck as ints, with text forms; the exact shuffle."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.core.rng import Rng
from podium.games.golf.cards import (
    CARD_TEXT,
    RANK_OF,
    SUIT_OF,
    card,
    card_text,
    parse_card,
    rank_index,
    shuffled_deck,
)


def test_g1_deck_has_52_distinct_cards_13_ranks_4_suits() -> None:
    # G-1
    assert len(set(CARD_TEXT)) == 52
    assert Counter(RANK_OF) == {r: 4 for r in range(13)}
    assert Counter(SUIT_OF) == {s: 13 for s in range(4)}
    assert card_text(card(0, 0)) == "Ac" and card_text(card(12, 3)) == "Ks" and card_text(card(9, 2)) == "Th"


@pytest.mark.parametrize(
    ("text", "rank", "suit"), [("7h", 6, 2), ("Ts", 9, 3), ("10s", 9, 3), ("kd", 12, 1), ("As", 0, 3)]
)
def test_parse_card_accepts_t_and_10(text: str, rank: int, suit: int) -> None:
    c = parse_card(text)
    assert (RANK_OF[c], SUIT_OF[c]) == (rank, suit)


@pytest.mark.parametrize("text", ["", "1s", "11h", "Zx", "7", "h7", "10"])
def test_parse_card_rejects_non_cards(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_every_text_form_parses_back() -> None:
    assert [parse_card(t) for t in CARD_TEXT] == list(range(52))
    assert [parse_card(t.lower()) for t in CARD_TEXT] == list(range(52))


def test_rank_names_for_value_tables() -> None:
    assert [rank_index(x) for x in ("A", "a", "2", "10", "T", "j", "Q", "K")] == [0, 0, 1, 9, 9, 10, 11, 12]
    with pytest.raises(ValueError, match="not a rank"):
        rank_index("11")


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffled_deck_is_a_permutation_and_replays(seed: int) -> None:
    deck = shuffled_deck(Rng(seed))
    assert sorted(deck) == list(range(52))
    assert shuffled_deck(Rng(seed)) == deck


def test_shuffled_deck_is_roughly_uniform() -> None:
    rng = Rng(12345)
    first = Counter(shuffled_deck(rng)[0] for _ in range(5200))
    last = Counter(shuffled_deck(rng)[-1] for _ in range(5200))
    # 100 expected per card; 60..140 is far outside any plausible fluctuation of a fair shuffle.
    assert len(first) == 52 and all(60 < v < 140 for v in first.values())
    assert len(last) == 52 and all(60 < v < 140 for v in last.values())
