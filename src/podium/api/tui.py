"""A game's terminal renderer (its `tui` facet): the base a game subclasses, what the play loop (`podium.cli.play`)
hands its commands, and the terminal's one way of drawing a playing card.

Part of the plugin kit: importing it loads no rich (the renderer a game writes builds rich renderables, so rich is
loaded by the game's `tui` module, when the terminal asks for it), nor any of the CLI.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from podium.core.contract import Action, Event, State, View

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED_SUITS = {"d", "h"}


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
    # A bot's turn of many steps (Athletic Games' moves and plays) is easier to follow from the table it starts
    # from: the play loop draws it once, then the steps. Off for short turns, where a table per bot is noise.
    table_before_bot_turn: bool = False

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


def seat_number(seat: int) -> int:
    """A seat's number as a player reads it, counted from 1; records, views and JSON count from 0."""
    return seat + 1


def seat_label(seat: int) -> str:
    """A seat as a player reads it, counted from 1 (`seat 1` is the first); records, views and JSON count from 0."""
    return f"seat {seat_number(seat)}"


def card_label(text: str) -> str:
    """A card like "Kd" as `K♦`, "Ts" as `10♠`: the one way the terminal writes a card (records keep "Kd")."""
    rank, suit = text[:-1].upper(), text[-1].lower()
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit)


def french_card(text: str | None, *, known_to_owner_only: bool = False) -> Text:
    """A card like "7h" as ` 7♥`, "Ts" as `10♠`; None (a card nobody at this seat knows) as `░░░`.

    Cards only their owner knows (peeked, face down) are shown underlined, so the player sees which of their
    cards the others cannot see."""
    from rich.text import Text  # only a renderer draws: the kit itself loads no rich

    if text is None:
        return Text("░░░", style="grey50")
    style = "bold red" if text[-1].lower() in RED_SUITS else "bold bright_white"
    if known_to_owner_only:
        style += " underline"
    return Text(f"{card_label(text):>3}", style=style)
