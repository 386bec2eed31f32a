"""A game is a plugin: one object, its `GameSpec`, declares the game and where each of its facets lives.

The framework (bots, CLI, server, web shell) never names a game. It finds games through the `podium.games` entry
points (`name = "package.module:SPEC"`), and asks a game's spec for a facet only when it needs it: a facet is named
by a reference `"module:attribute"`, imported on first use, so that listing the games or playing one never pays
for another game's solver or renderer. A game in another distribution declares the same entry point and gets
everything the built-in games get.

Facets are references, not objects, because core imports nothing above it: the framework checks each loaded
facet against its own base class (`Agent`, `GameTui` …) when it loads it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import PodiumError


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
    notes: Mapping[str, BotNote] = field(default_factory=dict)  # framework bot or level -> how it plays this game
    playouts: Mapping[str, str] = field(default_factory=dict)  # name -> a Playout factory for ISMCTS
    default_playout: str | None = None  # which of `playouts` ISMCTS's `playout=auto` picks
    macros: Mapping[str, str] = field(default_factory=dict)  # name -> a MacroSet factory (whole-turn search)
    default_macros: str | None = None
    hint: str | None = None  # -> Callable[[View], JsonDict]: the best move for the seat whose view it is
    commands: str | None = None  # -> Callable[[typer.Typer], None]: adds the game's own CLI commands
    encoding: str | None = None  # -> podium.api.encoding.Encoding: observations, action ids, utilities (podium.rl)


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
