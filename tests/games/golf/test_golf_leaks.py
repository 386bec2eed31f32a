"""The leak test on Golf (every frame a seat or a spectator received, against the ground truth; the check:
tests/server_leaks.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from podium.games.golf import cards
from server_leaks import LeakCase, Places, check_no_frame_leaks_a_hidden_card


def _hidden(truth: dict[str, Any], sample: dict[str, Any], out: Places) -> None:
    for key in ("hands", "stock"):
        out.update((key, i) for i, (a, b) in enumerate(zip(truth[key], sample[key], strict=True)) if a != b)


def _cards(truth: dict[str, Any], places: Places) -> list[str]:
    return [cards.CARD_TEXT[truth[key][i]] for key, i in places]


CASE = LeakCase(
    options={"rounds": 3},
    texts=set(cards.CARD_TEXT),
    hidden=_hidden,
    cards=_cards,
    text=lambda c: cards.CARD_TEXT[c],
    # the last round's hands stay shown after its end, though the next deal has shuffled them out of sight
    history={"last_round"},
    hints=True,  # hard's hint (issue 29) is scanned like every other frame
)


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    check_no_frame_leaks_a_hidden_card("golf", CASE, tmp_path)
