"""Streaming statistics of many games: exact, mergeable aggregates and confidence intervals.

An `Aggregate` holds sums, counts and histograms, never the games themselves, so its size depends on how many
distinct values occur (scores, game lengths, detail texts), not on how many games were played. Chunks of games are
aggregated where they are played (a worker process, a Ray task) and merged by the driver.

Every sum is exact — integers, and `Fraction`s for the rare float detail — so merging is associative and
commutative: the same games give the same aggregate whatever the chunking, the number of workers or the backend.
Fractional wins are exact too: a win shared by k seats adds 1/k, stored in units of 1/`WIN_UNIT` (`WIN_UNIT` is
divisible by every possible number of winners).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from podium.core.contract import Result

WIN_UNIT = 5040  # lcm(1..10): any share 1/k of a win, k <= 10 winners, is a whole number of units
Z95 = 1.959963984540054

Number = int | Fraction


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default). `successes` may be fractional (shared wins count
    as fractions); the interval then treats the shares as if they were whole outcomes, which is slightly
    conservative. Returns (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(total: Number, squares: Number, n: int, z: float = Z95) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation confidence interval, from a sum and a sum of squares."""
    if n <= 0:
        return 0.0, 0.0
    mean = float(Fraction(total) / n)
    if n == 1:
        return mean, 0.0
    variance = float((Fraction(squares) - Fraction(total) ** 2 / n) / (n - 1))
    return mean, z * math.sqrt(max(0.0, variance) / n)


def _add(totals: dict[str, Number], key: str, value: Number) -> None:
    totals[key] = totals.get(key, 0) + value


def _exact(value: int | float) -> Number:
    return value if isinstance(value, int) else Fraction(value)


def _number_json(value: Number) -> Any:
    return value if isinstance(value, int) else [value.numerator, value.denominator]


def _number_from_json(value: Any) -> Number:
    return value if isinstance(value, int) else Fraction(int(value[0]), int(value[1]))


