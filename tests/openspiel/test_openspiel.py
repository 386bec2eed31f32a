"""podium's games as OpenSpiel games (podium.openspiel, issue 16): OpenSpiel's own simulation test, its ISMCTS and
outcome-sampling MCCFR on them, parameters, information states and resampling."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

import podium.openspiel  # noqa: E402  (registers the games)
from podium.core.errors import ConfigError  # noqa: E402
from podium.core.registry import get_game  # noqa: E402

# Short games keep the suite fast; every rule option is a parameter (see docs/openspiel.md).
SHORT = {
    "golf": {"rounds": 1},
    "athletic": {"max_turns": 20},
    "olympicards": {},
}


def load(name: str, players: int, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(f"podium_{name}", {"players": players, **SHORT[name], **params})


def play_random(game: pyspiel.Game, seed: int) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_importing_registers_every_game_with_an_encoding() -> None:
    names = set(pyspiel.registered_names())
    assert {"podium_golf", "podium_athletic", "podium_olympicards"} <= names
    assert set(podium.openspiel.REGISTERED) >= {"podium_golf", "podium_athletic", "podium_olympicards"}
    game_type = pyspiel.load_game("podium_golf").get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("name", ["golf", "athletic", "olympicards"])
def test_random_sim_test_at_two_and_the_most_players(name: str) -> None:
    for players in (2, get_game(name).max_players):
        pyspiel.random_sim_test(load(name, players), num_sims=1, serialize=True, verbose=False)


def test_six_card_golf_passes_the_simulation_test() -> None:
    game = load("golf", 3, variant="six", flip_on_discard="may")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_are_every_rule_option_as_a_scalar() -> None:
    spec = pyspiel.load_game("podium_golf").get_type().parameter_specification
    options = [info.name for info in get_game("golf").config_type.options() if info.name != "chance"]
    assert set(spec) == {"players", *options}
    assert spec["values"] == "none" and spec["rounds"] == 9 and spec["peek"] == "choose"
    assert pyspiel.load_game("podium_athletic").get_type().parameter_specification["first_player"] == -1
    # G-2: a custom value table, written without commas
    table = "A=1;2=-2;3=3;4=4;5=5;6=6;7=7;8=8;9=9;10=10;J=10;Q=10;K=0"
    game = pyspiel.load_game("podium_golf", {"players": 3, "values": table, "rounds": 2})
    assert game.config.value_table[1] == -2 and game.config.rounds == 2 and game.num_players() == 3
    assert game.config.chance  # OpenSpiel plays under explicit chance
    assert pyspiel.load_game("podium_athletic", {"first_player": 1, "players": 3}).config.first_player == 1
    with pytest.raises(ConfigError, match="rounds"):
        pyspiel.load_game("podium_golf", {"rounds": 0})
    with pytest.raises(ConfigError, match=r"players must be 2\.\.5"):
        pyspiel.load_game("podium_golf", {"players": 6})


def test_game_info_comes_from_the_encoding() -> None:
    game = load("golf", 2)
    assert game.num_distinct_actions() == get_game("golf").num_actions(game.config)
    assert game.max_chance_outcomes() == 52
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_size() == game.encoder.size
    state = play_random(game, 1)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("name", ["golf", "athletic", "olympicards"])
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


def test_a_resampled_world_keeps_no_opponents_private_history() -> None:
    # G-3.3: each player peeks at two of their own cards; in a world sampled for seat 0, seat 1's peeks (which seat 0
    # never saw) are not in seat 1's history, so a search cannot learn them from it.
    game = load("golf", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for _ in range(4):  # two peeks each
        state.apply_action(state.legal_actions()[0])
    real = state.information_state_string(1)
    sampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert '"kind": "peek"' in real
    assert '"kind": "peek"' not in sampled.information_state_string(1)
    assert '"kind": "peek"' in sampled.information_state_string(0)


def test_serialisation_round_trips() -> None:
    game = load("olympicards", 3)
    state = play_random(game, 3)
    for candidate in (game.new_initial_state(), state):
        text = pyspiel.serialize_game_and_state(game, candidate)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game) and str(state2) == str(candidate)
        assert state2.history() == candidate.history()


@pytest.mark.parametrize("name", ["golf", "athletic", "olympicards"])
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


def test_outcome_sampling_mccfr_runs_on_one_round_of_golf() -> None:
    game = load("golf", 2, round_turn_limit=6)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)
