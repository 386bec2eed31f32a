"""Tournaments: bots against each other with every seat arrangement played equally often, on mirrored deals.

Seating. The bots' arrangements over the seats ("seatings") are fixed before play:
- `permute`: every distinct arrangement. With at most as many seats as bots, every ordered choice of distinct bots
  (3 bots at 2 seats: AB, BA, AC, CA, BC, CB); with more seats, when the seats are a multiple of the bots, every
  distinct arrangement of the bots repeated equally (2 bots at 4 seats: AABB, ABAB, ABBA, BAAB, BABA, BBAA).
- `rotate`: seat s of seating r holds bot (r + s) mod k (k bots: k seatings): every bot in every seat equally often,
  for any number of seats, with few seatings.
- `auto` (default): `permute` when it applies and gives at most 120 seatings, else `rotate`.

Mirrored deals. Games are grouped into deals: deal d is played once in every seating, always with game seed
`seed + d`, so every arrangement of the bots meets the same shuffled deck (the first deal is identical; later
shuffles may differ once the players' actions differ). Game g is seating g mod S of deal g div S; `--games N` is
rounded up to a whole number of deals.

Statistics per bot count every seat the bot held: its win rate is wins / seats held, where a win shared by k
players counts 1/k (so the win rates of a 2-player match add up to 1); the 95% interval is Wilson's. Mean score is
the game's own points (Golf: lower is better; Athletic Games: medals), mean place is 1 for first. A numeric result
detail whose name ends in `_<seat>` (Olympicards' `gold_0` …) is a per-seat figure and is reported per bot under the
name without the suffix. Head to head: for each pair of bots, the share of their meetings in which the first placed
better (a tie counts half).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Unpack

from podium.core.config import GameConfig
from podium.core.contract import Game, Result
from podium.core.errors import PodiumError
from podium.sim.backends import Progress, Where
from podium.sim.runner import GamesJob, Ran, check_lineup, game_seed, play_game, run_timed
from podium.sim.stats import WIN_UNIT, Aggregate, JsonEquality, Number, mean_ci, wilson

SEATINGS = ("auto", "permute", "rotate")
MAX_PERMUTATIONS = 120
_SEAT_SUFFIX = re.compile(r"^(.+)_(\d+)$")


def seating_mode(k: int, players: int, mode: str = "auto") -> str:
    """`permute` or `rotate`: what `mode` means for `k` bots on `players` seats (`auto` decided)."""
    mode = mode.strip().lower()
    if mode not in SEATINGS:
        raise PodiumError(f"unknown seating {mode!r}; seatings are: {', '.join(SEATINGS)}")
    permutable = players <= k or players % k == 0
    if mode == "permute" and not permutable:
        raise PodiumError(
            f"--seating permute needs the seats ({players}) to be at most the bots ({k}) or a multiple of them; "
            "use --seating rotate"
        )
    if mode == "auto":
        return "permute" if permutable and permutation_count(k, players) <= MAX_PERMUTATIONS else "rotate"
    return mode


def seatings(bots: Sequence[str], players: int, mode: str = "auto") -> list[tuple[str, ...]]:
    """The arrangements of `bots` over `players` seats (see the module docstring)."""
    k = len(bots)
    mode = seating_mode(k, players, mode)
    if mode == "rotate":
        return [tuple(bots[(r + s) % k] for s in range(players)) for r in range(k)]
    if players <= k:
        return list(itertools.permutations(bots, players))
    base = [bots[s % k] for s in range(players)]
    return sorted(set(itertools.permutations(base)), key=lambda lineup: [bots.index(b) for b in lineup])


def permutation_count(k: int, players: int) -> int:
    """How many seatings `permute` makes (when the seats are at most the bots or a multiple of them)."""
    if players <= k:
        return math.perm(k, players)
    count: int = math.factorial(players) // math.factorial(players // k) ** k
    return count


@dataclass(frozen=True)
class Schedule:
    """Which bots sit where in game g, and with which seed."""

    seatings: tuple[tuple[str, ...], ...]
    seed: int
    deals: int
    mode: str = "permute"  # how the seatings were made: permute or rotate

    @property
    def games(self) -> int:
        return self.deals * len(self.seatings)

    def game(self, index: int) -> tuple[int, tuple[str, ...]]:
        deal, seating = divmod(index, len(self.seatings))
        return game_seed(self.seed, deal), self.seatings[seating]


def schedule(bots: Sequence[str], players: int, games: int, seed: int = 0, seating: str = "auto") -> Schedule:
    arrangement = seatings(bots, players, seating)
    mode = seating_mode(len(bots), players, seating)
    return Schedule(tuple(arrangement), seed, max(1, math.ceil(games / len(arrangement))), mode)


class TournamentAggregate(JsonEquality):
    """Per bot: seats held, fractional wins, score and place sums, per-seat details, seats held by seat number;
    per pair of bots: meetings and the first one's results; plus the by-seat `Aggregate` of all games."""

    def __init__(self, bots: Sequence[str], num_players: int) -> None:
        self.bots = list(bots)
        k = len(bots)
        self.seats = [0] * k
        self.win_units = [0] * k
        self.score_sums = [0] * k
        self.score_squares = [0] * k
        self.rank_sums = [0] * k
        self.details: list[dict[str, Number]] = [{} for _ in range(k)]
        self.seat_counts = [[0] * num_players for _ in range(k)]
        self.meetings = [[0] * k for _ in range(k)]
        self.beat_halves = [[0] * k for _ in range(k)]  # 2 per win over the other bot, 1 per tie
        self.by_seat = Aggregate(num_players)

    @property
    def games(self) -> int:
        return self.by_seat.games

    def add(self, lineup: Sequence[str], result: Result, plies: int, first: int) -> None:
        self.by_seat.add(result, plies, first)
        index = [self.bots.index(name) for name in lineup]
        share = WIN_UNIT // len(result.winners)
        for seat, bot in enumerate(index):
            score = result.scores[seat]
            self.seats[bot] += 1
            self.seat_counts[bot][seat] += 1
            self.score_sums[bot] += score
            self.score_squares[bot] += score * score
            self.rank_sums[bot] += result.ranking[seat]
            if seat in result.winners:
                self.win_units[bot] += share
        for key, value in result.details.items():
            match = _SEAT_SUFFIX.match(key)
            if match is None or isinstance(value, bool) or not isinstance(value, int | float):
                continue
            seat = int(match.group(2))
            if seat < len(index):
                totals = self.details[index[seat]]
                totals[match.group(1)] = totals.get(match.group(1), 0) + (
                    value if isinstance(value, int) else Fraction(value)
                )
        for s, t in itertools.permutations(range(len(index)), 2):
            a, b = index[s], index[t]
            if a == b:
                continue
            self.meetings[a][b] += 1
            if result.ranking[s] < result.ranking[t]:
                self.beat_halves[a][b] += 2
            elif result.ranking[s] == result.ranking[t]:
                self.beat_halves[a][b] += 1

    def merge(self, other: TournamentAggregate) -> TournamentAggregate:
        self.by_seat.merge(other.by_seat)
        for i in range(len(self.bots)):
            self.seats[i] += other.seats[i]
            self.win_units[i] += other.win_units[i]
            self.score_sums[i] += other.score_sums[i]
            self.score_squares[i] += other.score_squares[i]
            self.rank_sums[i] += other.rank_sums[i]
            for key, value in other.details[i].items():
                self.details[i][key] = self.details[i].get(key, 0) + value
            for seat, count in enumerate(other.seat_counts[i]):
                self.seat_counts[i][seat] += count
            for j in range(len(self.bots)):
                self.meetings[i][j] += other.meetings[i][j]
                self.beat_halves[i][j] += other.beat_halves[i][j]
        return self

    # -- reading ---------------------------------------------------------------------------------------------

    def win_rate(self, bot: int) -> float:
        return self.win_units[bot] / WIN_UNIT / max(1, self.seats[bot])

    def win_ci(self, bot: int) -> tuple[float, float]:
        return wilson(self.win_units[bot] / WIN_UNIT, self.seats[bot])

    def mean_score(self, bot: int) -> tuple[float, float]:
        return mean_ci(self.score_sums[bot], self.score_squares[bot], self.seats[bot])

    def mean_rank(self, bot: int) -> float:
        return self.rank_sums[bot] / max(1, self.seats[bot])

    def detail_means(self, bot: int) -> dict[str, float]:
        return {k: float(Fraction(v) / max(1, self.seats[bot])) for k, v in sorted(self.details[bot].items())}

    def head_to_head(self, a: int, b: int) -> float | None:
        """Share of the meetings of bots a and b in which a placed better (ties count half); None if they never met."""
        if not self.meetings[a][b]:
            return None
        return self.beat_halves[a][b] / 2 / self.meetings[a][b]

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "seats": list(self.seats),
            "win_units": list(self.win_units),
            "win_unit": WIN_UNIT,
            "score_sums": list(self.score_sums),
            "score_squares": list(self.score_squares),
            "rank_sums": list(self.rank_sums),
            "details": [
                {k: v if isinstance(v, int) else [v.numerator, v.denominator] for k, v in sorted(d.items())}
                for d in self.details
            ],
            "seat_counts": [list(row) for row in self.seat_counts],
            "meetings": [list(row) for row in self.meetings],
            "beat_halves": [list(row) for row in self.beat_halves],
            "by_seat": self.by_seat.to_json(),
        }


