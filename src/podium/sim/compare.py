"""Two rule variants on the same seeds: `podium simulate GAME --compare --rule KEY=A --rule KEY=B`.

Game i is played under variant A and under variant B with the same seed and the same bots, so the two games start
from the same shuffle (as far as the variants allow) and differences are measured game by game: the paired
differences of scores and game lengths have much smaller confidence intervals than two independent runs would.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Unpack

from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.core.errors import ConfigError
from podium.sim.backends import Progress, Where
from podium.sim.runner import GamesJob, Ran, check_lineup, game_seed, play_game, run_timed
from podium.sim.stats import Aggregate, JsonEquality, mean_ci


def split_variants(rules: Iterable[str]) -> tuple[list[str], list[str]]:
    """The `--rule` list of a comparison as the assignments of variant A and of variant B.

    A KEY given twice is compared: its first value goes to A, its second to B. A KEY given once applies to both.
    At least one KEY must be given twice, none more than twice."""
    values: dict[str, list[str]] = {}
    for item in rules:
        key, sep, _ = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"rule option {item!r} must look like KEY=VALUE, e.g. --rule rounds=3")
        values.setdefault(key.strip(), []).append(item)
    if any(len(v) > 2 for v in values.values()):
        many = next(k for k, v in values.items() if len(v) > 2)
        raise ConfigError(f"--compare runs two variants, but --rule {many}=… is given {len(values[many])} times")
    if not any(len(v) == 2 for v in values.values()):
        raise ConfigError(
            "--compare needs a rule given twice, once per variant, e.g. --compare --rule rounds=3 --rule rounds=9"
        )
    a = [v[0] for v in values.values()]
    b = [v[-1] for v in values.values()]
    return a, b


class CompareAggregate(JsonEquality):
    """Aggregates of both variants plus the paired differences (B − A) of every game's scores and length."""

    def __init__(self, num_players: int) -> None:
        self.a = Aggregate(num_players)
        self.b = Aggregate(num_players)
        self.diff_score_sums = [0] * num_players
        self.diff_score_squares = [0] * num_players
        self.diff_plies = 0
        self.diff_plies_squares = 0
        self.winners_changed = 0

    def merge(self, other: CompareAggregate) -> CompareAggregate:
        self.a.merge(other.a)
        self.b.merge(other.b)
        for seat in range(len(self.diff_score_sums)):
            self.diff_score_sums[seat] += other.diff_score_sums[seat]
            self.diff_score_squares[seat] += other.diff_score_squares[seat]
        self.diff_plies += other.diff_plies
        self.diff_plies_squares += other.diff_plies_squares
        self.winners_changed += other.winners_changed
        return self

    def score_differences(self) -> list[tuple[float, float]]:
        """Per seat: mean of (score under B − score under A) over the same seeds, and its 95% half-width."""
        n = self.a.games
        return [mean_ci(s, q, n) for s, q in zip(self.diff_score_sums, self.diff_score_squares, strict=True)]

    def length_difference(self) -> tuple[float, float]:
        return mean_ci(self.diff_plies, self.diff_plies_squares, self.a.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "diff_score_sums": list(self.diff_score_sums),
            "diff_score_squares": list(self.diff_score_squares),
            "diff_plies": self.diff_plies,
            "diff_plies_squares": self.diff_plies_squares,
            "winners_changed": self.winners_changed,
        }


@dataclass(frozen=True)
class CompareJob(GamesJob[CompareAggregate]):
    """Game `seed + i` under both variants, for each unit i."""

    game_name: str
    config_a: GameConfig
    config_b: GameConfig
    bots: tuple[str, ...]
    seed: int
    total: int

    def empty(self) -> CompareAggregate:
        return CompareAggregate(len(self.bots))

    def add(self, game: Game, index: int, agg: CompareAggregate) -> None:
        seed = game_seed(self.seed, index)
        state_a, plies_a, first_a = play_game(game, self.config_a, self.bots, seed)
        state_b, plies_b, first_b = play_game(game, self.config_b, self.bots, seed)
        result_a, result_b = state_a.result(), state_b.result()
        agg.a.add(result_a, plies_a, first_a)
        agg.b.add(result_b, plies_b, first_b)
        for seat in range(len(self.bots)):
            diff = result_b.scores[seat] - result_a.scores[seat]
            agg.diff_score_sums[seat] += diff
            agg.diff_score_squares[seat] += diff * diff
        agg.diff_plies += plies_b - plies_a
        agg.diff_plies_squares += (plies_b - plies_a) ** 2
        agg.winners_changed += int(result_a.winners != result_b.winners)


@dataclass
class CompareReport(Ran):
    game: str
    bots: list[str]
    aggregate: CompareAggregate
    config_a: GameConfig
    config_b: GameConfig

    @property
    def games(self) -> int:
        return self.aggregate.a.games


def compare(
    game: Game,
    config_a: GameConfig,
    config_b: GameConfig,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Progress | None = None,
    **where: Unpack[Where],
) -> CompareReport:
    """Play game i (seed `seed + i`) under both variants, for i < `games`; `progress` counts pairs of games."""
    check_lineup(game, bots)
    job = CompareJob(game.name, config_a, config_b, tuple(bots), seed, games)
    aggregate, ran = run_timed(job, progress, where, seed)
    return CompareReport(game.name, list(bots), aggregate, config_a, config_b, **ran)
