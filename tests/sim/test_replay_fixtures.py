"""Same seeds, same games (issue 13): the games and `simulate` aggregates saved from the engines before their speed
work (tests/sim/data, written by replay_cases.py) are reproduced exactly by today's code: the random bots' actions,
every event, every player's and the spectator's view, the full view and `to_dict` after every action, the result and
the aggregate of a run."""

from __future__ import annotations

import json
from typing import Any

import pytest
from replay_cases import DATA, play_case, simulate_case

from podium.core.registry import get_game


def _cases(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return cases


GAME_CASES = [case for path in sorted(DATA.glob("replay_*.json")) for case in _cases(path.name)]


@pytest.mark.parametrize(
    "saved", GAME_CASES, ids=[f"{c['game']}-{c['players']}p-seed{c['seed']}-{c['options']}" for c in GAME_CASES]
)
def test_seeded_game_replays_as_saved(saved: dict[str, Any]) -> None:
    now = play_case(saved["game"], saved["options"], saved["players"], saved["seed"])
    assert now["actions"] == saved["actions"]
    assert now["result"] == saved["result"]
    assert now["final_state"] == saved["final_state"]
    assert now["events"] == saved["events"], "an event differs from the saved game's"
    assert now["views"] == saved["views"], "a view (player, spectator or full) differs from the saved game's"
    assert now["states"] == saved["states"], "a to_dict differs from the saved game's"


def test_saved_final_states_load_back() -> None:
    # from_dict reads the stored states of before the change into states that write them back unchanged
    for saved in GAME_CASES:
        game = get_game(saved["game"])
        state = game.state_from_dict(saved["final_state"])
        assert state.to_dict() == saved["final_state"]
        assert state.result().to_json() == saved["result"]


SIM_CASES = _cases("simulate_aggregates.json")


@pytest.mark.parametrize("saved", SIM_CASES, ids=[f"{c['game']}-{c['players']}p-{c['options']}" for c in SIM_CASES])
def test_simulate_aggregate_as_saved(saved: dict[str, Any]) -> None:
    now = simulate_case(saved["game"], saved["options"], saved["players"], saved["games"], saved["seed"])
    assert now["aggregate"] == saved["aggregate"]
