"""The report's runs: the games it plays and what it counts in them, built on `podium.sim`'s jobs and backends.

The fairness run plays game i with seed `seed + i` under every rule variant, the same bot in every seat, exactly as
`podium simulate GAME --bots B --seed S` (`SimulationJob`) plays it: its `Aggregate` per variant equals that
command's, and the paired differences against the first variant equal `podium simulate --compare`'s. Beside it the
report counts what `simulate` does not: turns (a turn is a run of decisions by one seat), score by position in turn
order, and the game's own tally (its `report` facet). The ladder run is `podium tournament`'s job, with the game's
ladder tally beside its aggregate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from podium.api.report import RulesReport, Tally
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Game, Result
from podium.core.registry import get_spec, load_instance
from podium.sim.runner import GamesJob, game_seed, play_game
from podium.sim.stats import WIN_UNIT, Aggregate
from podium.sim.tournament import TournamentAggregate, TournamentJob


def rules_report(game_name: str) -> RulesReport | None:
    """The game's `report` facet, or None."""
    spec = get_spec(game_name)
    if spec.report is None:
        return None
    found: RulesReport = load_instance(spec.report, RulesReport, where=spec.name)
    return found


class Moments:
    """Sum, sum of squares and count of integers (a paired difference), exact and mergeable."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def to_json(self) -> dict[str, int]:
        return {"n": self.n, "sum": self.total, "squares": self.squares}


class OneGame:
    """What the report counts of one game while it is played (the `observe` callback of `play_game`)."""

    def __init__(self, tally: Tally | None) -> None:
        self.tally = tally
        self.turns = 0
        self.last = -1

    def __call__(self, player: int, action: Action, events: list[Event]) -> None:
        if player != self.last:
            self.turns += 1
            self.last = player
        if self.tally is not None:
            self.tally.observe(player, action, events)


class Variant:
    """One rule variant's fairness run: `simulate`'s aggregate, turns per game, score by turn-order position, the
    game's tally."""

    def __init__(self, players: int, tally: Tally | None) -> None:
        self.aggregate = Aggregate(players)
        self.turns: Counter[int] = Counter()
        self.order_scores = [Moments() for _ in range(players)]
        self.tally = tally

    def add(self, result: Result, plies: int, first: int, seen: OneGame, lineup: Sequence[str]) -> None:
        self.aggregate.add(result, plies, first)
        self.turns[seen.turns] += 1
        n = self.aggregate.num_players
        for pos in range(n):
            self.order_scores[pos].add(result.scores[(first + pos) % n])
        if self.tally is not None:
            self.tally.finish(result, lineup)

    def merge(self, other: Variant) -> None:
        self.aggregate.merge(other.aggregate)
        self.turns.update(other.turns)
        for mine, theirs in zip(self.order_scores, other.order_scores, strict=True):
            mine.merge(theirs)
        if self.tally is not None and other.tally is not None:
            self.tally.merge(other.tally)


class Paired:
    """Variant k against variant 0 on the same seeds: per-game differences (k − 0) of each seat's score, of the
    actions and turns, and of the win share of each turn-order position (in units of 1/`WIN_UNIT`)."""

    def __init__(self, players: int) -> None:
        self.scores = [Moments() for _ in range(players)]
        self.plies = Moments()
        self.turns = Moments()
        self.order_wins = [Moments() for _ in range(players)]
        self.winners_changed = 0

    def add(self, base: tuple[Result, int, int, int], other: tuple[Result, int, int, int]) -> None:
        (ra, plies_a, first_a, turns_a), (rb, plies_b, first_b, turns_b) = base, other
        for seat, moments in enumerate(self.scores):
            moments.add(rb.scores[seat] - ra.scores[seat])
        self.plies.add(plies_b - plies_a)
        self.turns.add(turns_b - turns_a)
        wins_a, wins_b = _order_wins(ra, first_a), _order_wins(rb, first_b)
        for pos, moments in enumerate(self.order_wins):
            moments.add(wins_b[pos] - wins_a[pos])
        self.winners_changed += int(ra.winners != rb.winners)

    def merge(self, other: Paired) -> None:
        for mine, theirs in zip(
            [*self.scores, self.plies, self.turns, *self.order_wins],
            [*other.scores, other.plies, other.turns, *other.order_wins],
            strict=True,
        ):
            mine.merge(theirs)
        self.winners_changed += other.winners_changed


