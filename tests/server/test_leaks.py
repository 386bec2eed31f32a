"""The leak test on the plugin game (Kuhn poker): a full game through the real server, every frame each seat and a
spectator received checked against the ground truth replayed from the record (the check: tests/server_leaks.py).
Each built-in game runs the same check with its own table of cards in tests/games/<game>/test_<game>_leaks.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from podium_kuhn.state import RANKS

from server_leaks import LeakCase, Places, check_no_frame_leaks_a_hidden_card

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup


def _hidden(truth: dict[str, Any], sample: dict[str, Any], out: Places) -> None:
    # K-2: a seat's card, and the cards left in the deck
    for key in ("cards", "deck"):
        out.update((key, i) for i, (a, b) in enumerate(zip(truth[key], sample[key], strict=True)) if a != b)


def _cards(truth: dict[str, Any], places: Places) -> list[str]:
    return [RANKS[truth[key][i]] for key, i in places]


CASE = LeakCase(
    options={"hands": 4},
    texts=set(RANKS),
    hidden=_hidden,
    cards=_cards,
    text=lambda c: RANKS[c],
    # the last hand's cards shown down stay in the view, though the next deal has shuffled them out of sight
    history={"last_hand"},
)


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    check_no_frame_leaks_a_hidden_card(PLUGIN, CASE, tmp_path)
