"""Golf at the terminal: every player's cards in their slots, the discard, the stock, the hole and the scores."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from podium.api.tui import GameTui, card_label, french_card
from podium.core.contract import Action, Event, State, View
from podium.games.golf.actions import TAKE, GolfAction
from podium.games.golf.rules import GolfPhase
from podium.games.golf.views import GolfView, as_golf_view


def _hand(view: GolfView, seat: int, hidden: frozenset[int] = frozenset()) -> Text:
    """A seat's cards; `hidden`: slots drawn as unknown although the view shows them (play from memory)."""
    slots = view["slots"]
    cards = [None if i in hidden else card for i, card in enumerate(view["hands"][seat])]
    public = view["public"][seat]
    face_up = view["face_up"][seat]
    text = Text()
    rows = (range(0, 3), range(3, 6)) if slots == 6 else (range(slots),)
    for row_number, row in enumerate(rows):
        if row_number:
            text.append("\n")
        for i in row:
            text.append(f"{i + 1}:", style="dim")
            card = french_card(cards[i], known_to_owner_only=cards[i] is not None and not public[i])
            if face_up[i]:
                card.stylize("reverse")
            text.append(card)
            text.append("  ")
    return text


def _seat_name(view: GolfView, seat: int) -> str:
    name = "you" if seat == view["player"] else f"seat {seat}"
    return f"▶ {name}" if seat == view["current_player"] else f"  {name}"


_VERBS = {"take": "takes", "discard": "discards", "flip": "flips"}


class GolfTui(GameTui):
    game_name = "golf"
    undo_help = (
        "only [bold]take[/] can be undone, before you swap or discard: every other action reveals a card or ends"
        " your turn"
    )

    memory_help = (
        "your face-down cards are shown when you look at them or put them down, and hidden from your next action on,"
        " as at a real table (G-4): remember them"
    )

    def __init__(self, *, memory: bool = False) -> None:
        self.memory = memory
        # Play from memory: seat -> the slots it has just seen (a peek, the card it put down), shown until that
        # seat's next action.
        self._glimpse: dict[int, frozenset[int]] = {}

    def with_memory(self) -> GolfTui:
        return GolfTui(memory=True)

    def _remembered(self, view: GolfView, seat: int) -> frozenset[int]:
        """The slots of `seat`'s cards that the view shows only to their owner and that they must now remember."""
        if not self.memory or seat != view["player"] or view["is_over"]:
            return frozenset()
        cards, public = view["hands"][seat], view["public"][seat]
        glimpse = self._glimpse.get(seat, frozenset())
        return frozenset(i for i, card in enumerate(cards) if card is not None and not public[i] and i not in glimpse)

    def _note_glimpses(self, events: list[Event]) -> None:
        fresh: dict[int, set[int]] = {}
        for event in events:
            data = event.data
            if event.kind == "deal":  # a new round: nothing of the last one is left to remember
                self._glimpse.clear()
                fresh.clear()
            player = data.get("player")
            if not isinstance(player, int):
                continue
            seen = fresh.setdefault(player, set())
            if event.kind in {"peek", "swap"}:
                seen.add(int(data["slot"]))
            else:
                seen.clear()  # the seat's next action: what it saw before is to be remembered now
        for player, slots in fresh.items():
            self._glimpse[player] = frozenset(slots)

    def table(self, view: View) -> RenderableType:
        golf = as_golf_view(view)
        variant = "six-card" if golf["variant"] == "six" else "four-card"
        title = f"Golf ({variant}) — hole {golf['round']} of {golf['rounds']}"
        table = Table(title=title, title_justify="left", show_lines=True)
        table.add_column("player")
        table.add_column("cards (slot:card)")
        table.add_column("total", justify="right")
        if golf["round_scores"]:
            table.add_column("holes", style="dim")
        for seat in range(golf["num_players"]):
            hand = _hand(golf, seat, self._remembered(golf, seat))
            row: list[RenderableType] = [_seat_name(golf, seat), hand, str(golf["scores"][seat])]
            if golf["round_scores"]:
                row.append(" ".join(f"{r[seat]:+d}" for r in golf["round_scores"]))
            table.add_row(*row)
        lines: list[RenderableType] = [table]
        middle = Text("discard: ")
        middle.append(french_card(golf["discard_top"]) if golf["discard_top"] else Text("(empty)", style="dim"))
        middle.append(f"   stock: {golf['stock_size']} cards")
        if golf["drawn"] is not None or golf["drawn_from"] is not None:
            middle.append(f"   drawn from the {golf['drawn_from']}: ")
            middle.append(french_card(golf["drawn"]))
        lines.append(middle)
        status = self._status(golf)
        if status:
            lines.append(Text(status, style="yellow"))
        if golf["player"] is not None and not golf["is_over"]:
            lines.append(Text("underlined = only you know it · reversed = face up · ░░░ = unknown", style="dim"))
            if self.memory:
                lines.append(Text("from memory: your face-down cards are ░░░ once you have seen them", style="dim"))
        return Group(*lines)

    @staticmethod
    def _status(view: GolfView) -> str:
        if view["is_over"]:
            return ""
        if view["knocker"] is not None:
            return f"seat {view['knocker']} knocked: {view['final_turns_left']} final turn(s) left"
        if view["went_out"] is not None:
            return f"seat {view['went_out']} has all cards face up: {view['final_turns_left']} final turn(s) left"
        phase = view["phase"]
        if phase == GolfPhase.PEEK:
            return "Everyone looks at two of their own cards first."
        if phase == GolfPhase.INITIAL_FLIP:
            return "Everyone turns two of their cards face up first."
        return ""

    def action_label(self, action: Action, view: View) -> str:
        return action.text()

    def describe(self, events: list[Event], viewer: int | None) -> str:
        if self.memory and viewer is not None:
            self._note_glimpses(events)
        words = []
        for event in events:
            data = event.data
            card = data.get("card")
            if event.kind in _VERBS and card is not None:
                words.append(f"{_VERBS[event.kind]} {card_label(card)}")
            elif event.kind == "swap":
                # From memory, the card you put down is not written into the scrollback: it is shown on the table.
                placed = ""
                if card is not None and not (self.memory and data.get("player") == viewer):
                    placed = f"puts {card_label(card)} in slot {data['slot'] + 1}, "
                words.append(f"{placed}discards {card_label(data['discarded'])}")
        return ", ".join(words)

    def undoable(self, action: Action, events: list[Event]) -> bool:
        # The top discard is public, so taking it shows nobody anything new; every other action reveals a card
        # (draw, peek, flip, swap, discard) or hands the turn on (knock, pass).
        return isinstance(action, GolfAction) and action.kind == TAKE

    def after_action(self, events: list[Event], state: State, viewer: int | None) -> RenderableType | None:
        for event in events:
            if event.kind == "round_end":
                return self.round_summary(event.data)
        return None

    @staticmethod
    def round_summary(data: Any) -> RenderableType:
        table = Table(title=f"Hole {data['round']} ends ({str(data['ended_by']).replace('_', ' ')})",
                      title_justify="left")  # fmt: skip
        table.add_column("seat", justify="right")
        table.add_column("cards")
        table.add_column("sum", justify="right")
        table.add_column("score", justify="right")
        table.add_column("total", justify="right")
        for seat, hand in enumerate(data["hands"]):
            cards = Text(" ").join(french_card(c) for c in hand)
            mark = " ★" if seat in data["winners"] else ""
            table.add_row(f"{seat}{mark}", cards, str(data["sums"][seat]), f"{data['scores'][seat]:+d}",
                          str(data["totals"][seat]))  # fmt: skip
        return table


TUI = GolfTui()
