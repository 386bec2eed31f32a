"""`hint` at the terminal, in every game: what `hard` would play and how it weighs the best few choices
(`podium.analysis.hint`), in a player's words."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from podium.analysis import Choice, hint
from podium.core.contract import State

HINT_HELP = "what the hard bot would play now, and how it rates the best choices"
SHARE_NOTE = "win share: the share of the other players you would finish ahead of, as the hard bot's playouts see it"


def share_text(choice: Choice) -> str:
    if choice.share is None:
        return ""
    return f"win share {choice.share:.0%} ({choice.samples} playouts)"


def show_hint(state: State, seat: int, console: Console) -> None:
    """Print the seat's hint; it reads only what the seat knows (its view and legal actions)."""
    console.print("[dim]thinking…[/]")
    choices = hint(state, seat)
    chosen = next(c for c in choices if c.chosen)
    console.print(f"[bold]hint:[/] the hard bot would play [bold]{escape(chosen.text)}[/]")
    rated = [c for c in choices if c.share is not None]
    if not rated:
        return
    for choice in rated:
        mark = "▶" if choice.chosen else " "
        console.print(f"  {mark} {escape(choice.text)}  [dim]·[/] {share_text(choice)}", soft_wrap=True)
    console.print(f"[dim]{SHARE_NOTE}[/]")
