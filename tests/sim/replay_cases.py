"""The games the replay fixtures pin down (tests/sim/data/*.json): seeded games between random bots, per game,
variant and player count, and small `simulate` runs.

`make_fixtures` wrote the fixtures from the engines as they were before the speed work of issue 13; the test
(test_replay_fixtures.py) replays them with today's code. Every digest covers a whole game: the events of every
action, every player's and the spectator's view, the full view and `to_dict` after every action, so a faster view or
record writer that changes a single key, value or key order is caught.

    .venv/bin/python tests/sim/replay_cases.py   # rewrite the fixtures (only on purpose: they are the reference)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from podium.core.registry import get_game
from podium.sim.runner import bot_seed, simulate

DATA = Path(__file__).parent / "data"

# (game, options, players, seeds): every game's variants with random bots.
GAMES: list[tuple[str, dict[str, Any], int, list[int]]] = [
    ("golf", {}, 2, [0, 1, 2]),
    ("golf", {}, 4, [3, 4]),
    ("golf", {"variant": "six"}, 2, [5, 6]),
    ("golf", {"variant": "six"}, 3, [7]),
    ("golf", {"knock": "after", "peek": "near", "rounds": 3}, 3, [8, 9]),
    ("golf", {"variant": "six", "flip_on_discard": "may", "rounds": 3}, 2, [10]),
    ("olympicards", {}, 2, [0, 1]),
    ("olympicards", {}, 4, [2, 3]),
    ("olympicards", {}, 7, [4]),
    ("olympicards", {"sports": "test"}, 4, [5, 6]),
    ("athletic", {}, 2, [0, 1]),
    ("athletic", {}, 3, [2]),
    ("athletic", {"table_moves": False}, 4, [3]),
    ("athletic", {"step": "up", "max_turns": 300}, 5, [4]),
    ("athletic", {"step": "up"}, 5, [5]),
]

# (game, options, players, games, seed): `simulate` aggregates.
SIMULATIONS: list[tuple[str, dict[str, Any], int, int, int]] = [
    ("golf", {}, 2, 40, 100),
    ("golf", {"variant": "six"}, 4, 10, 200),
    ("olympicards", {}, 4, 30, 300),
    ("olympicards", {}, 7, 10, 400),
    ("athletic", {}, 2, 20, 500),
    ("athletic", {"step": "up", "max_turns": 200}, 5, 4, 600),
]


def _digest() -> Any:
    return hashlib.sha256()


def _feed(digest: Any, data: Any) -> None:
    digest.update(json.dumps(data).encode())
    digest.update(b"\n")


def play_case(game_name: str, options: dict[str, Any], players: int, seed: int) -> dict[str, Any]:
    """One seeded game between random bots (as `podium simulate` plays it), with digests of everything shown."""
    from podium.agents.base import make_agent

    game = get_game(game_name)
    config = game.config(options)
    state = game.new_game(config, players, seed)
    agents = [make_agent("random", game, seat, bot_seed(seed, seat)) for seat in range(players)]
    events, views, records = _digest(), _digest(), _digest()
    actions: list[int] = []

    def look() -> None:
        for seat in [*range(players), None]:
            _feed(views, state.view(seat))
        _feed(views, state.full_view())
        _feed(records, state.to_dict())

    look()
    while (player := state.current_player) is not None:
        action = agents[player].act(state.view(player), state.legal_actions())
        actions.append(action.id)
        _feed(events, [event.to_json() for event in state.apply(action)])
        look()
    return {
        "game": game_name,
        "options": options,
        "players": players,
        "seed": seed,
        "actions": actions,
        "result": state.result().to_json(),
        "events": events.hexdigest(),
        "views": views.hexdigest(),
        "states": records.hexdigest(),
        "final_state": state.to_dict(),
    }


def simulate_case(game_name: str, options: dict[str, Any], players: int, games: int, seed: int) -> dict[str, Any]:
    game = get_game(game_name)
    report = simulate(game, game.config(options), ["random"] * players, games, seed)
    return {
        "game": game_name,
        "options": options,
        "players": players,
        "games": games,
        "seed": seed,
        "aggregate": report.aggregate.to_json(),
    }


def make_fixtures() -> None:
    DATA.mkdir(exist_ok=True)
    for name in sorted({case[0] for case in GAMES}):
        cases = [
            play_case(game, options, players, seed)
            for game, options, players, seeds in GAMES
            if game == name
            for seed in seeds
        ]
        (DATA / f"replay_{name}.json").write_text(json.dumps(cases, separators=(",", ":")) + "\n", encoding="utf-8")
    sims = [simulate_case(*case) for case in SIMULATIONS]
    (DATA / "simulate_aggregates.json").write_text(json.dumps(sims, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    make_fixtures()
