"""Bots in play, on every installed game: they see only views (the JSON a network client gets will do), replay exactly
with a seed, and ISMCTS decides the same whatever the hidden cards are. Each game's variants, and its heuristic against
random: tests/games/<game>/test_*_bots_play.py."""

from __future__ import annotations

import pytest

from game_support import assert_same_decisions, hidden_twin, play
from podium.agents.base import Agent, make_agent
from podium.core.contract import Action, View
from podium.core.registry import game_names, get_game, get_spec

GAMES = game_names()
PLIES = 150  # a game under default rules can be long: its first actions (whole games of each game's variants are
# in tests/games/<game>/)


def bots_of(name: str) -> list[str]:
    """The framework's bots, and the game's heuristic where it has one."""
    return (["heuristic"] if get_spec(name).heuristic else []) + ["ismcts:iterations=30", "easy"]


class Spy(Agent):
    """Wraps a bot and records what it was given."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.given: list[tuple[type, type]] = []

    def act(self, view: View, legal: list[Action]) -> Action:
        self.given.append((type(view), type(legal)))
        return self.inner.act(view, legal)


BOT_CASES = [(name, bot) for name in GAMES for bot in bots_of(name)]


@pytest.mark.parametrize(("game_name", "bot"), BOT_CASES)
def test_bots_play_from_json_views_only(game_name: str, bot: str) -> None:
    play(get_game(game_name), {}, [bot, "random"], seed=5, copy_views=True, plies=PLIES)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_play_loop_hands_bots_views_and_legal_lists(game_name: str) -> None:
    game = get_game(game_name)
    state = game.new_game(game.config(), 2, 3)
    spies = [Spy(make_agent("ismcts:iterations=20", game, seat, seat)) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(spies[seat].act(state.view(seat), state.legal_actions()))
    assert all(given == (dict, list) for spy in spies for given in spy.given)


SEED_CASES = [(name, bot) for name in GAMES for bot in [*bots_of(name)[:-1], "ismcts:iterations=25:depth=1", "easy"]]


@pytest.mark.parametrize(("game_name", "bot"), SEED_CASES)
def test_same_seed_same_game(game_name: str, bot: str) -> None:
    game = get_game(game_name)
    first = play(game, {}, [bot, bot], seed=11, plies=PLIES)
    assert play(game, {}, [bot, bot], seed=11, plies=PLIES) == first


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("plies", [5, 17, 40])
def test_ismcts_decision_does_not_depend_on_hidden_cards(game_name: str, plies: int) -> None:
    game = get_game(game_name)
    found = hidden_twin(game, {}, seed=plies, plies=plies)
    assert found is not None, "no different hidden cards found"
    bots = ["ismcts:iterations=60", "ismcts:iterations=60:depth=1", "ismcts:iterations=60:macro=step"]
    assert_same_decisions(game, bots + bots_of(game_name)[:-2], *found)
