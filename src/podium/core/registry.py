"""A game is a plugin: one object, its `GameSpec`, declares the game and where each of its facets lives; the
registry finds the installed games' specs.

The framework (bots, CLI, server, web shell) never names a game. It finds games through the `podium.games` entry
points (`name = "package.module:SPEC"`): the built-in games register exactly as a game from another distribution
does, an entry point whose name is the game's name and whose object is its `GameSpec`. Listing the games reads only
the entry points' metadata; a game's spec is imported when that game is first asked for, and its engine when its
`Game` is. A facet is named by a reference `"module:attribute"`, imported on first use, so that listing the games,
reading a spec or playing one never pays for another game's solver or renderer. A game in another distribution
declares the same entry point and gets everything the built-in games get.

Facets are references, not objects, because core imports nothing above it: the framework checks each loaded
facet against its own base class (`Agent`, `GameTui` …) when it loads it. Reading a spec imports this module, the
errors and the game's spec module alone (tests/test_plugin_kit.py counts them): a spec module imports nothing but
this module, and its package's `__init__` nothing of the engine.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from podium.core.errors import PodiumError, UnknownGame

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from podium.core.contract import Game


@dataclass(frozen=True)
class BotNote:
    """A bot of the framework (or a difficulty level) as this game plays it: what it does here in words, and for
    a difficulty level the bot spec it stands for (`"ismcts:iterations=600:depth=1"`)."""

    description: str
    spec: str | None = None


@dataclass(frozen=True)
class GameSpec:
    """Everything the framework may ask of one game. Only `name` and `game` are required; a game without a facet
    gets the framework's generic one (a terminal renderer that prints the view, a web renderer that shows it with
    its legal actions as buttons, the random and ISMCTS bots with uniform playouts)."""

    name: str
    game: str  # -> Game
    tui: str | None = None  # -> podium.api.tui.GameTui
    web: str | None = None  # a file of the game's package, "package:path/to/renderer.js": its browser renderer
    heuristic: str | None = None  # -> an Agent class: the game's `heuristic` bot
    bots: Mapping[str, str] = field(default_factory=dict)  # bot name -> an Agent class only this game has
    # Names among `bots` kept for measurements (frozen baselines, sparring partners): reachable by their exact name
    # (`--bots NAME`, a table's seat), left out of the lists players choose from (`agent_names`).
    benchmarks: tuple[str, ...] = ()
    notes: Mapping[str, BotNote] = field(default_factory=dict)  # framework bot or level -> how it plays this game
    playouts: Mapping[str, str] = field(default_factory=dict)  # name -> a Playout factory for ISMCTS
    default_playout: str | None = None  # which of `playouts` ISMCTS's `playout=auto` picks
    macros: Mapping[str, str] = field(default_factory=dict)  # name -> a MacroSet factory (whole-turn search)
    default_macros: str | None = None
    hint: str | None = None  # -> Callable[[View], JsonDict]: the best move for the seat whose view it is
    commands: str | None = None  # -> Callable[[typer.Typer], None]: adds the game's own CLI commands
    encoding: str | None = None  # -> podium.api.encoding.Encoding: observations, action ids, utilities (podium.rl)
    # "package:players.md": the rules in a player's words (no rule numbers, no commands; places and seats from 1),
    # with `players.<lang>.md` beside it per language; the numbered reference stays `Game.rules_text()`.
    player_rules: str | None = None


def load_ref(ref: str, *, where: str) -> Any:
    """Import `"module:attribute"` (the attribute may be dotted) and return it; `where` names the game for errors."""
    module_name, sep, attribute = ref.partition(":")
    if not sep or not module_name or not attribute:
        raise PodiumError(f"{where}: {ref!r} is not a facet reference (expected 'module:attribute')")
    try:
        found: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as exc:
        raise PodiumError(f"{where}: cannot load {ref!r}: {exc}") from exc
    return found


def load_instance(ref: str, kind: type[object], *, where: str) -> Any:
    """`load_ref`, checked to be an instance of `kind` (a facet of the wrong type is the game's bug, said early).
    Typed `Any` because `kind` is often abstract, which `type[T]` does not admit: bind the result to a variable of
    the kind's type."""
    found = load_ref(ref, where=where)
    if not isinstance(found, kind):
        raise PodiumError(f"{where}: {ref!r} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def load_class(ref: str, base: type[object], *, where: str) -> Any:
    """`load_ref`, checked to be a subclass of `base` (typed `Any` for the reason `load_instance` gives)."""
    found = load_ref(ref, where=where)
    if not (isinstance(found, type) and issubclass(found, base)):
        raise PodiumError(f"{where}: {ref!r} is not a subclass of {base.__name__}")
    return found


GROUP = "podium.games"

_entry_points: dict[str, EntryPoint] | None = None
_specs: dict[str, GameSpec] = {}
_games: dict[str, Game] = {}


def _found() -> dict[str, EntryPoint]:
    global _entry_points  # noqa: PLW0603 - the installed distributions are read once per process
    if _entry_points is None:
        # imported here: a game's package imports this module (`lazy_names`), and the metadata costs ~50 ms
        from importlib.metadata import entry_points

        _entry_points = {ep.name.strip().lower(): ep for ep in entry_points(group=GROUP)}
    return _entry_points


def game_names() -> list[str]:
    return sorted(_found())


def get_spec(name: str) -> GameSpec:
    """The spec of game `name`: the game and where each of its facets lives."""
    key = name.strip().lower()
    found = _found()
    if key not in found:
        listed = ", ".join(game_names()) or f"none (no package declares a {GROUP!r} entry point)"
        raise UnknownGame(f"unknown game {name!r}; games are: {listed}")
    if key not in _specs:
        try:
            spec = found[key].load()
        except Exception as exc:  # a broken plugin must not take the others down with it
            raise PodiumError(f"game {key!r} cannot be loaded ({found[key].value}): {exc}") from exc
        if not isinstance(spec, GameSpec) or spec.name != key:
            raise PodiumError(f"the {GROUP!r} entry point {key!r} must name a GameSpec with name {key!r}")
        _specs[key] = spec
    return _specs[key]


def specs() -> list[GameSpec]:
    """Every game's spec, in name order."""
    return [get_spec(name) for name in game_names()]


def get_game(name: str) -> Game:
    """The `Game` of game `name` (its engine is imported now), checked to declare its game-type facts."""
    from podium.core.contract import GAME_FACTS, Game  # the contract, and with it the engine, only when played

    spec = get_spec(name)
    if spec.name not in _games:
        game: Game = load_instance(spec.game, Game, where=spec.name)
        missing = [fact for fact, kind in GAME_FACTS.items() if not isinstance(getattr(game, fact, None), kind)]
        if missing:
            facts = ", ".join(f"{fact} (a {GAME_FACTS[fact].__name__})" for fact in missing)
            raise PodiumError(f"{spec.name}: its Game declares no {facts}: see podium.core.contract.Game")
        _games[spec.name] = game
    return _games[spec.name]


def player_rules_text(name: str, lang: str = "en") -> tuple[str, str] | None:
    """Game `name`'s rules for players in `lang` ("hu", "nb"; English when that translation is missing) and the
    language served, or None for a game without them (then show `Game.rules_text()`)."""
    spec = get_spec(name)
    if spec.player_rules is None:
        return None
    from importlib import resources

    package, _, file = spec.player_rules.partition(":")
    stem, dot, suffix = file.rpartition(".")
    tried = [(f"{stem}.{lang}{dot}{suffix}", lang)] if lang.isalpha() and lang != "en" else []
    for candidate, served in [*tried, (file, "en")]:
        try:
            return resources.files(package).joinpath(candidate).read_text(encoding="utf-8"), served
        except (FileNotFoundError, ImportError):
            continue
    raise PodiumError(f"{name}: its player_rules {spec.player_rules!r} is not in the installed package")


def lazy_names(package: str, names: Sequence[str], modules: Sequence[str]) -> Callable[[str], Any]:
    """A game package's module `__getattr__` (PEP 562), for the names its `__init__` exports: reading the game's spec
    imports the package, which must not import its engine, so each name is imported when first read, from the first
    of the package's `modules` that has it. Any other name is no attribute (so `from package import submodule` still
    imports the submodule)."""
    exported = frozenset(names)

    def load(name: str) -> Any:
        if name not in exported:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        for module in modules:
            found = importlib.import_module(f"{package}.{module}").__dict__
            if name in found:
                setattr(sys.modules[package], name, found[name])
                return found[name]
        raise AttributeError(f"module {package!r} exports {name!r}, which none of {', '.join(modules)} defines")

    return load
