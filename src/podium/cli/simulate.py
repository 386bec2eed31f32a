"""`podium simulate`: bots against bots with a progress bar, then a summary table."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.sim.runner import SimulationReport, simulate


def run_simulation(game: Game, config: GameConfig, bots: list[str], games: int, seed: int, console: Console) -> None:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{game.title}, {len(bots)} players", total=games)
        report = simulate(game, config, bots, games, seed, lambda done: progress.update(task, completed=done))
    console.print(summary(game, config, report))


def summary(game: Game, config: GameConfig, report: SimulationReport) -> Table:
    rules = ", ".join(f"{k}={v}" for k, v in config.non_default().items()) or "default rules"
    lower = bool(report.results) and report.results[0].lower_is_better
    table = Table(title=f"{game.title}: {report.games} games, {rules}", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("mean score" + (" (lower is better)" if lower else ""), justify="right")
    table.add_column("wins", justify="right")
    for seat, (bot, score, share) in enumerate(
        zip(report.bots, report.mean_scores(), report.win_shares(), strict=True)
    ):
        table.add_row(str(seat), bot, f"{score:.2f}", f"{share:.1%}")
    facts = [f"{reason.replace('_', ' ')}: {count}" for reason, count in report.reasons().most_common()]
    facts += [f"mean {key.replace('_', ' ')}: {value:.2f}" for key, value in report.detail_means().items()]
    for key, counts in report.detail_counts().items():
        facts.append(f"{key.replace('_', ' ')}: " + ", ".join(f"{v} {n}" for v, n in counts.most_common()))
    facts.append(f"{report.games_per_second():.1f} games/s, {report.actions_per_second():,.0f} actions/s")
    table.caption = "\n".join(facts)
    table.caption_justify = "left"
    return table
