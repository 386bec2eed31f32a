"""`podium simulate`: bots against bots with a progress bar, then a summary table; optionally in parallel (a local
process pool or Ray), with JSON results, a plot, or two rule variants compared on the same seeds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Unpack

from rich.console import Console, Group
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from podium.cli.words import seat_label, seat_number
from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.sim.backends import Where, backend_session, check_backend
from podium.sim.compare import CompareReport, compare
from podium.sim.plot import check_plot, plot_runs
from podium.sim.results import check_output, compare_json, simulation_json, write_json
from podium.sim.runner import SimulationReport, check_lineup, simulate
from podium.sim.stats import Aggregate


def time_left(done: float, total: float | None, done_at: float | None, now: float) -> float | None:
    """Seconds left at `now`, all times since the start: the run so far took `done_at` for `done` units, so it ends
    at `done_at * total / done`. The whole run's rate is the right one for games that are alike, it exists from the
    first unit on, and between updates the estimate counts down instead of standing still."""
    if total is None or done_at is None or done <= 0 or done_at <= 0:
        return None
    return max(0.0, done_at * total / done - now)


class TimeLeftColumn(ProgressColumn):
    """The time left (`time_left`). Rich's `TimeRemainingColumn` estimates from the updates of the last 30 seconds
    only, so it shows nothing once a chunk of slow games takes longer than that, and freezes between updates."""

    max_refresh = 0.5

    def render(self, task: Task) -> Text:
        if task.finished:
            return Text("0:00:00", style="progress.remaining")
        elapsed = task.elapsed
        left = time_left(task.completed, task.total, task.fields.get("done_at"), elapsed or 0.0)
        if left is None:
            return Text("-:--:--", style="progress.remaining")
        minutes, seconds = divmod(round(left), 60)
        hours, minutes = divmod(minutes, 60)
        return Text(f"{hours:d}:{minutes:02d}:{seconds:02d} left", style="progress.remaining")


@contextmanager
def progress_bar(console: Console, description: str, total: int) -> Iterator[Callable[[int], None]]:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeLeftColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(description, total=total)
        start = progress.get_time()

        def update(done: int) -> None:
            # `done_at`: when (since the start) `done` units were reached, for the time-left estimate.
            progress.update(task, completed=done, done_at=progress.get_time() - start)

        yield update


def check_outputs(out: Path | None, plot: Path | None = None) -> None:
    if out is not None:
        check_output(out)
    if plot is not None:
        check_output(plot)
        check_plot(plot)


def where(backend: str, workers: int, address: str | None) -> str:
    if backend == "ray":
        return f"Ray ({address})" if address else f"Ray, local cluster of {workers} CPU{'s' * (workers > 1)}"
    return f"{workers} worker processes" if workers > 1 else "1 process"


def run_simulation(
    game: Game,
    configs: tuple[GameConfig] | tuple[GameConfig, GameConfig],
    bots: list[str],
    games: int,
    seed: int,
    console: Console,
    *,
    out: Path | None = None,
    plot: Path | None = None,
    **where: Unpack[Where],
) -> SimulationReport | CompareReport:
    """`podium simulate`: the games under one config, or (`--compare`, two configs) under each on the same seeds;
    the summary printed, the JSON and the plot saved when asked."""
    if len(configs) == 1:
        (config,) = configs
        with checked_run(console, game, bots, games, "", out, plot, where) as (update, checked):
            report = simulate(game, config, bots, games, seed, update, **checked)
        console.print(summary(game, config, report, checked.get("address")))
        title = f"{game.title}: {count(report.games, 'game')}, {rules_text(config)}"
        save_outputs(console, out, simulation_json(report), plot, title, [("", report.aggregate)])
        return report
    config_a, config_b = configs
    with checked_run(console, game, bots, games, ", A and B", out, plot, where) as (update, checked):
        compared = compare(game, config_a, config_b, bots, games, seed, update, **checked)
    console.print(comparison_table(game, compared, checked.get("address")))
    title = f"{game.title}: A = {rules_text(config_a)}, B = {rules_text(config_b)}"
    runs = [("A", compared.aggregate.a), ("B", compared.aggregate.b)]
    save_outputs(console, out, compare_json(compared), plot, title, runs)
    return compared


@contextmanager
def checked_run(
    console: Console,
    game: Game,
    bots: list[str],
    games: int,
    what: str,
    out: Path | None,
    plot: Path | None,
    where: Where,
) -> Iterator[tuple[Callable[[int], None], Where]]:
    """A run of `games` games: its backend, output files and bots are checked before anything is played (a bad bot
    is refused before the progress bar starts); then its backend's session and progress bar. Yields the progress
    callback and `where` with the backend's name as checked."""
    workers, address = where.get("workers", 1), where.get("address")
    backend = check_backend(where.get("backend", "local"), workers, address)
    check_outputs(out, plot)
    check_lineup(game, bots)
    description = f"{game.title}, {len(bots)} players{what}"
    with backend_session(backend, workers, address), progress_bar(console, description, games) as update:
        yield update, Where(backend=backend, workers=workers, address=address)