def _order_wins(result: Result, first: int) -> list[int]:
    n = len(result.scores)
    share = WIN_UNIT // len(result.winners)
    return [share if (first + pos) % n in result.winners else 0 for pos in range(n)]


class FairTotals:
    """Every variant's `Variant` and each later variant's `Paired` against the first."""

    def __init__(self, variants: list[Variant], paired: list[Paired]) -> None:
        self.variants = variants
        self.paired = paired

    def merge(self, other: FairTotals) -> FairTotals:
        for mine, theirs in zip(self.variants, other.variants, strict=True):
            mine.merge(theirs)
        for pm, pt in zip(self.paired, other.paired, strict=True):
            pm.merge(pt)
        return self


@dataclass(frozen=True)
class FairJob(GamesJob[FairTotals]):
    """Game `seed + i` under each variant with the same bots, for each unit i."""

    game_name: str
    configs: tuple[GameConfig, ...]
    bots: tuple[str, ...]
    seed: int
    total: int

    def empty(self) -> FairTotals:
        facet = rules_report(self.game_name)
        n = len(self.bots)
        variants = [Variant(n, facet.tally(c, n) if facet is not None else None) for c in self.configs]
        return FairTotals(variants, [Paired(n) for _ in self.configs[1:]])

    def add(self, game: Game, index: int, agg: FairTotals) -> None:
        seed = game_seed(self.seed, index)
        played: list[tuple[Result, int, int, int]] = []
        for config, variant in zip(self.configs, agg.variants, strict=True):
            seen = OneGame(variant.tally)
            state, plies, first = play_game(game, config, self.bots, seed, observe=seen)
            result = state.result()
            variant.add(result, plies, first, seen, self.bots)
            played.append((result, plies, first, seen.turns))
        for paired, other in zip(agg.paired, played[1:], strict=True):
            paired.add(played[0], other)


class LadderTotals:
    """`podium tournament`'s aggregate and the game's ladder tally."""

    def __init__(self, aggregate: TournamentAggregate, tally: Tally | None) -> None:
        self.aggregate = aggregate
        self.tally = tally

    def merge(self, other: LadderTotals) -> LadderTotals:
        self.aggregate.merge(other.aggregate)
        if self.tally is not None and other.tally is not None:
            self.tally.merge(other.tally)
        return self


@dataclass(frozen=True)
class LadderJob(GamesJob[LadderTotals]):
    """The tournament's job (`TournamentJob`, the same games), with the game's ladder tally counting them."""

    inner: TournamentJob
    game_name: str
    total: int

    def empty(self) -> LadderTotals:
        facet = rules_report(self.game_name)
        players = len(self.inner.plan.seatings[0])
        tally = facet.ladder_tally(self.inner.config, players) if facet is not None else None
        return LadderTotals(self.inner.empty(), tally)

    def add(self, game: Game, index: int, agg: LadderTotals) -> None:
        if agg.tally is None:
            self.inner.add(game, index, agg.aggregate)
            return
        seed, lineup = self.inner.plan.game(index)
        seen = OneGame(agg.tally)
        state, plies, first = play_game(game, self.inner.config, lineup, seed, observe=seen)
        result = state.result()
        agg.aggregate.add(lineup, result, plies, first)
        agg.tally.finish(result, lineup)


def tally_json(tally: Tally | None) -> dict[str, Any] | None:
    return None if tally is None else tally.to_json()
