"""podium's games as OpenSpiel games (podium.openspiel, issue 16): every registered game (every installed game with an
encoding that the adapter can play) through OpenSpiel's own simulation test, its ISMCTS, parameters, information
states, resampling and serialisation. Each game's own checks: tests/games/<game>/test_<game>_openspiel.py."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import podium.openspiel  # noqa: E402  (registers the games)
from podium.core.contract import Information, Utility  # noqa: E402
from podium.core.registry import get_game  # noqa: E402
from podium.openspiel.game import PREFIX  # noqa: E402
from podium.rl.common import encoding_of  # noqa: E402
from rl_support import encoded_games, openspiel_random_play, openspiel_short  # noqa: E402

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game: an encoding, but its chance is sampled
GAMES = [name.removeprefix(PREFIX) for name in podium.openspiel.REGISTERED]
INFORMATION = {
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
}


def load(name: str, players: int, **params: object) -> pyspiel.Game:
    # Short games keep the suite fast; every rule option is a parameter (see docs/openspiel.md).
    return pyspiel.load_game(f"{PREFIX}{name}", {"players": players, **openspiel_short(name), **params})


def test_importing_registers_every_game_with_an_encoding_it_can_play() -> None:
    assert len(GAMES) >= 2
    assert set(GAMES) | set(podium.openspiel.SKIPPED) == set(encoded_games())
    assert {PREFIX + name for name in GAMES} <= set(pyspiel.registered_names())
    assert "sampled" in podium.openspiel.SKIPPED[PLUGIN]  # the plugin's own chance fact decides
    for name in GAMES:
        game = get_game(name)
        game_type = pyspiel.load_game(PREFIX + name).get_type()
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.information == INFORMATION[game.information]
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        if game.utility is Utility.ZERO_SUM:
            assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_at_two_and_the_most_players(name: str) -> None:
    for players in (2, get_game(name).max_players):
        pyspiel.random_sim_test(load(name, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_parameters_are_every_rule_option_as_a_scalar(name: str) -> None:
    spec = pyspiel.load_game(PREFIX + name).get_type().parameter_specification
    options = [info.name for info in get_game(name).config_type.options() if info.name != "chance"]
    assert set(spec) == {"players", *options}
    assert load(name, 2).config.chance  # OpenSpiel plays under explicit chance


@pytest.mark.parametrize("name", GAMES)
def test_game_info_comes_from_the_encoding(name: str) -> None:
    game = load(name, 2)
    encoding = encoding_of(name)
    assert game.num_distinct_actions() == get_game(name).num_actions(game.config)
    low, high = encoding.utility_bounds(2)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (low, high, encoding.utility_sum(2))
    assert game.observation_tensor_size() == game.encoder.size
    returns = openspiel_random_play(game, 1).returns()
    assert all(low <= r <= high for r in returns)
    if encoding.utility_sum(2) is not None:
        assert sum(returns) == pytest.approx(encoding.utility_sum(2))


@pytest.mark.parametrize("name", GAMES)
def test_resampled_states_keep_the_information_state(name: str) -> None:
    game = load(name, 3)
    rng = np.random.RandomState(7)
    state = game.new_initial_state()
    checked = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal() and checked < 25:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        for seat in range(3):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            if seat == player:
                assert other.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 10


@pytest.mark.parametrize("name", GAMES)
def test_serialisation_round_trips(name: str) -> None:
    game = load(name, 3)
    state = openspiel_random_play(game, 3)
    for candidate in (game.new_initial_state(), state):
        text = pyspiel.serialize_game_and_state(game, candidate)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game) and str(state2) == str(candidate)
        assert state2.history() == candidate.history()


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_ismcts_plays_whole_games(name: str) -> None:
    game = load(name, 2)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
            moves += 1
    assert moves > 0 and sum(state.returns()) == pytest.approx(0.0)
