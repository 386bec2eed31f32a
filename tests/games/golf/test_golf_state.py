"""The contract parts of GolfState: clone, serialisation, replay, results; plus random-playout sanity."""

from __future__ import annotations

import json

import pytest
from golf_helpers import play, random_playout

from podium.core.errors import GameNotOver, RecordError
from podium.core.rng import Rng
from podium.games.golf import GAME, GolfState

CONFIGS = [
    {},
    {"peek": "near", "knock": "after", "discard_take_must_swap": True},
    {"values": "six"},
    {"variant": "six"},
    {"variant": "six", "flip_on_discard": "may", "final_turns": False},
    {"variant": "six", "flip_on_discard": "must", "six_scoring": "total"},
]


def test_clone_is_equal_and_independent() -> None:
    state = GAME.new_game(GAME.config(), 2, 1)
    play(state, "peek 1", "peek 2")
    twin = state.clone()
    assert twin == state and twin.to_dict() == state.to_dict()
    play(twin, "peek 3")
    assert twin != state and state.phase == "peek" and state.current_player == 1


def test_to_dict_from_dict_round_trips_through_json() -> None:
    state = GAME.new_game(GAME.config(variant="six", rounds=3), 3, 8)
    rng = Rng(2)
    for _ in range(60):
        data = json.loads(json.dumps(state.to_dict()))
        restored = GAME.state_from_dict(data)
        assert restored.to_dict() == state.to_dict() and restored.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        assert restored.apply(action) == state.apply(action)


@pytest.mark.parametrize(
    "change",
    [
        {"game": "chess"},
        {"hands": [0] * 8},
        {"stock": []},
        {"phase": "dance"},
        {"phase": "initial_flip"},
        {"current_player": 7},
        {"num_players": 9},
        {"drawn": 3},
        {"known": [3] * 8},
        {"config": {"variant": "ten"}},
        {"rng": -1},
        {"round": 0},
        {"first_player": 1},
        {"totals": [0]},
    ],
)
def test_from_dict_rejects_bad_data(change: dict[str, object]) -> None:
    data = GAME.new_game(GAME.config(), 2, 0).to_dict()
    data.update(change)
    with pytest.raises(RecordError):
        GolfState.from_dict(data)
    with pytest.raises(RecordError):
        GolfState.from_dict({k: v for k, v in data.items() if k != "hands"})


def test_same_seed_same_game() -> None:
    a = GAME.new_game(GAME.config(), 3, 42)
    b = GAME.new_game(GAME.config(), 3, 42)
    random_playout(a, 5)
    random_playout(b, 5)
    assert a.to_dict() == b.to_dict()
    assert GAME.new_game(GAME.config(), 3, 43).to_dict() != GAME.new_game(GAME.config(), 3, 42).to_dict()


def test_result_before_the_end_raises() -> None:
    with pytest.raises(GameNotOver):
        GAME.new_game(GAME.config(), 2).result()


def test_new_game_rejects_another_games_config() -> None:
    from podium.core.errors import ConfigError

    with pytest.raises(ConfigError):
        GAME.new_game(object(), 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", CONFIGS)
def test_random_playouts_keep_cards_and_end_properly(options: dict[str, object]) -> None:
    # G-1 conservation, G-5/G-8.3 every round ends, G-6 `rounds` rounds per game.
    config = GAME.config(options, rounds=2)
    for n in (2, 3, 4, 5):
        for seed in range(8):
            state = GAME.new_game(config, n, seed)
            rng = Rng(seed)
            while not state.is_over:
                legal = state.legal_actions()
                assert legal and [a.id for a in legal] == sorted({a.id for a in legal})
                state.apply(legal[rng.randbelow(len(legal))])
                assert sorted(state.all_cards()) == list(range(52))
            result = state.result()
            assert result.details["rounds"] == 2 and set(result.winners) <= set(range(n))
            assert min(result.scores) == result.scores[result.winners[0]]
