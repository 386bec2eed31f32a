"""`podium review RECORD`: a finished game replayed step by step, forward and back, each decision of one seat
compared with what the hard bot would have played and what it cost (`podium.analysis.review`), the costliest
moments listed first."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from podium.analysis import Moment, Review, review
from podium.cli.hints import SHARE_NOTE
from podium.cli.replay import Frames, check_record
from podium.cli.stepper import browse
from podium.cli.words import plural, seat_label
from podium.core.errors import PodiumError
from podium.core.record import Record


def default_seat(record: Record) -> int:
    """The seat a player reviews by default: the one recorded as `you` (a game played at the terminal), else the
    first."""
    return record.players.index("you") if "you" in record.players else 0


def review_record(
    path: Path,
    console: Console,
    *,
    seat: int | None,
    bot: str,
    top: int,
    pause: bool,
    read: Callable[[str], str] | None = None,
) -> int:
    """`seat` counts from 1, as the player reads it (None: `default_seat`)."""
    record = Record.read(path)
    check_record(record)  # a review is of a whole game that replays exactly
    reviewed = default_seat(record) if seat is None else seat - 1
    if not 0 <= reviewed < record.num_players:
        raise PodiumError(f"--seat {seat} does not exist: the game has seats 1 to {record.num_players}")
    who = seat_label(reviewed) + (f" ({record.players[reviewed]})" if record.players else "")
    console.print(f"Reviewing {escape(who)} against the {escape(bot)} bot …")

    def progress(done: int, total: int) -> None:
        if total and (done == total or done % max(1, total // 4) == 0):
            console.print(f"[dim]  weighed {done} of {total}[/]")

    result = review(record, reviewed, bot=bot, progress=progress)
    console.print(summary(result, bot, top))
    by_step = {m.ply + 1: m for m in result.moments}  # a decision shows with the step that played it
    frames = Frames(record, console, note=lambda i: comparison(by_step[i], bot) if i in by_step else None)
    frames.introduce()
    browse(frames.count, frames.show, console, pause=pause and (read is not None or sys.stdin.isatty()), read=read)
    frames.finish()
    return 0


def _share(value: float | None) -> str:
    return "?" if value is None else f"{value:.0%}"


def _rated(steps: tuple[str, ...], share: float | None) -> str:
    """A choice and, where the bot estimated it, its win share in brackets."""
    return ", ".join(steps) + ("" if share is None else f" ({share:.0%})")


def summary(result: Review, bot: str, top: int) -> RenderableType:
    moments = result.moments
    agreed = sum(1 for m in moments if m.agrees)
    costs = [m.cost for m in moments if m.cost is not None]
    mean = f"; on average a decision gave away {sum(costs) / len(costs):.1%} win share" if costs else ""
    lines: list[RenderableType] = [
        Text(f"{plural(len(moments), 'decision')} weighed; the {bot} bot agrees with {agreed}{mean}."),
        Text(SHARE_NOTE, style="dim"),
    ]
    costly = result.costliest(top)
    if not costly:
        lines.append(Text("No decision cost anything by the bot's estimate.", style="green"))
        return _group(lines)
    table = Table(title="The costliest moments, costliest first", title_justify="left")
    table.add_column("step", justify="right")
    table.add_column("played")
    table.add_column(f"the {bot} bot")
    table.add_column("cost", justify="right")
    for m in costly:
        table.add_row(
            str(m.ply + 1), _rated(m.played, m.played_share), _rated(m.suggested, m.best_share), _share(m.cost)
        )
    lines.append(table)
    lines.append(Text("Type a step's number to go there.", style="dim"))
    return _group(lines)


def comparison(moment: Moment, bot: str) -> RenderableType:
    if moment.agrees:
        return Text(f"✓ the {bot} bot plays the same: {_rated(moment.played, moment.played_share)}", style="green")
    text = Text(f"✗ the {bot} bot would play {_rated(moment.suggested, moment.best_share)}; ")
    text.append(f"this play: {_share(moment.played_share)}")
    if moment.cost is not None:
        text.append(f", it cost {moment.cost:.0%}", style="bold yellow")
    return text


def _group(lines: list[RenderableType]) -> RenderableType:
    from rich.console import Group

    return Group(*lines)
