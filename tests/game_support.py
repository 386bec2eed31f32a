"""Helpers shared by the framework's tests and the games' own (tests/games/<game>/): playing bots, random games
through the conformance suite, explicit chance, the command line. `tests/` is on the path of every test module
(its conftest.py puts it there)."""

from __future__ import annotations

import json
from typing import Any

import pytest
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


def heuristic_wins(game: Game, options: dict[str, Any]) -> float:
    """The heuristic bot's wins against a random one over 20 seeded games, 10 deals in both seats (a shared win
    counts as a fraction)."""
    wins = 0.0
    for i in range(10):
        for seat in (0, 1):
            bots = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
            _, winners = play(game, options, bots, seed=100 + i)
            if seat in winners:
                wins += 1 / len(winners)
    return wins


def hidden_twin(game: Game, options: dict[str, Any], seed: int, plies: int) -> tuple[State, State, int] | None:
    """A position after up to `plies` random actions (fewer if the game would end) and a twin whose hidden cards
    differ but whose view is the same; None if the current player knows every card."""
    state = game.new_game(game.config(options), 2, seed)
    rng = Rng(seed)
    for _ in range(plies):
        legal = state.legal_actions()
        ahead = state.clone()
        ahead.apply(legal[rng.randbelow(len(legal))])
        if ahead.is_over:
            break
        state = ahead
    seat = state.current_player
    assert seat is not None
    for attempt in range(20):
        twin = state.shuffle_hidden(seat, Rng(seed * 100 + attempt))
        if twin.to_dict() != state.to_dict():
            return state, twin, seat
    return None


def assert_same_decisions(game: Game, bots: list[str], state: State, twin: State, seat: int) -> None:
    """Each bot decides the same in `state` and in `twin`, which `seat` cannot tell apart."""
    assert state.view(seat) == twin.view(seat)
    for bot in bots:
        one = make_agent(bot, game, seat, 99).act(state.view(seat), state.legal_actions())
        other = make_agent(bot, game, seat, 99).act(twin.view(seat), twin.legal_actions())
        assert one == other, bot


def conformance_cases(variants: list[tuple[dict[str, Any], int, int, tuple[Any, ...]]], players: range) -> list[Any]:
    """pytest parameters (options, games, max_plies, players) for each variant (options, random games per player
    count, the most plies a game may last, marks) at each player count."""
    return [
        pytest.param(
            options,
            games,
            max_plies,
            n,
            marks=marks,
            id=f"{','.join(f'{k}={v}' for k, v in options.items()) or 'default'}-{n}p",
        )
        for options, games, max_plies, marks in variants
        for n in players
    ]
