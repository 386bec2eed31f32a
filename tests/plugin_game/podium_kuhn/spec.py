"""Kuhn poker as a podium plugin: only the game itself. No renderer, no heuristic: the framework's generic terminal
and web renderers show it, and its random and ISMCTS bots play it."""

from __future__ import annotations

from podium.core.registry import GameSpec

SPEC = GameSpec(name="kuhn", game="podium_kuhn.game:GAME")
