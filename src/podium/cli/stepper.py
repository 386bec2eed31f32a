"""Paging through a game one step at a time, forward and back: what `podium replay` and `podium review` share."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

KEYS = "[dim]Enter: next · b: back · a: all the rest · q: quit · a number: go to that step[/] "


def browse(
    count: int, show: Callable[[int], None], console: Console, *, pause: bool, read: Callable[[str], str] | None = None
) -> None:
    """Show steps 0 … count-1 with `show(i)`: all of them in order when not `pause`, else one at a time at the
    reader's pace, who may step back (`b`), jump (a step's number, as printed by `show`), run on or stop.
    A number out of range is refused with the range; it never ends the browsing."""
    ask = read or console.input
    i = 0
    show(i)
    while i < count - 1 or pause:
        if not pause:
            i += 1
            show(i)
            continue
        try:
            answer = ask(KEYS).strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if answer == "q":
            return
        if answer == "a":
            pause = False
            continue
        if answer == "b":
            if i == 0:
                console.print("[yellow]This is the first step.[/]")
                continue
            i -= 1
        elif answer.isdigit():
            if not 0 <= int(answer) < count:
                console.print(f"[red]There is no step {answer}:[/] steps run from 0 to {count - 1}.")
                continue
            i = int(answer)
        elif answer in {"", "n"}:
            if i == count - 1:
                return
            i += 1
        else:
            console.print(f"[red]{escape(repr(answer))} is no key here.[/]")
            continue
        show(i)
