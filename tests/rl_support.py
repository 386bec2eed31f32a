"""The games, player counts and rule variants the RL and OpenSpiel tests run on, gathered from the installed games:
every game with an encoding. A game's own table (`tests/games/<game>/<game>_rl.py`: `GAME`, `CASES` of (players,
rules), optionally `CHECK_ENV_EVERY_COUNT` and `OPENSPIEL_SHORT`) lists its main variants, with short games where the
rules allow it so that episodes reach their end (the plugin game's: tests/plugin_game/kuhn_rl.py); a game without one
runs with its default rules at its fewest and its most players."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from podium.api.encoding import Encoding
from podium.core.contract import State
from podium.core.registry import game_names, get_game, get_spec, load_instance
from podium.core.rng import Rng

TESTS = Path(__file__).resolve().parent
Case = tuple[str, int, dict[str, Any]]


@cache
def tables() -> dict[str, ModuleType]:
    """The games' own tables, by game name."""
    found: dict[str, ModuleType] = {}
    for path in sorted([*TESTS.glob("games/*/*_rl.py"), *TESTS.glob("plugin_game/*_rl.py")]):
        if path.name.startswith("test_"):
            continue
        spec = importlib.util.spec_from_file_location(f"rl_table_{path.parent.name}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found[module.GAME] = module
    return found


def get_encoding(game: str) -> Encoding:
    """The game's encoding facet, loaded without importing podium.rl."""
    encoding: Encoding = load_instance(get_spec(game).encoding or "", Encoding, where=game)
    return encoding


def encoded_games() -> list[str]:
    """The installed games that declare an encoding (what podium.rl supports), read without importing podium.rl."""
    return [name for name in game_names() if get_spec(name).encoding is not None]


def cases_of(game: str) -> list[Case]:
    table = tables().get(game)
    if table is not None:
        return [(game, players, rules) for players, rules in table.CASES]
    engine = get_game(game)
    return [(game, engine.min_players, {}), (game, engine.max_players, {})]


CASES: list[Case] = [case for game in encoded_games() for case in cases_of(game)]
# Gymnasium's `check_env` at three players at most, or at every count where the game's table asks for it
GYM_CASES: list[Case] = [
    case for case in CASES if case[1] <= 3 or getattr(tables().get(case[0]), "CHECK_ENV_EVERY_COUNT", False)
]


def openspiel_short(game: str) -> dict[str, Any]:
    """Options that keep a game short under OpenSpiel (every rule option is a parameter; docs/openspiel.md)."""
    return dict(getattr(tables().get(game), "OPENSPIEL_SHORT", {}))


def label(case: Case) -> str:
    game, players, rules = case
    return f"{game}-{players}p-" + (",".join(f"{k}={v}" for k, v in rules.items()) or "default")


def random_game(game: str, players: int, rules: dict[str, Any], seed: int) -> tuple[State, int]:
    """A whole game of uniformly random legal actions; the final state and the number of steps."""
    engine = get_game(game)
    state = engine.new_game(engine.config(rules), players, seed)
    rng = Rng(seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        steps += 1
    return state, steps


def check_within_bound(game: str, players: int, rules: dict[str, Any], seeds: int = 20) -> None:
    """Random games of `game` end within the number of steps its encoding declares (`max_steps`, not None here)."""
    bound = get_encoding(game).max_steps(get_game(game).config(rules), players)
    assert bound is not None
    for seed in range(seeds):
        _, steps = random_game(game, players, rules, seed)
        assert steps <= bound


def openspiel_random_play(game: Any, seed: int) -> Any:
    """A whole OpenSpiel game (a `pyspiel.Game`) of random chance outcomes and random legal actions, seeded with
    numpy's `RandomState(seed)`; returns the terminal state."""
    import numpy as np

    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state
