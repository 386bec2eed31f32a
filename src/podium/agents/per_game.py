"""Per-game choices of ISMCTS by name: the playouts (`podium.agents.playouts`) and the macro sets
(`podium.agents.macros`). Every game has a built-in choice, may register more by name, and may name one of them
its default, which `auto` picks (else the built-in)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class PerGame(Generic[T]):
    """Named factories of `kind`, per game. `load` imports the modules that register them, on first use."""

    def __init__(self, kind: str, builtin: str, make_builtin: Callable[[], T], load: Callable[[], None]) -> None:
        self.kind = kind
        self.builtin = builtin
        self.make_builtin = make_builtin
        self.load = load
        self.factories: dict[str, dict[str, Callable[[], T]]] = {}
        self.defaults: dict[str, str] = {}

    def register(self, game: str, name: str, factory: Callable[[], T], default: bool = False) -> None:
        self.factories.setdefault(game, {})[name] = factory
        if default:
            self.defaults[game] = name

    def names(self, game: str) -> list[str]:
        self.load()
        return [self.builtin, *sorted(self.factories.get(game, {}))]

    def make(self, game: str, name: str = "auto") -> T:
        self.load()
        key = name.strip().lower()
        if key == "auto":
            key = self.defaults.get(game, self.builtin)
        if key == self.builtin:
            return self.make_builtin()
        factory = self.factories.get(game, {}).get(key)
        if factory is None:
            choices = ", ".join(self.names(game))
            raise ValueError(f"no {self.kind} {name!r} for {game}; {self.kind}s: auto, {choices}")
        return factory()
