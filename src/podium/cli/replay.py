"""`podium replay`: step through a record with every card shown, forward and back, or check that it replays exactly."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
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
    frames = Frames(record, console)
    frames.introduce()
    browse(frames.count, frames.show, console, pause=pause and (read is not None or sys.stdin.isatty()), read=read)
    frames.finish()
    return 0


class Frames:
    """A record's steps, each printed with every card shown: step 0 is the deal, step i the table after the i-th
    action. Replayed on demand and kept, so that stepping back costs nothing and a bad action shows after the steps
    before it. `note(i)` may add something under step i (a review's comparison)."""

    def __init__(
        self, record: Record, console: Console, note: Callable[[int], RenderableType | None] | None = None
    ) -> None:
        self.record = record
        self.console = console
        self.note = note
        self.tui = get_tui(record.game)
        self.names = record.players or [seat_label(i) for i in range(record.num_players)]
        self._frames: list[tuple[ReplayStep | None, list[Event], State]] = [(None, [], record.start())]
        self._steps = record.replay()

    @property
    def count(self) -> int:
        return len(self.record.moves) + 1

    def introduce(self) -> None:
        self.console.print(
            f"[bold]{escape(self._frames[0][2].game.title)}[/] — seed {self.record.seed} — "
            + ", ".join(f"{seat_label(i)}: {escape(n)}" for i, n in enumerate(self.names))
        )

    def show(self, i: int) -> None:
        while len(self._frames) <= i:
            step = next(self._steps)
            self._frames.append((step, step.events, step.state.clone()))
        shown_step, events, state = self._frames[i]
        total = len(self.record.moves)
        if shown_step is not None:
            seen = self.tui.describe(events, None)
            who = f"{seat_label(shown_step.player)} ({self.names[shown_step.player]})"
            text = f"{i}/{total}  {who}: {shown_step.action.text()}" + (f" · {seen}" if seen else "")
            self.console.print(Rule(text))
            shown = self.tui.after_action(events, state, None)
            if shown is not None:
                self.console.print(shown)
        else:
            self.console.print(Rule(f"0/{total}  the deal"))
        self.console.print(self.tui.table(state.full_view()))
        extra = self.note(i) if self.note is not None else None
        if extra is not None:
            self.console.print(extra)

    def finish(self) -> None:
        """The end of the game, once the last step has been shown."""
        if len(self._frames) == self.count:
            _show_end(self._frames[-1][2], self.console)


def _show_end(state: State, console: Console) -> None:
    if state.is_over:
        result = state.result()
        scores = ", ".join(f"{seat_label(seat)} {score}" for seat, score in enumerate(result.scores))
        winners = ", ".join(seat_label(w) for w in result.winners)
        console.print(f"Game over ({result.reason.replace('_', ' ')}): scores {scores}; winners {winners}")
    else:
        console.print("[yellow]The record ends before the game does.[/]")
