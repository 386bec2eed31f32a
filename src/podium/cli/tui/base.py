"""What a game's terminal renderer provides to the generic play loop (`podium.cli.play`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console, RenderableType

from podium.core.contract import Action, Event, State, View


@dataclass
class TurnContext:
    """Handed to a renderer's extra commands (e.g. Athletic Games' `hint`).

    `state` is the live game; a command may read it (clone it to think) but must not apply actions to it."""

    state: State
    seat: int
    console: Console
    args: list[str] = field(default_factory=list)


Command = Callable[[TurnContext], None]


class GameTui(ABC):
    """A game's renderer: subclasses draw the table; everything else has a sensible default."""

    game_name: str = ""
    # Which actions `undo` takes back, as rich markup completing "In <game>, …"; shown by `help` and when there is
    # nothing to undo. None: this game has no undo, and `no_undo` says why.
    undo_help: str | None = None
    no_undo: str = "every action is final"

    @abstractmethod
    def table(self, view: View) -> RenderableType:
        """The table as seen by `view["player"]` (None = spectator / replay with all cards shown)."""

    def action_label(self, action: Action, view: View) -> str:
        """How a legal action is listed to the human (the text form by default)."""
        return action.text()

    def describe(self, events: list[Event], viewer: int | None) -> str:
        """A few words on what the viewer saw happen, shown after a bot's action (e.g. the card it discarded)."""
        return ""

    def after_action(self, events: list[Event], state: State, viewer: int | None) -> RenderableType | None:
        """Something to show after an action, e.g. all cards and the scores when a round ends."""
        return None

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """Whether `undo` may take this action back (it revealed nothing new to anyone)."""
        return False

    def commands(self) -> dict[str, tuple[str, Command]]:
        """Extra input words during a human's turn: name -> (help text, handler)."""
        return {}
