"""Kuhn poker as a podium plugin: the game itself and its encoding (podium.rl's environments). No renderer, no
heuristic: the framework's generic terminal and web renderers show it, and its random and ISMCTS bots play it."""

from __future__ import annotations

from podium.core.registry import GameSpec

SPEC = GameSpec(name="kuhn", game="podium_kuhn.game:GAME", encoding="podium_kuhn.encoding:ENCODING")
