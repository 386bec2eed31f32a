"""The time a report will take, said before it starts: one probe game per lineup kind, timed here.

For each player count: one game with the fairness run's bot in every seat, and one with each ladder bot in every
seat. A ladder game costs about the mean of its seats' bots (a seat's share of an all-`hard` game is its share of the
decisions), averaged over the plan's seatings. The estimate is rough: probe games vary, and it counts CPU time, so on
a busy machine the run takes longer. But it tells minutes from hours before the run, and each run's progress bar
then gives its own time left.
"""

from __future__ import annotations

import time
from statistics import fmean

from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.report.run import ReportOptions, ladder_bots, plans
from podium.sim.runner import play_game


def probe(game: Game, config: GameConfig, bot: str, players: int, seed: int) -> float:
    """CPU seconds of one game: what the machine's other work does not change (the estimate is for free cores)."""
    start = time.process_time()
    play_game(game, config, [bot] * players, seed)
    return time.process_time() - start


def estimate_seconds(game: Game, configs: list[GameConfig], options: ReportOptions) -> float:
    """Seconds of play for the whole report on `options.where`'s workers (probe games included in no figure)."""
    workers = max(1, options.where.get("workers", 1))
    config = configs[0]
    total = 0.0
    for n, plan in plans(options):
        fair = probe(game, config, options.bot, n, options.seed)
        each = {bot: probe(game, config, bot, n, options.seed) for bot in ladder_bots(options)}
        ladder = fmean(fmean(each[bot] for bot in seating) for seating in plan.seatings)
        total += len(configs) * (options.games * fair + plan.games * ladder)
    return total / workers
