"""What a game's terminal renderer provides to the generic play loop (`podium.cli.play`): the plugin kit's
`podium.api.tui`, under the name it had before the kit."""

from __future__ import annotations

from podium.api.tui import Command, GameTui, TurnContext

__all__ = ["Command", "GameTui", "TurnContext"]