@dataclass(frozen=True)
class TournamentJob(GamesJob[TournamentAggregate]):
    """The plan's game i, for each unit i."""

    game_name: str
    config: GameConfig
    bots: tuple[str, ...]
    plan: Schedule
    total: int

    def empty(self) -> TournamentAggregate:
        return TournamentAggregate(self.bots, len(self.plan.seatings[0]))

    def add(self, game: Game, index: int, agg: TournamentAggregate) -> None:
        seed, lineup = self.plan.game(index)
        state, plies, first = play_game(game, self.config, lineup, seed)
        agg.add(lineup, state.result(), plies, first)


@dataclass
class TournamentReport(Ran):
    game: str
    bots: list[str]
    players: int
    plan: Schedule
    aggregate: TournamentAggregate
    config: GameConfig

    @property
    def games(self) -> int:
        return self.aggregate.games

    def ranking(self) -> list[int]:
        """Bot indices, best first: by win rate, then by mean place."""
        agg = self.aggregate
        return sorted(range(len(self.bots)), key=lambda b: (-agg.win_rate(b), agg.mean_rank(b)))


def check_bots(bots: Sequence[str]) -> None:
    if len(bots) < 2:
        raise PodiumError("a tournament needs at least two bots, e.g. --bots heuristic,random")
    duplicates = sorted({b for b in bots if bots.count(b) > 1})
    if duplicates:
        raise PodiumError(f"--bots names {duplicates[0]!r} twice: a tournament compares different bots")


def tournament(
    game: Game,
    config: GameConfig,
    bots: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    *,
    seating: str = "auto",
    **where: Unpack[Where],
) -> TournamentReport:
    """Play about `games` games (rounded up to whole deals) between `bots` on `players` seats (default: one seat
    per bot, within the game's bounds)."""
    check_bots(bots)
    if games < 1:
        raise PodiumError(f"--games must be at least 1, not {games}")
    seats = players if players is not None else min(max(len(bots), game.min_players), game.max_players)
    game.check_players(seats)
    check_lineup(game, [bots[s % len(bots)] for s in range(seats)])
    plan = schedule(bots, seats, games, seed, seating)
    job = TournamentJob(game.name, config, tuple(bots), plan, plan.games)
    aggregate, ran = run_timed(job, progress, where, seed)
    return TournamentReport(game.name, list(bots), seats, plan, aggregate, config, **ran)
