"""Terminal renderers: a game's own (`GameSpec.tui`), or the generic one for games without it."""

from __future__ import annotations

from podium.api.tui import GameTui
from podium.cli.tui.generic import GenericTui
from podium.core.registry import get_spec, load_instance


def get_tui(game_name: str) -> GameTui:
    """The game's renderer, or a generic one that prints the view as a tree for games without one."""
    spec = get_spec(game_name)
    if spec.tui is None:
        return GenericTui()
    tui: GameTui = load_instance(spec.tui, GameTui, where=spec.name)
    return tui
