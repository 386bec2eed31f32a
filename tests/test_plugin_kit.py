"""The plugin kit has no side effects (docs/architecture.md, "Games are plugins"): importing the kit loads no
application and no heavy library; reading a game's spec loads no engine; importing a game's encoding loads neither
numpy nor gymnasium nor another game; every game declares its game-type facts and names its own game in its state
class. Run over every installed game, in fresh interpreters (what a module imports shows only in a new process)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from podium.core.contract import GAME_FACTS
from podium.core.registry import GROUP, game_names, get_game, get_spec

KIT = ("podium.api", "podium.api.tui", "podium.api.encoding", "podium.api.web")
HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "typer", "rich", "fastapi", "ray", "matplotlib")
APPLICATIONS = ("podium.cli", "podium.rl", "podium.server", "podium.openspiel", "podium.sim")
MOST_SPEC_MODULES = 6  # podium.* modules loaded by importing the registry and reading one spec (issue 27)
GAMES = game_names()
ENCODED = [name for name in GAMES if get_spec(name).encoding is not None]


def _spec_module(name: str) -> str:
    """The module of game `name`'s spec, where its entry point points."""
    (point,) = (ep for ep in entry_points(group=GROUP) if ep.name == name)
    return point.module


def _package(name: str) -> str:
    """The package of game `name`: the one its spec module lies in."""
    return _spec_module(name).rpartition(".")[0]


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _modules_after(code: str) -> dict[str, list[str]]:
    """The modules a fresh interpreter has loaded after running `code`, before (`"before"`) and after the marker
    line `MARK` in it (`"after"`)."""
    script = (
        "import json, sys\n"
        + code.replace("MARK\n", "before = set(sys.modules)\n")
        + "print(json.dumps({'before': sorted(before), 'after': sorted(sys.modules)}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


def test_the_kit_loads_no_application_nor_heavy_library() -> None:
    loaded = _modules_after("MARK\n" + "".join(f"import {module}\n" for module in KIT))["after"]
    packages = [_package(name) for name in GAMES]
    assert not [m for m in loaded if any(_within(m, p) for p in (*HEAVY, *APPLICATIONS, *packages))]


@pytest.mark.parametrize("name", GAMES)
def test_reading_a_spec_loads_no_engine(name: str) -> None:
    found = _modules_after(f"from podium.core.registry import get_spec\nMARK\nget_spec({name!r})\n")
    spec_module = _spec_module(name)
    packages = ["podium", *(_package(game) for game in GAMES)]
    new = [m for m in set(found["after"]) - set(found["before"]) if any(_within(m, p) for p in packages)]
    # the spec module and the packages it lies in: nothing else of the game (and nothing of another, or of podium
    # beyond its core)
    assert sorted(m for m in new if not _within(m, "podium.core")) == sorted(
        m for m in new if spec_module.startswith(m + ".") or m == spec_module
    )
    assert len([m for m in found["after"] if m.startswith("podium.")]) <= MOST_SPEC_MODULES


@pytest.mark.parametrize("name", ENCODED)
def test_a_games_encoding_loads_no_numpy_nor_another_game(name: str) -> None:
    module = (get_spec(name).encoding or "").partition(":")[0]
    loaded = _modules_after(f"MARK\nimport {module}\n")["after"]
    others = [_package(other) for other in GAMES if other != name]
    assert not [m for m in loaded if any(_within(m, p) for p in (*HEAVY, *APPLICATIONS, *others))]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_declares_its_facts_and_its_state_names_it(name: str) -> None:
    game = get_game(name)
    for fact, kind in GAME_FACTS.items():
        assert isinstance(getattr(type(game), fact), kind), fact
    config = game.config()
    bound = game.max_steps(config, game.min_players)
    assert bound is None or bound > 0
    assert game.max_turns(config, game.min_players) is not None or bound is not None
    state = game.new_game(config, game.min_players, 1)
    assert type(state).game is game
