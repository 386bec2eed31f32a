"""Terminal renderers, one module per game, each exposing `TUI` (a `GameTui`)."""

from __future__ import annotations

import importlib

from podium.cli.tui.base import GameTui
from podium.cli.tui.generic import GenericTui


def get_tui(game_name: str) -> GameTui:
    """The game's renderer, or a generic one that prints the view as a tree for games without one."""
    try:
        module = importlib.import_module(f"podium.cli.tui.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"podium.cli.tui.{game_name}":
            raise
        return GenericTui()
    tui: GameTui = module.TUI
    return tui
