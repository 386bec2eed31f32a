"""The conformance suite (podium.testing.conformance) on Olympicards's rule variants, at every player count: both sport
sets, world records, explicit chance, 2-7 players. The default rules of every installed game are checked by
tests/test_conformance.py; the variants marked slow run in the full suite only (README.md, For developers)."""

from __future__ import annotations

from typing import Any

import pytest

from game_support import check_random_games, conformance_cases
from podium.core.registry import get_game

GAME = get_game("olympicards")
PLAYERS = range(GAME.min_players, GAME.max_players + 1)
SLOW = pytest.mark.slow

# (options, random games per player count, the most plies a game may last, marks)
VARIANTS: list[tuple[dict[str, Any], int, int, tuple[pytest.MarkDecorator, ...]]] = [
    # Both built-in sport sets, with and without world records.
    ({}, 10, 20_000, ()),
    ({"world_record": True, "first_player": 1}, 10, 20_000, (SLOW,)),
    ({"sports": "test", "world_record": True}, 10, 20_000, (SLOW,)),
    # Explicit chance (podium.core.chance): O-8 refills the draw pile, each card a chance node.
    ({"chance": True}, 4, 20_000, (SLOW,)),
]

CASES = conformance_cases(VARIANTS, PLAYERS)


@pytest.mark.parametrize(("options", "games", "max_plies", "num_players"), CASES)
def test_random_games_keep_the_contract(options: dict[str, Any], games: int, max_plies: int, num_players: int) -> None:
    check_random_games(GAME.name, options, num_players, games, max_plies)
