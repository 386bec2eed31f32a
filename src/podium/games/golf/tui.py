"""Golf at the terminal: every player's cards in their slots, the discard, the stock, the round and the scores."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from podium.api.tui import GameTui, card_label, french_card, seat_label
from podium.core.contract import Action, Event, State, View
from podium.games.golf.actions import TAKE, GolfAction
from podium.games.golf.rules import GolfPhase
from podium.games.golf.view import GolfView, as_golf_view


def _hand(view: GolfView, seat: int, glimpse: dict[int, str] | None = None) -> Text:
    """A seat's cards; `glimpse`: cards the view leaves out that its owner has just seen (play from memory)."""
    slots = view["slots"]
    cards = [card if card is not None or not glimpse else glimpse.get(i) for i, card in enumerate(view["hands"][seat])]
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
    name = "you" if seat == view["player"] else seat_label(seat)
    return f"▶ {name}" if seat == view["current_player"] else f"  {name}"


def _final_turns(view: GolfView) -> str:
    left = view["final_turns_left"]
    return f"{left} final turn{'' if left == 1 else 's'}"


_VERBS = {"take": "takes", "discard": "discards", "flip": "flips"}


class GolfTui(GameTui):
    game_name = "golf"
    undo_help = (
        "only [bold]take[/] can be undone, before you swap or discard: every other action reveals a card or ends"
        " your turn"
    )

    def __init__(self) -> None:
        # Play from memory (the option `memory`, G-4): the view leaves out the cards a player must remember; the
        # moment they see one is an event (a peek's card, or the card they held and put down). Per seat: the cards
        # just seen (slot -> card), shown until that seat's next action, and the card it holds, seen on the table.
        self._glimpse: dict[int, dict[int, str]] = {}
        self._held: dict[int, str] = {}

    def _note_glimpses(self, events: list[Event]) -> None:
        fresh: dict[int, dict[int, str]] = {}
        for event in events:
            data = event.data
            if event.kind == "deal":  # a new round: nothing of the last one is left to remember
                self._glimpse.clear()
                fresh.clear()
            player = data.get("player")
            if not isinstance(player, int):
                continue
            seen = fresh.setdefault(player, {})  # the seat's action: what it saw before is to be remembered now
            card = data.get("card") if event.kind == "peek" else data.get("card") or self._held.get(player)
            if event.kind in {"peek", "swap"} and isinstance(card, str):
                seen[int(data["slot"])] = card
        self._glimpse.update(fresh)

    def _shown(self, view: GolfView, seat: int) -> dict[int, str] | None:
        """The cards of `seat` that the view leaves out and that it has just seen: only for the viewer's own."""
        if seat != view["player"] or not view["config"].get("memory"):
            return None
        if view["drawn"] is not None and view["current_player"] == seat:
            self._held[seat] = view["drawn"]
        hidden = [view["hands"][seat][i] is None and view["owner_knows"][seat][i] for i in range(view["slots"])]
        return {i: c for i, c in self._glimpse.get(seat, {}).items() if hidden[i]}

    def table(self, view: View) -> RenderableType:
        golf = as_golf_view(view)
        variant = "six-card" if golf["variant"] == "six" else "four-card"
        title = f"Golf ({variant}) — round {golf['round']} of {golf['rounds']}"
        table = Table(title=title, title_justify="left", show_lines=True)
        table.add_column("player")
        table.add_column("cards (slot:card)")
        table.add_column("total", justify="right")
        if golf["round_scores"]:
            table.add_column("rounds", style="dim")
        for seat in range(golf["num_players"]):
            hand = _hand(golf, seat, self._shown(golf, seat))
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
            if golf["config"].get("memory"):
                lines.append(Text("from memory: your face-down cards are ░░░ once you have seen them", style="dim"))
        return Group(*lines)

    @staticmethod
    def _status(view: GolfView) -> str:
        if view["is_over"]:
            return ""
        if view["knocker"] is not None:
            return f"{seat_label(view['knocker'])} knocked: {_final_turns(view)} left"
        if view["went_out"] is not None:
            return f"{seat_label(view['went_out'])} has all cards face up: {_final_turns(view)} left"
        phase = view["phase"]
        if phase == GolfPhase.PEEK:
            return "Everyone looks at two of their own cards first."
        if phase == GolfPhase.INITIAL_FLIP:
            return "Everyone turns two of their cards face up first."
        return ""

    def action_label(self, action: Action, view: View) -> str:
        return action.text()

    def describe(self, events: list[Event], viewer: int | None) -> str:
        self._note_glimpses(events)
        words = []
        for event in events:
            data = event.data
            card = data.get("card")
            if event.kind in _VERBS and card is not None:
                words.append(f"{_VERBS[event.kind]} {card_label(card)}")
            elif event.kind == "swap":
                placed = ""
                if card is not None:
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
        table = Table(title=f"Round {data['round']} ends ({str(data['ended_by']).replace('_', ' ')})",
                      title_justify="left")  # fmt: skip
        table.add_column("seat", justify="right")
        table.add_column("cards")
        table.add_column("sum", justify="right")
        table.add_column("score", justify="right")
        table.add_column("total", justify="right")
        for seat, hand in enumerate(data["hands"]):
            cards = Text(" ").join(french_card(c) for c in hand)
            mark = " ★" if seat in data["winners"] else ""
            table.add_row(f"{seat + 1}{mark}", cards, str(data["sums"][seat]), f"{data['scores'][seat]:+d}",
                          str(data["totals"][seat]))  # fmt: skip
        return table


TUI = GolfTui()
