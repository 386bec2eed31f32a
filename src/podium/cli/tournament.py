"""`podium tournament`: bots against each other over every seat arrangement on mirrored deals; a table per bot
(win rate with its 95% interval, mean score, place and per-seat details), head to head, and JSON results."""

from __future__ import annotations

import math
from pathlib import Path

from rich.console import Console, Group

from podium.cli.simulate import (
    check_outputs,
    count,
    figures_table,
    mean_label,
    progress_bar,
    rules_text,
    save_outputs,
    where,
)
from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.sim.backends import backend_session, check_backend
from podium.sim.results import tournament_json
from podium.sim.runner import check_lineup
from podium.sim.tournament import Schedule, TournamentReport, check_bots, permutation_count, schedule, tournament


def run_tournament(
    game: Game,
    config: GameConfig,
    bots: list[str],
    games: int,
    players: int | None,
    seed: int,
    console: Console,
    *,
    seating: str = "auto",
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
) -> TournamentReport:
    backend = check_backend(backend, workers, address)
    check_outputs(out)
    check_bots(bots)
    seats = players if players is not None else min(max(len(bots), game.min_players), game.max_players)
    game.check_players(seats)
    check_lineup(game, [bots[s % len(bots)] for s in range(seats)])  # a bad bot is refused before the bar starts
    plan = schedule(bots, seats, games, seed, seating)
    description = f"{game.title}: {', '.join(bots)} on {seats} seats"
    with backend_session(backend, workers, address):  # an unreachable cluster is the only line printed
        console.print(plan_text(len(bots), seats, games, plan, seating), soft_wrap=True)
        with progress_bar(console, description, plan.games) as update:
            report = tournament(
                game, config, bots, games, seats, seed, update,
                seating=seating, backend=backend, workers=workers, address=address,
            )  # fmt: skip
    console.print(tournament_tables(game, report, address))
    save_outputs(console, out, tournament_json(report))
    return report


def plan_text(k: int, seats: int, games: int, plan: Schedule, seating: str = "auto") -> str:
    """How many games the tournament plays and why, said before it starts: `5 bots on 5 seats → 120 seat
    arrangements (permute: …); --games 10 rounded up to 1 deal × 120 = 120 games; use --seating rotate for …`."""
    n = len(plan.seatings)
    if plan.mode == "rotate":
        how = "rotate: every bot in every seat once per deal"
        if seating.strip().lower() == "auto" and (seats <= k or seats % k == 0):
            how += f"; permute would need {permutation_count(k, seats):,}"
    elif seats < k:
        how = f"permute: every ordered choice of {seats} of the {k} bots"
    elif seats == k:
        how = f"permute: every order of the {k} bots"
    else:
        how = f"permute: every distinct arrangement of the bots, each on {seats // k} seats"
    text = f"{count(k, 'bot')} on {count(seats, 'seat')} → {count(n, 'seat arrangement')} ({how}), "
    text += "each deal played in every arrangement; "
    if plan.games == games:
        text += f"--games {games} = {count(plan.deals, 'deal')} × {n} = {plan.games} games"
    else:
        text += f"--games {games} rounded up to {count(plan.deals, 'deal')} × {n} = {plan.games} games"
    rotate_games = math.ceil(games / k) * k
    if plan.mode == "permute" and rotate_games < plan.games:
        text += f"; use --seating rotate for fewer ({k} arrangements per deal: {rotate_games} games)"
    return text


def tournament_tables(game: Game, report: TournamentReport, address: str | None = None) -> Group:
    agg = report.aggregate
    rules = rules_text(report.config)
    plan = report.plan
    title = (
        f"{game.title} tournament: {count(report.games, 'game')} ({count(plan.deals, 'deal')} × "
        f"{count(len(plan.seatings), 'seating')}), {report.players} players, {rules}"
    )
    lower = " (lower is better)" if agg.by_seat.lower_is_better else ""
    detail_keys = sorted({key for b in range(len(report.bots)) for key in agg.detail_means(b)})
    table = figures_table(title, "bot", "games", "win rate", "95% interval", "mean score" + lower, "mean place",
                          *(mean_label(key) for key in detail_keys))  # fmt: skip
    for b in report.ranking():
        low, high = agg.win_ci(b)
        mean, half = agg.mean_score(b)
        details = agg.detail_means(b)
        table.add_row(
            report.bots[b],
            str(agg.seats[b]),
            f"{agg.win_rate(b):.1%}",
            f"{low:.1%}–{high:.1%}",
            f"{mean:.2f} ± {half:.2f}",
            f"{agg.mean_rank(b):.2f}",
            *(f"{details.get(key, 0.0):.2f}" for key in detail_keys),
        )
    seats_line = "; ".join(
        f"{report.bots[b]} " + "/".join(str(c) for c in agg.seat_counts[b]) for b in range(len(report.bots))
    )
    table.caption = (
        "win rate: wins / games played, a win shared by k players counts 1/k; interval: Wilson 95%; "
        f"score ± 95% interval\ngames per seat 1/2/…: {seats_line}\n"
        f"{report.games / report.seconds if report.seconds else 0:,.1f} games/s "
        f"({report.seconds:.1f} s, {where(report.backend, report.workers, address)}), seed {report.seed}"
    )
    table.caption_justify = "left"
    if len(report.bots) == 2:
        return Group(table)  # head to head would repeat the win rates
    head = figures_table("Head to head: how often the row bot placed better (a tie counts half)", "", *report.bots)
    for a, name in enumerate(report.bots):
        cells = []
        for b in range(len(report.bots)):
            share = agg.head_to_head(a, b) if a != b else None
            cells.append("—" if share is None else f"{share:.1%}")
        head.add_row(name, *cells)
    return Group(table, head)
