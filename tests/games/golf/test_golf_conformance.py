"""The conformance suite (podium.testing.conformance) on Golf's rule variants, at every player count: both variants, the
peek, knock and scoring options, turn limits, explicit chance. The default rules of every installed game are checked
by tests/test_conformance.py; the variants marked slow run in the full suite only (README.md, For developers)."""

from __future__ import annotations

from typing import Any

import pytest

from game_support import check_random_games, conformance_cases
from podium.core.registry import get_game

GAME = get_game("golf")
PLAYERS = range(GAME.min_players, GAME.max_players + 1)
SLOW = pytest.mark.slow

# (options, random games per player count, the most plies a game may last, marks)
VARIANTS: list[tuple[dict[str, Any], int, int, tuple[pytest.MarkDecorator, ...]]] = [
    # Several hundred games per variant across 2-5 players.
    ({"rounds": 2}, 60, 20_000, ()),
    ({"rounds": 1, "peek": "near", "knock": "after"}, 60, 20_000, (SLOW,)),
    ({"rounds": 1, "discard_take_must_swap": True, "values": "six"}, 60, 20_000, (SLOW,)),
    ({"variant": "six", "rounds": 2}, 60, 20_000, (SLOW,)),
    ({"variant": "six", "rounds": 1, "flip_on_discard": "may", "final_turns": False}, 60, 20_000, (SLOW,)),
    ({"variant": "six", "rounds": 1, "flip_on_discard": "must", "six_scoring": "total"}, 60, 20_000, (SLOW,)),
    # G-5.3: with the default rules a game is bounded whatever the players do: 9 holes of at most 10 peeks and
    # 100 turns of at most 3 actions each. Short limits make rounds end by the limit often, in both variants.
    ({}, 10, 9 * (10 + 100 * 3), ()),
    ({"rounds": 2, "round_turn_limit": 4, "knock": "after"}, 60, 20_000, (SLOW,)),
    ({"variant": "six", "rounds": 2, "round_turn_limit": 7, "flip_on_discard": "must"}, 60, 20_000, (SLOW,)),
    ({"rounds": 1, "round_turn_limit": 0}, 20, 20_000, ()),
    # Explicit chance (podium.core.chance): every shuffle dealt card by card as chance nodes.
    ({"rounds": 2, "chance": True}, 8, 20_000, ()),
    ({"variant": "six", "rounds": 2, "flip_on_discard": "may", "chance": True}, 8, 20_000, (SLOW,)),
]

CASES = conformance_cases(VARIANTS, PLAYERS)


@pytest.mark.parametrize(("options", "games", "max_plies", "num_players"), CASES)
def test_random_games_keep_the_contract(options: dict[str, Any], games: int, max_plies: int, num_players: int) -> None:
    check_random_games(GAME.name, options, num_players, games, max_plies)
