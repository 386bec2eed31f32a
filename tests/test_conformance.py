"""The conformance suite (podium.testing.conformance) on every installed game: its default rules at every player
count (a plugin is checked as soon as it is installed), and the plugin game of tests/plugin_game (Kuhn poker) in its
variants. A game's own rule variants are checked in its folder (tests/games/<game>/test_*_conformance.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game_support import check_random_games
from podium.core.registry import game_names, get_game

PLUGIN = "kuhn"  # tests/plugin_game, installed by the test setup (README.md)

# Kuhn poker: one hand (the classic game), and matches of several hands with a bigger bet.
PLUGIN_VARIANTS: list[tuple[dict[str, Any], int]] = [({}, 60), ({"hands": 9, "bet": 2}, 30)]


PLUGIN_CASES = [
    pytest.param(options, games, n, id=f"{','.join(f'{k}={v}' for k, v in options.items()) or 'default'}-{n}p")
    for options, games in PLUGIN_VARIANTS
    for n in range(get_game(PLUGIN).min_players, get_game(PLUGIN).max_players + 1)
]


@pytest.mark.parametrize(("options", "games", "num_players"), PLUGIN_CASES)
def test_the_plugin_game_keeps_the_contract(options: dict[str, Any], games: int, num_players: int) -> None:
    check_random_games(PLUGIN, options, num_players, games, 20_000)


DEFAULT_CASES = [
    (name, n) for name in game_names() for n in range(get_game(name).min_players, get_game(name).max_players + 1)
]


@pytest.mark.slow  # random games under default rules can be long (random bots rarely finish a game quickly)
@pytest.mark.parametrize(("name", "num_players"), DEFAULT_CASES, ids=[f"{name}-{n}p" for name, n in DEFAULT_CASES])
def test_every_installed_game_keeps_the_contract_by_default(name: str, num_players: int) -> None:
    check_random_games(name, {}, num_players, 3, 20_000)
