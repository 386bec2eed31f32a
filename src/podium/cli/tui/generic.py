"""Fallback renderer: the view as a readable tree (used for a game that has no renderer of its own yet)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.pretty import Pretty

from podium.api.tui import GameTui
from podium.core.contract import View


class GenericTui(GameTui):
    def table(self, view: View) -> RenderableType:
        shown = {k: v for k, v in view.items() if k not in {"config", "game"}}
        return Pretty(shown)
