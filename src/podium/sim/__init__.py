"""Batch simulation and tournaments: many games between bots, played here, on a local process pool or on Ray,
and the statistics of how they came out (streamed: memory does not grow with the number of games).

Modules: `runner` (games and `simulate`), `tournament`, `compare` (two rule variants on the same seeds), `backends`
(local process pool, Ray), `stats` (mergeable aggregates, confidence intervals), `results` (JSON), `plot`.
"""

from podium.sim.backends import BACKENDS, run_job
from podium.sim.runner import SimulationReport, game_seed, play_game, simulate
from podium.sim.stats import Aggregate, wilson

__all__ = [
    "BACKENDS",
    "Aggregate",
    "SimulationReport",
    "game_seed",
    "play_game",
    "run_job",
    "simulate",
    "wilson",
]
