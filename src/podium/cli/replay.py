"""`podium replay`: step through a record with every card shown, or check that it replays exactly."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from podium.cli.tui import get_tui
from podium.core.record import Record


def replay_record(path: Path, console: Console, *, check: bool, pause: bool) -> int:
    record = Record.read(path)
    if check:
        state = record.check()
        status = "finished" if state.is_over else "unfinished"
        if state.is_over:
            result = state.result()
            status += f", winners: {', '.join(f'seat {w}' for w in result.winners)} ({result.reason.replace('_', ' ')})"
        console.print(f"[green]ok[/]: {escape(str(path))} replays exactly — {len(record.moves)} actions, {status}")
        return 0
    tui = get_tui(record.game)
    names = record.players or [f"seat {i}" for i in range(record.num_players)]
    state = record.start()
    pause = pause and sys.stdin.isatty()
    console.print(
        f"[bold]{escape(state.game.title)}[/] — seed {record.seed} — "
        + ", ".join(f"seat {i}: {escape(n)}" for i, n in enumerate(names))
    )
    console.print(tui.table(state.full_view()))
    for step in record.replay():
        state = step.state
        seen = tui.describe(step.events, None)
        console.print(
            Rule(
                f"{step.ply + 1}/{len(record.moves)}  seat {step.player} ({names[step.player]}): {step.action.text()}"
                + (f" · {seen}" if seen else "")
            )
        )
        shown = tui.after_action(step.events, step.state, None)
        if shown is not None:
            console.print(shown)
        console.print(tui.table(step.state.full_view()))
        if pause:
            answer = console.input("[dim]Enter: next step · a: all the rest · q: quit[/] ").strip().lower()
            if answer == "q":
                return 0
            pause = answer != "a"
    if state.is_over:
        result = state.result()
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(result.scores))
        winners = ", ".join(f"seat {w}" for w in result.winners)
        console.print(f"Game over ({result.reason.replace('_', ' ')}): scores {scores}; winners {winners}")
    else:
        console.print("[yellow]The record ends before the game does.[/]")
    return 0
