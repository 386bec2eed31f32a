"""The leak test on Olympicards (every frame a seat or a spectator received, against the ground truth; the check:
tests/server_leaks.py). Counting copies handles Olympicards' duplicate cards."""

from __future__ import annotations

from pathlib import Path

from podium.games.olympicards import cards
from server_leaks import LeakCase, check_no_frame_leaks_a_hidden_card, lists_cards, lists_hidden

CASE = LeakCase(
    options={},
    texts=set(cards.TEXT),
    hidden=lists_hidden,
    cards=lists_cards(lambda k: cards.TEXT[k]),
    text=lambda k: cards.TEXT[k],
)


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    check_no_frame_leaks_a_hidden_card("olympicards", CASE, tmp_path)
