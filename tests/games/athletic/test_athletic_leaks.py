"""The leak test on Athletic Games (every frame a seat or a spectator received, hints included, against the ground
truth; the check: tests/server_leaks.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from podium.games.athletic import cards
from server_leaks import LeakCase, check_no_frame_leaks_a_hidden_card, lists_cards, lists_hidden


def _placing(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    # steer the random players towards placements so that the game ends in a bounded time
    good = [a for a in legal if a["action"]["type"] not in ("move", "end")]
    return rng.choice(good) if good else next(a for a in legal if a["action"]["type"] == "end")


CASE = LeakCase(
    options={"medals_to_win": 1},
    texts=set(cards.TEXT),
    hidden=lists_hidden,
    cards=lists_cards(str),
    text=cards.card_text,
    # after a reshuffle everyone knows which cards went into the new draw pile, not where each one is
    history={"pools"},
    hints=True,
    choose=_placing,
)


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    check_no_frame_leaks_a_hidden_card("athletic", CASE, tmp_path)
