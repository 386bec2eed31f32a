"""Golf as an OpenSpiel game (every registered game's checks: tests/openspiel/test_openspiel.py): its type, six-card
Golf, its parameters (G-2's value table among them), its game info, a resampled world without the opponents' peeks
(G-3.3) and outcome-sampling MCCFR on one round."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

import podium.openspiel  # noqa: E402  (registers the games)
from podium.core.errors import ConfigError  # noqa: E402
from podium.core.registry import get_game  # noqa: E402
from rl_support import openspiel_random_play  # noqa: E402


def load(players: int, **params: object) -> pyspiel.Game:
    return pyspiel.load_game("podium_golf", {"players": players, "rounds": 1, **params})


def test_golf_is_registered_imperfect_information_zero_sum_under_explicit_chance() -> None:
    assert "podium_golf" in pyspiel.registered_names() and "podium_golf" in podium.openspiel.REGISTERED
    game_type = pyspiel.load_game("podium_golf").get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


def test_six_card_golf_passes_the_simulation_test() -> None:
    game = load(3, variant="six", flip_on_discard="may")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_are_every_rule_option_as_a_scalar() -> None:
    spec = pyspiel.load_game("podium_golf").get_type().parameter_specification
    options = [info.name for info in get_game("golf").config_type.options() if info.name != "chance"]
    assert set(spec) == {"players", *options}
    assert spec["values"] == "none" and spec["rounds"] == 9 and spec["peek"] == "choose"
    # G-2: a custom value table, written without commas
    table = "A=1;2=-2;3=3;4=4;5=5;6=6;7=7;8=8;9=9;10=10;J=10;Q=10;K=0"
    game = pyspiel.load_game("podium_golf", {"players": 3, "values": table, "rounds": 2})
    assert game.config.value_table[1] == -2 and game.config.rounds == 2 and game.num_players() == 3
    assert game.config.chance  # OpenSpiel plays under explicit chance
    with pytest.raises(ConfigError, match="rounds"):
        pyspiel.load_game("podium_golf", {"rounds": 0})
    with pytest.raises(ConfigError, match=r"players must be 2\.\.5"):
        pyspiel.load_game("podium_golf", {"players": 6})


def test_game_info_comes_from_the_encoding() -> None:
    game = load(2)
    assert game.num_distinct_actions() == get_game("golf").num_actions(game.config)
    assert game.max_chance_outcomes() == 52
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_size() == game.encoder.size
    state = openspiel_random_play(game, 1)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_resampled_world_keeps_no_opponents_private_history() -> None:
    # G-3.3: each player peeks at two of their own cards; in a world sampled for seat 0, seat 1's peeks (which seat 0
    # never saw) are not in seat 1's history, so a search cannot learn them from it.
    game = load(2)
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


def test_outcome_sampling_mccfr_runs_on_one_round_of_golf() -> None:
    game = load(2, round_turn_limit=6)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)