def save_outputs(
    console: Console,
    out: Path | None,
    results: dict[str, Any],
    plot: Path | None = None,
    title: str = "",
    runs: Sequence[tuple[str, Aggregate]] = (),
) -> None:
    """Write the results JSON to `out` and the plot of `runs` to `plot`, each only if asked for, and say where."""
    if out is not None:
        write_json(out, results)
        console.print(f"results written to {out}")
    if plot is not None:
        plot_runs(plot, title, runs)
        console.print(f"plot written to {plot}")


def count(n: int, word: str) -> str:
    """`1 game`, `2 games`."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def figures_table(title: str, label: str, *figures: str) -> Table:
    """A table titled `title` (on the left): a column of labels, then columns of figures, aligned right."""
    table = Table(title=title, title_justify="left")
    table.add_column(label)
    for name in figures:
        table.add_column(name, justify="right")
    return table


def rules_text(config: GameConfig) -> str:
    """The rules that differ from the defaults, written as `--rule` takes them (`world_record=true`)."""
    return ", ".join(f"{k}={_rule_value(v)}" for k, v in config.non_default().items()) or "default rules"


def _rule_value(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _ci(low: float, high: float) -> str:
    return f"{low:.1%}–{high:.1%}"


def summary(game: Game, config: GameConfig, report: SimulationReport, address: str | None = None) -> Table:
    agg = report.aggregate
    table = Table(title=f"{game.title}: {count(report.games, 'game')}, {rules_text(config)}", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("mean score" + (" (lower is better)" if agg.lower_is_better else ""), justify="right")
    table.add_column("wins", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("mean place", justify="right")
    for seat, bot in enumerate(report.bots):
        mean, half = agg.score_cis()[seat]
        table.add_row(
            str(seat_number(seat)),  # the JSON keeps the record's 0-based seats
            bot,
            f"{mean:.2f} ± {half:.2f}",
            f"{agg.win_shares()[seat]:.1%}",
            _ci(*agg.win_cis()[seat]),
            f"{agg.mean_ranks()[seat]:.2f}",
        )
    order = ", ".join(
        f"{_ordinal(pos)} {share:.1%} ({_ci(*ci)})"
        for pos, (share, ci) in enumerate(zip(agg.order_win_shares(), agg.order_win_cis(), strict=True))
    )
    facts = [f"wins by turn order (1st = the seat that moved first): {order}", *_facts(agg)]
    facts.append("a shared win counts as a fraction; ± and intervals: 95%")
    facts.append(
        f"{report.games_per_second():,.1f} games/s, {report.actions_per_second():,.0f} actions/s "
        f"({report.seconds:.1f} s, {where(report.backend, report.workers, address)})"
    )
    table.caption = "\n".join(facts)
    table.caption_justify = "left"
    return table


def _ordinal(position: int) -> str:
    n = position + 1
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def mean_label(key: str) -> str:
    """The label of a detail's mean: `mean sport rounds` for `mean_sport_rounds` too (which is already a mean per
    game; its JSON key stays as it is)."""
    words = key.removeprefix("mean_").replace("_", " ")
    return f"mean {words}"


def _facts(agg: Aggregate) -> list[str]:
    facts = [f"{reason.replace('_', ' ')}: {count}" for reason, count in agg.reasons.most_common()]
    facts.append(f"mean actions per game: {agg.mean_plies():.1f}")
    facts += [f"{mean_label(key)}: {value:.2f}" for key, value in agg.detail_means().items()]
    for key, counts in agg.detail_counts().items():
        facts.append(f"{key.replace('_', ' ')}: " + ", ".join(f"{v} {n}" for v, n in counts.most_common()))
    return facts


def comparison_table(game: Game, report: CompareReport, address: str | None = None) -> Group:
    agg = report.aggregate
    a, b = agg.a, agg.b
    title = (
        f"{game.title}: {count(report.games, 'game')} per variant on the same seeds — "
        f"A: {rules_text(report.config_a)}; B: {rules_text(report.config_b)}"
    )
    table = figures_table(title, "", "A", "B", "B − A (95% interval)")
    lower = " (lower is better)" if a.lower_is_better else ""
    for seat, (mean, half) in enumerate(agg.score_differences()):
        table.add_row(
            f"{seat_label(seat)} ({report.bots[seat]}): mean score{lower}",
            f"{a.mean_scores()[seat]:.2f}",
            f"{b.mean_scores()[seat]:.2f}",
            f"{mean:+.2f} ± {half:.2f}",
        )
    for seat in range(a.num_players):
        wa, wb = a.win_shares()[seat], b.win_shares()[seat]
        half = 1.96 * ((wa * (1 - wa) + wb * (1 - wb)) / max(1, a.games)) ** 0.5
        table.add_row(f"{seat_label(seat)}: wins", f"{wa:.1%}", f"{wb:.1%}", f"{wb - wa:+.1%} ± {half:.1%}")
    for pos in range(a.num_players):
        wa, wb = a.order_win_shares()[pos], b.order_win_shares()[pos]
        table.add_row(f"{_ordinal(pos)} to move: wins", f"{wa:.1%}", f"{wb:.1%}", f"{wb - wa:+.1%}")
    mean, half = agg.length_difference()
    table.add_row("actions per game", f"{a.mean_plies():.1f}", f"{b.mean_plies():.1f}", f"{mean:+.1f} ± {half:.1f}")
    means_a, means_b = a.detail_means(), b.detail_means()
    for key in sorted(set(means_a) | set(means_b)):
        va, vb = means_a.get(key, 0.0), means_b.get(key, 0.0)
        table.add_row(mean_label(key), f"{va:.2f}", f"{vb:.2f}", f"{vb - va:+.2f}")
    for reason in sorted(set(a.reasons) | set(b.reasons)):
        ca, cb = a.reasons[reason], b.reasons[reason]
        table.add_row(f"ended: {reason.replace('_', ' ')}", str(ca), str(cb), f"{cb - ca:+d}")
    counts_a, counts_b = a.detail_counts(), b.detail_counts()
    for key in sorted(set(counts_a) | set(counts_b)):
        ka: Counter[str] = counts_a.get(key, Counter())
        kb: Counter[str] = counts_b.get(key, Counter())
        for value in sorted(set(ka) | set(kb)):
            ca, cb = ka.get(value, 0), kb.get(value, 0)
            table.add_row(f"{key.replace('_', ' ')}: {value}", str(ca), str(cb), f"{cb - ca:+d}")
    table.caption = (
        f"winner changed in {agg.winners_changed} of {report.games} seeds · score and length differences are "
        f"paired by seed · {2 * report.games / report.seconds if report.seconds else 0:,.1f} games/s "
        f"({report.seconds:.1f} s, {where(report.backend, report.workers, address)})"
    )
    table.caption_justify = "left"
    return Group(table)