class JsonEquality(ABC):
    """Aggregates compare by their JSON form, which is what is saved and what the merge of partial runs builds, so
    that `==` means the same results (e.g. whatever the number of workers)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonEquality) and type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Aggregate(JsonEquality):
    """What a simulation learns from its games, per seat and overall; `add` one result, `merge` another aggregate.

    Per seat: score sum, sum of squares and histogram, fractional wins, sum of places. Per turn-order position
    (0 = the seat that moved first in the game): fractional wins. Overall: game count, actions, game-length
    (actions) histogram, why games ended, sums of numeric details (a game without a key counts as 0), and counts
    of text details.
    """

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.games = 0
        self.plies = 0
        self.plies_squares = 0
        self.score_sums = [0] * num_players
        self.score_squares = [0] * num_players
        self.score_hist: list[Counter[int]] = [Counter() for _ in range(num_players)]
        self.win_units = [0] * num_players
        self.order_win_units = [0] * num_players
        self.rank_sums = [0] * num_players
        self.length_hist: Counter[int] = Counter()
        self.reasons: Counter[str] = Counter()
        self.detail_sums: dict[str, Number] = {}
        self.detail_texts: dict[str, Counter[str]] = {}
        self.lower_is_better: bool | None = None

    # -- building --------------------------------------------------------------------------------------------

    def add(self, result: Result, plies: int, first_player: int = 0) -> None:
        n = self.num_players
        self.games += 1
        self.plies += plies
        self.plies_squares += plies * plies
        self.length_hist[plies] += 1
        self.reasons[result.reason] += 1
        self.lower_is_better = result.lower_is_better
        for seat in range(n):
            score = result.scores[seat]
            self.score_sums[seat] += score
            self.score_squares[seat] += score * score
            self.score_hist[seat][score] += 1
            self.rank_sums[seat] += result.ranking[seat]
        share = WIN_UNIT // len(result.winners)
        for seat in result.winners:
            self.win_units[seat] += share
            self.order_win_units[(seat - first_player) % n] += share
        for key, value in result.details.items():
            if isinstance(value, bool):
                _add(self.detail_sums, key, int(value))
            elif isinstance(value, int | float):
                _add(self.detail_sums, key, _exact(value))
            elif isinstance(value, str):
                self.detail_texts.setdefault(key, Counter())[value] += 1

    def merge(self, other: Aggregate) -> Aggregate:
        if other.num_players != self.num_players:
            raise ValueError(f"cannot merge aggregates of {self.num_players} and {other.num_players} players")
        self.games += other.games
        self.plies += other.plies
        self.plies_squares += other.plies_squares
        self.length_hist.update(other.length_hist)
        self.reasons.update(other.reasons)
        for seat in range(self.num_players):
            self.score_sums[seat] += other.score_sums[seat]
            self.score_squares[seat] += other.score_squares[seat]
            self.score_hist[seat].update(other.score_hist[seat])
            self.win_units[seat] += other.win_units[seat]
            self.order_win_units[seat] += other.order_win_units[seat]
            self.rank_sums[seat] += other.rank_sums[seat]
        for key, value in other.detail_sums.items():
            _add(self.detail_sums, key, value)
        for key, counts in other.detail_texts.items():
            self.detail_texts.setdefault(key, Counter()).update(counts)
        if other.lower_is_better is not None:
            self.lower_is_better = other.lower_is_better
        return self

    # -- reading ---------------------------------------------------------------------------------------------

    def mean_scores(self) -> list[float]:
        return [mean_ci(s, q, self.games)[0] for s, q in zip(self.score_sums, self.score_squares, strict=True)]

    def score_cis(self) -> list[tuple[float, float]]:
        """Per seat: mean score and the half-width of its 95% confidence interval."""
        return [mean_ci(s, q, self.games) for s, q in zip(self.score_sums, self.score_squares, strict=True)]

    def wins(self) -> list[float]:
        return [units / WIN_UNIT for units in self.win_units]

    def win_shares(self) -> list[float]:
        """Share of games won per seat; a shared win counts as a fraction (so shares add up to 1)."""
        return [w / max(1, self.games) for w in self.wins()]

    def win_cis(self) -> list[tuple[float, float]]:
        return [wilson(w, self.games) for w in self.wins()]

    def order_win_shares(self) -> list[float]:
        """Share of games won by the seat that moved first, second, … (position in turn order at the start)."""
        return [units / WIN_UNIT / max(1, self.games) for units in self.order_win_units]

    def order_win_cis(self) -> list[tuple[float, float]]:
        return [wilson(units / WIN_UNIT, self.games) for units in self.order_win_units]

    def mean_ranks(self) -> list[float]:
        return [r / max(1, self.games) for r in self.rank_sums]

    def mean_plies(self) -> float:
        return self.plies / max(1, self.games)

    def detail_means(self) -> dict[str, float]:
        """Mean of every numeric entry of the results' details (games without the entry count as 0)."""
        return {key: float(Fraction(self.detail_sums[key]) / max(1, self.games)) for key in sorted(self.detail_sums)}

    def detail_counts(self) -> dict[str, Counter[str]]:
        return {key: self.detail_texts[key] for key in sorted(self.detail_texts)}

    # -- JSON ------------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything, exactly (a non-integer sum is written as [numerator, denominator]); `from_json` reads it."""
        return {
            "num_players": self.num_players,
            "games": self.games,
            "plies": self.plies,
            "plies_squares": self.plies_squares,
            "lower_is_better": self.lower_is_better,
            "score_sums": list(self.score_sums),
            "score_squares": list(self.score_squares),
            "score_hist": [_hist_json(h) for h in self.score_hist],
            "win_units": list(self.win_units),
            "win_unit": WIN_UNIT,
            "order_win_units": list(self.order_win_units),
            "rank_sums": list(self.rank_sums),
            "length_hist": _hist_json(self.length_hist),
            "reasons": dict(sorted(self.reasons.items())),
            "detail_sums": {k: _number_json(v) for k, v in sorted(self.detail_sums.items())},
            "detail_texts": {k: dict(sorted(c.items())) for k, c in sorted(self.detail_texts.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Aggregate:
        agg = cls(int(data["num_players"]))
        agg.games = int(data["games"])
        agg.plies = int(data["plies"])
        agg.plies_squares = int(data["plies_squares"])
        agg.lower_is_better = data["lower_is_better"]
        agg.score_sums = [int(v) for v in data["score_sums"]]
        agg.score_squares = [int(v) for v in data["score_squares"]]
        agg.score_hist = [_hist_from_json(h) for h in data["score_hist"]]
        agg.win_units = [int(v) for v in data["win_units"]]
        agg.order_win_units = [int(v) for v in data["order_win_units"]]
        agg.rank_sums = [int(v) for v in data["rank_sums"]]
        agg.length_hist = _hist_from_json(data["length_hist"])
        agg.reasons = Counter({str(k): int(v) for k, v in data["reasons"].items()})
        agg.detail_sums = {str(k): _number_from_json(v) for k, v in data["detail_sums"].items()}
        agg.detail_texts = {str(k): Counter(v) for k, v in data["detail_texts"].items()}
        return agg


def _hist_json(hist: Counter[int]) -> dict[str, int]:
    return {str(k): hist[k] for k in sorted(hist)}


def _hist_from_json(data: Mapping[str, Any]) -> Counter[int]:
    return Counter({int(k): int(v) for k, v in data.items()})
