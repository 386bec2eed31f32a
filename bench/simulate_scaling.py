"""How `podium simulate` scales: games/s on 1 process, a local pool of 2 workers, and Ray on a local cluster of 2 CPUs.

The 1-process run is the baseline measured in the same run; speed-up = games/s ÷ baseline games/s and parallel
efficiency = speed-up ÷ workers. Every run plays the same seeded games through the backend `simulate` uses, and the
bench checks that all of them give the same aggregate. Each chunk of games also measures the CPU time it used, so the
bench can tell podium's overhead (CPU per game, compared with the baseline's) from a busy machine (CPU share = CPU
used ÷ (wall time × workers): below 100% means other processes took the cores). Start-up costs: the pool's is inside
its wall time, as a user pays it; Ray's cluster start is reported on its own line and its run is timed on the
running cluster, after a warm-up.

    python bench/simulate_scaling.py                 # about 40 s: 3,000 two-player Golf games per run
    python bench/simulate_scaling.py --games 600     # a quick look
    python bench/simulate_scaling.py --game olympicards --players 4 --no-ray
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from podium.core.registry import get_game
from podium.sim.backends import run_job
from podium.sim.runner import SimulationJob
from podium.sim.stats import Aggregate


class Timed:
    """An aggregate plus the CPU seconds its games took (merged like the aggregate)."""

    def __init__(self, aggregate: Aggregate, cpu: float) -> None:
        self.aggregate = aggregate
        self.cpu = cpu

    def merge(self, other: Timed) -> Timed:
        self.aggregate.merge(other.aggregate)
        self.cpu += other.cpu
        return self


@dataclass(frozen=True)
class TimedJob:
    inner: SimulationJob

    @property
    def total(self) -> int:
        return self.inner.total

    def empty(self) -> Timed:
        return Timed(self.inner.empty(), 0.0)

    def run(self, start: int, stop: int) -> Timed:
        begin = time.process_time()
        aggregate = self.inner.run(start, stop)
        return Timed(aggregate, time.process_time() - begin)


@dataclass
class Run:
    label: str
    workers: int
    seconds: float
    timed: Timed

    @property
    def games_per_second(self) -> float:
        return self.timed.aggregate.games / self.seconds


def measure(label: str, job: TimedJob, workers: int, backend: str) -> Run:
    start = time.perf_counter()
    timed = run_job(job, backend=backend, workers=workers)
    return Run(label, workers, time.perf_counter() - start, timed)


def line(run: Run, baseline: Run) -> str:
    speed_up = run.games_per_second / baseline.games_per_second
    cpu_per_game = run.timed.cpu / run.timed.aggregate.games
    base_cpu_per_game = baseline.timed.cpu / baseline.timed.aggregate.games
    share = run.timed.cpu / (run.seconds * run.workers)
    return (
        f"{run.label:<24} {run.seconds:6.2f} s {run.games_per_second:7,.0f} games/s  speed-up {speed_up:4.2f}×  "
        f"efficiency {speed_up / run.workers:5.1%}  | CPU/game {1000 * cpu_per_game:5.2f} ms "
        f"({cpu_per_game / base_cpu_per_game:4.2f}× baseline), CPU share {share:4.0%}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="golf")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray backend")
    args = parser.parse_args()

    game = get_game(args.game)
    job = TimedJob(SimulationJob(game.name, game.config(), ("random",) * args.players, 2024, args.games))
    print(f"{args.game}, {args.players} random bots, {args.games:,} games per run, seeds 2024..")
    baseline = measure("1 process (baseline)", job, 1, "local")
    print(line(baseline, baseline))
    pool = measure("local pool, 2 workers", job, 2, "local")
    print(line(pool, baseline))
    same = pool.timed.aggregate == baseline.timed.aggregate

    if not args.no_ray:
        try:
            import ray
        except ImportError:
            print("ray is not installed (pip install 'podium[ray]'): Ray backend skipped")
        else:
            from podium.sim.backends import start_ray

            start = time.perf_counter()
            start_ray(2, None)
            print(f"{'Ray cluster start-up':<24} {time.perf_counter() - start:6.2f} s")
            try:
                warm_up = TimedJob(SimulationJob(game.name, game.config(), ("random",) * args.players, 0, 4))
                run_job(warm_up, backend="ray", workers=2, size=1)  # Ray starts its workers lazily
                on_ray = measure("Ray, 2 CPUs", job, 2, "ray")
                print(line(on_ray, baseline))
                same = same and on_ray.timed.aggregate == baseline.timed.aggregate
            finally:
                ray.shutdown()

    print(f"aggregates identical across runs: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
