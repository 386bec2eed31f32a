"""Per-game choices of ISMCTS by name: the playouts (`podium.agents.playouts`) and the macro sets
(`podium.agents.macros`). Every game has the framework's built-in choice; a game's spec names more and may name one
of them its default, which `auto` picks (else the built-in)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from podium.core.plugins import GameSpec, load_ref
from podium.core.registry import get_spec

T = TypeVar("T")

Declared = Callable[[GameSpec], tuple[Mapping[str, str], str | None]]
"""A spec's named factories of this kind (name -> "module:attribute") and the name of its default."""


class PerGame(Generic[T]):
    """Named factories of `kind`, per game, as the game's spec declares them; each imported on first use."""

    def __init__(self, kind: str, builtin: str, make_builtin: Callable[[], T], declared: Declared) -> None:
        self.kind = kind
        self.builtin = builtin
        self.make_builtin = make_builtin
        self.declared = declared

    def names(self, game: str) -> list[str]:
        refs, _ = self.declared(get_spec(game))
        return [self.builtin, *sorted(refs)]

    def make(self, game: str, name: str = "auto") -> T:
        refs, default = self.declared(get_spec(game))
        key = name.strip().lower()
        if key == "auto":
            key = default or self.builtin
        if key == self.builtin:
            return self.make_builtin()
        ref = refs.get(key)
        if ref is None:
            choices = ", ".join(self.names(game))
            raise ValueError(f"no {self.kind} {name!r} for {game}; {self.kind}s: auto, {choices}")
        factory: Callable[[], T] = load_ref(ref, where=game)
        return factory()
