"""Terminal renderer for Olympicards: the sport card, the players' plays, withdrawals and medals, and your hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from podium.api.tui import GameTui, seat_label
from podium.core.contract import Action, Event, State, View
from podium.games.olympicards.actions import OlyAction
from podium.games.olympicards.cards import COLOUR_STYLES, COLOURS, VALUE, parse_card
from podium.games.olympicards.views import MedalsView, OlympicardsView, typed_view

MEDAL_STYLES = {"gold": "bold yellow", "silver": "bold white", "bronze": "bold dark_orange3"}


def card(text: str | None) -> Text:
    if text is None:
        return Text("??", style="dim")
    return Text(text, style=COLOUR_STYLES[COLOURS.index(text[-1])])


def cards(texts: Sequence[str] | None, empty: str = "-") -> Text:
    if not texts:
        return Text(empty, style="dim")
    return Text(" ").join(card(t) for t in texts)


def seat_name(seat: int, viewer: int | None) -> str:
    name = seat_label(seat).capitalize()
    return f"{name} (you)" if seat == viewer else name


def plural_rounds(count: int) -> str:
    return f"{count} round{'' if count == 1 else 's'}"


def medals_text(medals: MedalsView) -> Text:
    out = Text()
    for name, count in (("gold", medals["gold"]), ("silver", medals["silver"]), ("bronze", medals["bronze"])):
        if count:
            if out:
                out.append(" ")
            out.append(f"{count}{name[0].upper()}", style=MEDAL_STYLES[name])
    return out or Text("-", style="dim")


class OlympicardsTui(GameTui):
    game_name = "olympicards"
    no_undo = "every action is final: a play or a withdrawal hands the turn on, accept or postpone starts a sport"

    def table(self, view: View) -> RenderableType:
        return self._table(typed_view(view))

    def _table(self, view: OlympicardsView) -> RenderableType:
        viewer = view["player"]
        n = view["num_players"]
        parts: list[RenderableType] = [self._sport_panel(view)]

        players = Table(box=None, padding=(0, 1), show_edge=False)
        for column in ("", "player", "hand", "last play", "this sport", "status", "medals", "points"):
            players.add_column(column, justify="right" if column in {"hand", "points"} else "left")
        withdrawals = view["withdrawals"]
        for seat in range(n):
            marker = Text("▶", style="bold green") if seat == view["current_player"] else Text(" ")
            name = Text(seat_name(seat, viewer), style="bold" if seat == viewer else "")
            if seat == view["start_player"]:
                name.append(" [S]", style="cyan")
            status: Text
            if view["withdrawn"][seat]:
                status = Text(f"withdrew #{withdrawals.index(seat) + 1}", style="magenta")
            elif n == 2 and seat in withdrawals:
                orders = [str(i + 1) for i, w in enumerate(withdrawals) if w == seat]
                status = Text(f"in (withdrew #{','.join(orders)})", style="magenta")
            else:
                status = Text("in" if view["phase"] == "play" else "", style="green")
            played = view["plays"][seat]
            records = view["world_records"][seat]
            points = Text(str(view["points"][seat]))
            if records:
                points.append(f" WR×{len(records)}", style="bold magenta")
            players.add_row(
                marker,
                name,
                str(view["hand_sizes"][seat]),
                cards(view["last_play"][seat]),
                Text(f"{len(played)} play{'s' if len(played) != 1 else ''}", style="dim") if played else Text(""),
                status,
                medals_text(view["medals"][seat]),
                points,
            )
        parts.append(players)

        award = view["next_award"]
        if award is not None:
            parts.append(Text.assemble(("Next to withdraw gets: ", "bold"), award["text"]))
        last = view["last_any"]
        if last is not None:
            parts.append(Text.assemble(("Last play: ", "bold"), f"{seat_label(last['player'])} ", cards(last["cards"])))
        parts.append(
            Text.assemble(
                ("Draw pile: ", "bold"),
                f"{view['draw_size']}   ",
                ("Discard: ", "bold"),
                f"{len(view['discard'])}",
                " (top ",
                card(view["discard"][-1]) if view["discard"] else Text("-"),
                ")",
            )
        )
        hands = view["hands"]
        if hands is not None:
            for seat, hand in enumerate(hands):
                parts.append(Text.assemble((f"{seat_name(seat, viewer)}: ", "bold"), cards(hand, "(no cards)")))
        elif view["hand"] is not None:
            parts.append(Text.assemble(("Your hand: ", "bold"), cards(view["hand"], "(no cards)")))
        if not view["is_over"]:
            legend = "[S] = start player: decides about a new sport card and starts its rounds"
            if view["config"].get("world_record"):
                legend += " · ★ = gold with an empty hand sets a world record (+2)"
            parts.append(Text(legend, style="dim"))
        if view["is_over"]:
            best = max(view["points"])
            winners = [seat_label(s) for s in range(n) if view["points"][s] == best]
            parts.append(Text(f"Game over. Highest points: {best} ({', '.join(winners)})", style="bold green"))
        return Panel(Group(*parts), title="Olympicards", border_style="blue")

    def _sport_panel(self, view: OlympicardsView) -> RenderableType:
        sport = view["sport"]
        lines: list[RenderableType] = []
        if sport is None:
            title = f"All {len(view['sports_done'])} sports played"
        else:
            star = " ★" if sport["star"] and view["config"].get("world_record") else ""  # stars matter only then
            title = f"Sport {view['sport_number']}/9: {sport['name']}{star}"
            lines.append(Text(sport["text"], style="italic"))
            state_line = Text()
            if view["phase"] == "decide":
                state_line.append(
                    f"{seat_name(view['start_player'], None)} decides: accept or postpone", style="bold cyan"
                )
            else:
                state_line.append(f"Round {view['round']}", style="bold")
                if sport["flip"]:
                    state_line.append("   Target: ", style="bold")
                    state_line.append_text(card(view["target"]) if view["target"] else Text("none", style="dim"))
            lines.append(state_line)
        pile = view["sport_pile"]
        down = sum(1 for name in pile if name is None)
        postponed = [name for name in pile if name is not None]
        pile_text = Text.assemble(("Sport pile: ", "bold"), f"{down} face down")
        if postponed:
            pile_text.append(f", postponed: {', '.join(postponed)}", style="yellow")
        if view["sports_done"]:
            pile_text.append(f"   Done: {', '.join(view['sports_done'])}", style="dim")
        lines.append(pile_text)
        return Panel(Group(*lines), title=title, border_style="yellow", expand=True)

    def action_label(self, action: Action, view: View) -> str:
        if not isinstance(action, OlyAction):
            return action.text()
        seen = typed_view(view)
        sport = seen["sport"]
        if action.kind == "withdraw":
            award = seen["next_award"]
            return f"withdraw  → {award['text']}" if award else "withdraw"
        if action.kind == "accept":
            return f"accept  (play {sport['name'] if sport else 'this sport'} now)"
        if action.kind == "postpone":
            name = sport["name"] if sport else "it"
            return f"postpone  ({name} goes face up under the pile; the next card must be played)"
        values = [VALUE[parse_card(t)] for t in action.text().split()[1:]]
        if len(values) > 1:
            measure = sport["measure"] if sport else "value"
            if measure == "sum":
                return f"{action.text()}  (sum {sum(values)})"
            if measure == "value":
                return f"{action.text()}  (highest {max(values)})"
        return action.text()

    def after_action(self, events: list[Event], state: State, viewer: int | None) -> RenderableType | None:
        lines: list[Text] = []
        for event in events:
            if not event.visible(viewer):
                continue
            data = event.data
            if event.kind == "medal":
                lines.append(
                    Text.assemble(
                        f"{seat_name(data['player'], None)} takes ", (data["medal"], MEDAL_STYLES[data["medal"]])
                    )
                )
            elif event.kind == "world_record":
                lines.append(
                    Text(f"World record! {seat_name(data['player'], None)} keeps {data['sport']} (+2)", "bold magenta")
                )
            elif event.kind == "drew" and data["cards"]:
                lines.append(Text.assemble(f"{seat_name(data['player'], None)} draws ", cards(data["cards"])))
            elif event.kind == "reshuffle":
                lines.append(Text(f"The discard ({data['cards']} cards) is shuffled into a new draw pile", "dim"))
            elif event.kind == "postpone":
                lines.append(Text(f"{data['sport']} is postponed", "yellow"))
            elif event.kind == "sport_over":
                summary = Text(f"{data['sport']} is over after {plural_rounds(data['rounds'])}: ", "bold")
                summary.append_text(
                    Text(", ").join(
                        Text.assemble((name, MEDAL_STYLES[name]), f" {seat_label(data['medals'][name])}")
                        for name in ("gold", "silver", "bronze")
                        if name in data["medals"]
                    )
                )
                lines.append(summary)
            elif event.kind == "game_over":
                points = ", ".join(f"{seat_label(seat)} {value}" for seat, value in enumerate(data["points"]))
                lines.append(Text(f"Final points: {points}", "bold green"))
        if not any(e.kind in {"sport_over", "world_record", "reshuffle", "game_over"} for e in events):
            return None
        return Panel(Group(*lines), border_style="green")


TUI = OlympicardsTui()
