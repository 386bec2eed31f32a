"""The conformance suite (podium.testing.conformance) on Athletic Games's rule variants, at every player count: step x
table_moves, both endings, explicit chance. The default rules of every installed game are checked by
tests/test_conformance.py; the variants marked slow run in the full suite only (README.md, For developers)."""

from __future__ import annotations

from typing import Any

import pytest

from game_support import check_random_games, conformance_cases
from podium.core.registry import get_game

GAME = get_game("athletic")
PLAYERS = range(GAME.min_players, GAME.max_players + 1)
SLOW = pytest.mark.slow

# (options, random games per player count, the most plies a game may last, marks)
VARIANTS: list[tuple[dict[str, Any], int, int, tuple[pytest.MarkDecorator, ...]]] = [
    # Every combination of step x table_moves; random bots rarely win medals, so short turn limits (and one variant
    # with medals_to_win=1) keep games short while covering reshuffles and both endings.
    ({"max_turns": 60}, 8, 20_000, ()),
    ({"step": "up", "max_turns": 60}, 8, 20_000, (SLOW,)),
    ({"table_moves": False, "max_turns": 60, "first_player": 1}, 8, 20_000, (SLOW,)),
    ({"step": "up", "table_moves": False, "max_turns": 60}, 8, 20_000, (SLOW,)),
    ({"medals_to_win": 1, "max_turns": 150}, 4, 20_000, (SLOW,)),
    # Explicit chance (podium.core.chance): A-6 reshuffles several times per game, each card a chance node.
    ({"medals_to_win": 1, "max_turns": 150, "chance": True}, 3, 20_000, (SLOW,)),
]

CASES = conformance_cases(VARIANTS, PLAYERS)


@pytest.mark.parametrize(("options", "games", "max_plies", "num_players"), CASES)
def test_random_games_keep_the_contract(options: dict[str, Any], games: int, max_plies: int, num_players: int) -> None:
    check_random_games(GAME.name, options, num_players, games, max_plies)
