"""`podium replay`: step through a record with every card shown, forward and back, or check that it replays exactly."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from podium.cli.stepper import browse
from podium.cli.tui import get_tui
from podium.cli.words import plural, seat_label
from podium.core.contract import Event, State
from podium.core.errors import RecordError
from podium.core.record import Record, ReplayStep


def check_record(record: Record) -> State:
    """The final state of a record that replays exactly and is whole: a record cut short (its actions stop before
    the game's end, or its result line is missing) fails, as a result that differs does."""
    state = record.check()
    done = plural(len(record.moves), "action")
    if not state.is_over:
        raise RecordError(f"the record ends before the game does: its {done} replay exactly, then it stops")
    if record.result is None:
        raise RecordError(f"the record's {done} finish the game but its result line is missing: it was cut short")
    return state


def replay_record(
    path: Path, console: Console, *, check: bool, pause: bool, read: Callable[[str], str] | None = None
) -> int:
    """Print the record's steps (at the reader's pace when `pause` and someone types: a terminal, or `read`)."""
    record = Record.read(path)
    if check:
        state = check_record(record)
        result = state.result()
        winners = ", ".join(seat_label(w) for w in result.winners)
        reason = result.reason.replace("_", " ")
        console.print(
            f"[green]ok[/]: {escape(str(path))} replays exactly — {plural(len(record.moves), 'action')}, "
            f"finished, winners: {winners} ({reason})"
        )
        return 0
    tui = get_tui(record.game)
    names = record.players or [seat_label(i) for i in range(record.num_players)]
    frames: list[tuple[ReplayStep | None, list[Event], State]] = [(None, [], record.start())]
    steps = record.replay()
    console.print(
        f"[bold]{escape(frames[0][2].game.title)}[/] — seed {record.seed} — "
        + ", ".join(f"{seat_label(i)}: {escape(n)}" for i, n in enumerate(names))
    )

    def show(i: int) -> None:
        while len(frames) <= i:  # replayed on demand, so that a bad action shows after the steps before it
            step = next(steps)
            frames.append((step, step.events, step.state.clone()))
        shown_step, events, state = frames[i]
        if shown_step is not None:
            seen = tui.describe(events, None)
            who = f"{seat_label(shown_step.player)} ({names[shown_step.player]})"
            console.print(
                Rule(f"{i}/{len(record.moves)}  {who}: {shown_step.action.text()}" + (f" · {seen}" if seen else ""))
            )
            shown = tui.after_action(events, state, None)
            if shown is not None:
                console.print(shown)
        else:
            console.print(Rule(f"0/{len(record.moves)}  the deal"))
        console.print(tui.table(state.full_view()))

    browse(len(record.moves) + 1, show, console, pause=pause and (read is not None or sys.stdin.isatty()), read=read)
    if len(frames) == len(record.moves) + 1:
        _show_end(frames[-1][2], console)
    return 0


def _show_end(state: State, console: Console) -> None:
    if state.is_over:
        result = state.result()
        scores = ", ".join(f"{seat_label(seat)} {score}" for seat, score in enumerate(result.scores))
        winners = ", ".join(seat_label(w) for w in result.winners)
        console.print(f"Game over ({result.reason.replace('_', ' ')}): scores {scores}; winners {winners}")
    else:
        console.print("[yellow]The record ends before the game does.[/]")
