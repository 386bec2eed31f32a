"""Athletic Games at the terminal: the five piles in a row (tops coloured by sport), your hand, medals and hints."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from podium.api.tui import Command, GameTui, TurnContext, seat_label
from podium.core.contract import Action, Event, View
from podium.games.athletic.actions import END, AthleticAction
from podium.games.athletic.cards import SPORT, SPORT_LETTERS, SPORT_STYLES, VALUE, parse_card
from podium.games.athletic.hint import HINT_NODE_LIMIT, best_turn
from podium.games.athletic.solver import describe
from podium.games.athletic.view import athletic_view


def card_text(text: str, *, dim: bool = False) -> Text:
    """A card like `7r` in its sport's colour."""
    sport = SPORT_LETTERS.index(text[-1])
    style = SPORT_STYLES[sport].replace("bold ", "") if dim else SPORT_STYLES[sport]
    return Text(text, style=style)


def _sorted_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda t: (SPORT[parse_card(t)], VALUE[parse_card(t)]))


def _cards_line(cards: list[str], *, dim: bool = False) -> Text:
    line = Text()
    for i, t in enumerate(cards):
        if i:
            line.append(" ")
        line.append(card_text(t, dim=dim))
    return line


def _pile_panel(index: int, pile: list[str]) -> Panel:
    if not pile:
        body = Text("empty\nslot", style="dim italic", justify="center")
        return Panel(body, title=f"pile {index + 1}", subtitle="0", width=16)
    top = card_text(pile[-1])
    top.stylize("reverse")
    body = Text(justify="center")
    body.append(" ")
    body.append(top)
    body.append(" ")
    if len(pile) > 1:
        body.append("\n")
        body.append(_cards_line(pile[-2::-1], dim=True))  # read downwards from the top: the next card first
    return Panel(body, title=f"pile {index + 1}", subtitle=f"{len(pile)} card{'s' if len(pile) != 1 else ''}", width=16)


class AthleticTui(GameTui):
    game_name = "athletic"
    undo_help = (
        "[bold]play[/], [bold]fill[/] and [bold]move[/] can be undone one by one until you [bold]end[/] the turn"
        " (ending it draws cards)"
    )
    table_before_bot_turn = True

    def table(self, view: View) -> RenderableType:
        typed = athletic_view(view)
        over = typed["is_over"]
        title = f"Athletic Games — turn {typed['turn']}" + (" (game over)" if over else "")
        piles = Columns([_pile_panel(i, p) for i, p in enumerate(typed["piles"])], padding=(0, 1))
        players = Table(title=title, title_justify="left", show_edge=False)
        players.add_column("player")
        players.add_column("medals", justify="right")
        players.add_column("cards in hand", justify="right")
        hands = typed.get("hands")
        if hands is not None:
            players.add_column("hand")
        for seat in range(typed["num_players"]):
            name = "you" if seat == typed["player"] else seat_label(seat)
            marker = "▶ " if seat == typed["current_player"] else "  "
            row: list[RenderableType] = [
                marker + name,
                str(typed["medals"][seat]),
                str(typed["hand_sizes"][seat]),
            ]
            if hands is not None:
                row.append(_cards_line(_sorted_hand(hands[seat])))
            players.add_row(*row)
        size = typed["draw_size"]
        info = Text(f"draw pile: {size} card{'' if size == 1 else 's'}", style="dim")
        if typed["placed_this_turn"]:
            info.append(f"   placed this turn: {typed['placed_this_turn']}", style="bold")
        reason = typed["reason"]
        if reason:
            info.append(f"   game over: {reason.replace('_', ' ')}", style="bold")
        parts: list[RenderableType] = [players, piles, info]
        own = typed["hand"]
        if own is not None:
            hand = Text("your hand: ", style="bold")
            hand.append(_cards_line(_sorted_hand(own)) if own else Text("(empty)", style="dim"))
            parts.append(hand)
        return Group(*parts)

    def describe(self, events: list[Event], viewer: int | None) -> str:
        # Only what the action's text does not already say (`play 7r 3` names its card and pile; a move does not
        # name the card it moves).
        words = []
        for e in events:
            d = e.data
            if e.kind == "move":
                words.append(f"moves {d['card']}")
            elif e.kind == "turn_end":
                words.append(f"{d['placed']} placed this turn")
            elif e.kind == "medal":
                words.append(f"wins a medal ({d['medals']} now)")
            elif e.kind == "reshuffle":
                words.append(f"the centre is shuffled into a new draw pile of {d['cards']}")
            elif e.kind == "draw":
                words.append(f"draws {d['count']}")
            elif e.kind == "draw_cards" and e.visible(viewer) and d["cards"] and words:
                words[-1] += ": " + " ".join(d["cards"])
        return ", ".join(words)

    def undoable(self, action: Action, events: list[Event]) -> bool:
        # steps within a turn reveal nothing, so they may be undone; ending the turn draws cards.
        return isinstance(action, AthleticAction) and action.kind != END

    def commands(self) -> dict[str, tuple[str, Command]]:
        return {"hint": ("show the best plan for this turn: how many cards it places and its steps", _hint)}


def _hint(ctx: TurnContext) -> None:
    view = athletic_view(ctx.state.view(ctx.seat))  # only what the player may know
    if view["current_player"] != ctx.seat:
        ctx.console.print("It is not your turn.")
        return
    best = best_turn(view, HINT_NODE_LIMIT)
    if best.plan is None:
        steps = [a.text() for a in best.actions]
        ctx.console.print(
            "[yellow]This position is too large to solve exactly in time.[/] A quick plan without moves places "
            f"{len(steps)}: " + (", ".join(steps) or "nothing")
        )
        return
    plan = best.plan
    placed_before = view["placed_this_turn"]
    text = describe(plan)
    if placed_before:
        text += f"  (you already placed {placed_before} this turn)"
    ctx.console.print(f"[bold]hint:[/] {text}")


TUI = AthleticTui()
