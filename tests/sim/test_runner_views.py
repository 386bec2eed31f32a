"""The simulation loop builds a view only for a bot that reads it (`Agent.reads_views`, issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import NO_VIEW
from podium.agents.random_agent import RandomAgent
from podium.core.contract import View
from podium.core.registry import game_names, get_game
from podium.sim.runner import play_game


@pytest.mark.parametrize("name", game_names())
def test_random_bots_get_no_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(name)
    state_type = type(game.new_game(game.config(), 2, 0))
    built: list[int | None] = []
    original = state_type.view

    def counting_view(self: Any, player: int | None) -> View:
        built.append(player)
        return original(self, player)

    monkeypatch.setattr(state_type, "view", counting_view)
    received: list[View] = []
    original_act = RandomAgent.act

    def spying_act(self: RandomAgent, view: View, legal: Any) -> Any:
        received.append(view)
        return original_act(self, view, legal)

    monkeypatch.setattr(RandomAgent, "act", spying_act)
    state, plies, _ = play_game(game, game.config(), ["random", "random"], 3)
    assert state.is_over and plies == len(received) > 0
    assert built == [] and all(view is NO_VIEW for view in received)


@pytest.mark.parametrize("name", game_names())
def test_a_bot_that_reads_views_gets_its_own_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(name)
    checked = 0
    original_act = RandomAgent.act

    def checking_act(self: RandomAgent, view: View, legal: Any) -> Any:
        nonlocal checked
        # the view is the seat's own: it shows what this seat may know and nobody else's hidden cards
        assert view["player"] == self.seat and view["current_player"] == self.seat
        checked += 1
        return original_act(self, view, legal)

    monkeypatch.setattr(RandomAgent, "reads_views", True)
    monkeypatch.setattr(RandomAgent, "act", checking_act)
    _, plies, _ = play_game(game, game.config(), ["random", "random"], 5)
    assert checked == plies > 0
