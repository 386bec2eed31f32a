"""Helpers shared by the framework's tests and the games' own (tests/games/<game>/): playing bots, random games
through the conformance suite, explicit chance, the command line. `tests/` is on the path of every test module
(its conftest.py puts it there)."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from podium.agents.base import make_agent
from podium.cli.app import app
from podium.core.contract import Game, State
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.testing.conformance import check_random_game

_RUNNER = CliRunner()


def play(
    game: Game,
    options: dict[str, Any],
    bots: list[str],
    seed: int,
    *,
    copy_views: bool = False,
    plies: int | None = None,
) -> tuple[list[int], list[int]]:
    """Play one game, or its first `plies` actions; returns (action ids in order, winners if it ended). Fails if a
    bot picks an illegal action. `copy_views`: a bot gets the JSON a network client would get."""
    state = game.new_game(game.config(options), len(bots), seed)
    agents = [make_agent(name, game, seat, seed * 31 + seat) for seat, name in enumerate(bots)]
    actions: list[int] = []
    while not state.is_over and (plies is None or len(actions) < plies):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if copy_views:
            view = json.loads(json.dumps(view))
        legal = state.legal_actions()
        action = agents[seat].act(view, list(legal))
        assert action in legal, f"{bots[seat]} chose {action} but legal were {legal}"
        state.apply(action)
        actions.append(action.id)
    return actions, list(state.result().winners) if state.is_over else []


def check_random_games(name: str, options: dict[str, Any], num_players: int, games: int, max_plies: int) -> None:
    """The conformance suite on `games` seeded random games (seed `k * 7919 + num_players`)."""
    game = get_game(name)
    config = game.config(options)
    for seed in range(games):
        check_random_game(game, config, num_players, seed * 7919 + num_players, max_plies=max_plies)


def sample_chance(state: State, rng: Rng) -> None:
    """Play chance nodes, each outcome drawn with its probability, until a player decides."""
    while state.is_chance():
        x = rng.random()
        outcomes = state.chance_outcomes()
        chosen = outcomes[-1][0]
        for outcome, p in outcomes:
            x -= p
            if x < 0:
                chosen = outcome
                break
        state.apply(chosen)


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    """`podium ARGS` with typed input; returns the exit code and the output (never a traceback)."""
    result = _RUNNER.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def table_rows(output: str) -> dict[str, list[str]]:
    """`podium rules`' option table, its cells joined across wrapped lines: option name -> [value, allowed, meaning]."""
    rows: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in output.splitlines():
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[0]:
            current = rows.setdefault(cells[0], ["", "", ""])
        assert current is not None
        for index, cell in enumerate(cells[1:]):
            current[index] = f"{current[index]} {cell}".strip()
    return rows
