"""Bots a game keeps for measurements (`GameSpec.benchmarks`, issue 29): out of the lists players choose from,
reachable by their exact name."""

from __future__ import annotations

import pytest

from podium.agents.base import agent_names, make_agent
from podium.core.registry import game_names, get_game, get_spec


@pytest.mark.parametrize("name", game_names())
def test_benchmarks_are_bots_of_the_game_hidden_from_players_lists(name: str) -> None:
    spec = get_spec(name)
    assert set(spec.benchmarks) <= set(spec.bots), "a benchmark names one of the game's own bots"
    shown, every = agent_names(name), agent_names(name, benchmarks=True)
    assert not set(spec.benchmarks) & set(shown)
    assert set(every) == set(shown) | set(spec.benchmarks)
    assert not set(spec.benchmarks) & set(agent_names())
    game = get_game(name)
    for bot in spec.benchmarks:
        agent = make_agent(bot, game, 0, seed=1)  # still reachable by its exact name
        assert agent is not None
