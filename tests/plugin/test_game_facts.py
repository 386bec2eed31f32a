"""A game declares its game-type facts and the framework reads them instead of assuming (issue 27, point 4): Kuhn
poker, the plugin game, declares its own; OpenSpiel's game type follows a game's facts, and the adapter leaves out a
game it cannot play; an encoding's default utilities serve a zero-sum game only."""

from __future__ import annotations

from typing import Any

import pytest

from podium.api.encoding import Encoder, Encoding
from podium.core.config import GameConfig
from podium.core.contract import Chance, Information, JsonDict, State, Utility, View
from podium.core.errors import PodiumError
from podium.core.registry import get_game, get_spec

GAME = get_game("kuhn")
KuhnGame: Any = type(GAME)  # the plugin's own class, known here only through the entry point


def test_kuhn_declares_its_facts() -> None:
    assert (GAME.information, GAME.utility, GAME.chance) == (Information.IMPERFECT, Utility.ZERO_SUM, Chance.SAMPLED)
    config = GAME.config(hands=3)
    assert GAME.max_steps(config, 3) == 3 * 5
    assert GAME.max_turns(config, 3) == GAME.max_steps(config, 3)  # every decision a turn


def test_the_bound_holds_in_played_games() -> None:
    config = GAME.config(hands=4)
    for players in (2, 3):
        for seed in range(30):
            state = GAME.new_game(config, players, seed)
            steps = 0
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[(seed + steps) % len(legal)])
                steps += 1
            assert steps <= (GAME.max_steps(config, players) or 0)


def test_a_state_class_names_its_game() -> None:
    assert type(GAME.new_game()).game is GAME


def test_openspiel_reads_the_facts() -> None:
    pytest.importorskip("pyspiel")
    from podium.openspiel.game import game_type, unsupported

    class PerfectGeneralSum(KuhnGame):  # type: ignore[misc]
        information = Information.PERFECT
        utility = Utility.GENERAL_SUM
        chance = Chance.EXPLICIT

    kind = game_type(get_spec("kuhn"), PerfectGeneralSum())
    assert kind.information.name == "PERFECT_INFORMATION"
    assert kind.utility.name == "GENERAL_SUM"
    assert unsupported(PerfectGeneralSum()) is None
    assert "sampled" in (unsupported(GAME) or "")


class KuhnEncoding(Encoding, game="podium_kuhn.game:GAME"):
    """The least encoding of Kuhn poker: enough to ask for its utilities."""

    def encoder(self, config: GameConfig, players: int) -> Encoder:
        raise NotImplementedError

    def observed(self, view: View) -> JsonDict:
        return view


def test_an_encoding_names_its_game_and_its_default_utilities_need_a_zero_sum_game() -> None:
    encoding = KuhnEncoding()
    assert encoding.game is GAME
    state: State = GAME.new_game(GAME.config(), 2, 0)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert sum(encoding.utilities(state)) == pytest.approx(0.0)
    assert encoding.utility_sum(2) == 0.0
    assert encoding.max_steps(GAME.config(), 2) == GAME.max_steps(GAME.config(), 2)

    class GeneralSum(KuhnGame):  # type: ignore[misc]
        utility = Utility.GENERAL_SUM

    class GeneralSumEncoding(KuhnEncoding):
        game = GeneralSum()

    with pytest.raises(PodiumError, match="general-sum, not zero-sum"):
        GeneralSumEncoding().utilities(state)
    assert GeneralSumEncoding().utility_sum(2) is None
