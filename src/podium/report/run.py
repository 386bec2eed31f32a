"""What a report asks (`ReportOptions`) and running it: for each player count, the fairness run of every rule
variant on shared seeds, then the bot ladder's round-robin under each variant, all through `podium.sim`'s backends
(this process, a local pool, or Ray)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from podium.core.chance import refuse_chance
from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.core.errors import ConfigError, PodiumError
from podium.core.registry import get_game
from podium.report.collect import FairJob, FairTotals, LadderJob, LadderTotals, rules_report
from podium.sim.backends import Where
from podium.sim.runner import check_lineup, run_timed
from podium.sim.tournament import Schedule, TournamentJob, check_bots, schedule

LADDER = ("random", "easy", "medium", "hard")
"""The bot ladder, weakest first (docs/bots.md): the order the skill share calls "stronger"."""

ProgressFactory = Callable[[str, int], AbstractContextManager[Callable[[int], None]]]


@dataclass(frozen=True)
class ReportOptions:
    """Everything a report's figures depend on (printed in the report, so that the same command gives them again)."""

    game: str
    players: tuple[int, ...]
    rules: tuple[str, ...] = ()
    compare_key: str | None = None
    compare_values: tuple[str, ...] = ()
    sports: str | None = None
    games: int = 1000
    ladder_games: int = 120
    bot: str = "medium"
    ladder: tuple[str, ...] = LADDER
    seed: int = 0
    seconds_per_decision: float = 6.0
    where: Where = field(default_factory=lambda: Where(backend="local", workers=1, address=None))

    def variant_rules(self) -> list[list[str]]:
        """The `--rule` list of each variant: the shared rules, then the compared key's value (one variant without
        `--compare`)."""
        base = [*self.rules, *([f"sports={self.sports}"] if self.sports else [])]
        if self.compare_key is None:
            return [base]
        return [[*base, f"{self.compare_key}={value}"] for value in self.compare_values]

    def variant_names(self) -> list[str]:
        if self.compare_key is None:
            return [""]
        return [f"{self.compare_key}={value}" for value in self.compare_values]

    def command(self) -> str:
        """The command line that gives this report again (the output path left to the reader)."""
        words = ["podium", "report", self.game, "--players", ",".join(map(str, self.players))]
        for rule in self.rules:
            words += ["--rule", rule]
        if self.compare_key is not None:
            words += ["--compare", f"{self.compare_key}={','.join(self.compare_values)}"]
        if self.sports:
            words += ["--sports", self.sports]
        words += ["--games", str(self.games), "--ladder-games", str(self.ladder_games), "--seed", str(self.seed)]
        words += ["--bot", self.bot, "--ladder", ",".join(self.ladder)]
        words += ["--seconds-per-decision", f"{self.seconds_per_decision:g}"]
        return shlex.join(words)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "rules": list(self.rules),
            "compare": None if self.compare_key is None else {self.compare_key: list(self.compare_values)},
            "sports": self.sports,
            "games": self.games,
            "ladder_games": self.ladder_games,
            "bot": self.bot,
            "ladder": list(self.ladder),
            "seed": self.seed,
            "seconds_per_decision": self.seconds_per_decision,
        }


def parse_players(text: str, game: Game) -> tuple[int, ...]:
    """`2`, `2-4` or `2,4` as player counts, each within the game's bounds."""
    counts: set[int] = set()
    try:
        for part in text.split(","):
            low, sep, high = part.strip().partition("-")
            first, last = int(low), int(high) if sep else int(low)
            counts.update(range(first, last + 1))
    except ValueError:
        raise PodiumError(f"--players {text!r}: give a count, a range or a list, e.g. 2, 2-4 or 2,4") from None
    if not counts:
        raise PodiumError(f"--players {text!r}: no player count in it")
    for n in sorted(counts):
        game.check_players(n)
    return tuple(sorted(counts))


def parse_compare(text: str) -> tuple[str, tuple[str, ...]]:
    """`KEY=V1,V2,…`: the rule option compared and its values (at least two, all different)."""
    key, sep, values = text.partition("=")
    items = tuple(v.strip() for v in values.split(","))
    if not sep or not key.strip() or len(items) < 2 or not all(items):
        raise ConfigError(f"--compare {text!r}: give KEY=V1,V2[,…], e.g. --compare rounds=3,9")
    if len(set(items)) != len(items):
        raise ConfigError(f"--compare {text!r}: a value is given twice")
    return key.strip(), items


def configs(game: Game, options: ReportOptions) -> list[GameConfig]:
    """Each variant's config, checked before anything is played."""
    out = []
    for rules in options.variant_rules():
        try:
            config = game.config_type.from_assignments(rules)
        except (TypeError, ValueError) as exc:
            raise ConfigError(str(exc)) from None
        refuse_chance(config)
        out.append(config)
    return out


@dataclass
class PlayerRuns:
    """One player count's runs: the fairness run (all variants) and each variant's ladder."""

    players: int
    fair: FairTotals
    fair_ran: dict[str, Any]
    ladders: list[tuple[Schedule, LadderTotals, dict[str, Any]]]


@dataclass
class Collected:
    options: ReportOptions
    configs: list[GameConfig]
    runs: list[PlayerRuns]


def check(options: ReportOptions) -> tuple[Game, list[GameConfig]]:
    """Refuse bad options before anything is played (unknown bots, rules, player counts)."""
    game = get_game(options.game)
    found = configs(game, options)
    if options.games < 1 or options.ladder_games < 1:
        raise PodiumError("--games and --ladder-games must be at least 1")
    bots = ladder_bots(options)
    check_bots(bots)
    for n in options.players:
        game.check_players(n)
        for bot in (options.bot, *bots):  # an unknown bot is refused before anything is played
            check_lineup(game, [bot] * n)
    return game, found


def ladder_bots(options: ReportOptions) -> tuple[str, ...]:
    """The round-robin's bots: the ladder, then the bots the game's facet adds (`RulesReport.ladder_bots`), which
    the skill share leaves out (they are not on the ladder's order)."""
    facet = rules_report(options.game)
    extra = () if facet is None else tuple(b for b in facet.ladder_bots if b not in options.ladder)
    return (*options.ladder, *extra)


def plans(options: ReportOptions) -> Iterator[tuple[int, Schedule]]:
    bots = ladder_bots(options)
    for n in options.players:
        yield n, schedule(bots, n, options.ladder_games, options.seed)


def collect(options: ReportOptions, progress: ProgressFactory) -> Collected:
    """Play every run of the report; `progress(description, total)` is entered around each run."""
    game, found = check(options)
    runs = []
    for n, plan in plans(options):
        job = FairJob(game.name, tuple(found), (options.bot,) * n, options.seed, options.games)
        with progress(f"{game.title}, {n} players: fairness and length", options.games) as update:
            fair, fair_ran = run_timed(job, update, options.where, options.seed)
        ladders = []
        for v, config in enumerate(found):
            inner = TournamentJob(game.name, config, ladder_bots(options), plan, plan.games)
            what = f"{game.title}, {n} players: bot ladder" + (f" ({options.variant_names()[v]})" if v else "")
            if len(found) > 1 and v == 0:
                what += f" ({options.variant_names()[0]})"
            with progress(what, plan.games) as update:
                totals, ran = run_timed(LadderJob(inner, game.name, plan.games), update, options.where, options.seed)
            ladders.append((plan, totals, ran))
        runs.append(PlayerRuns(n, fair, fair_ran, ladders))
    return Collected(options, found, runs)


def planned_games(options: ReportOptions) -> list[tuple[int, int, int]]:
    """Per player count: games of the fairness run (per variant) and of each ladder, for the plan printed first."""
    return [(n, options.games, plan.games) for n, plan in plans(options)]


def rules_report_words(game_name: str) -> Mapping[str, Mapping[str, str]] | None:
    """The words of the game's own figures (its `report` facet's `messages`), or None."""
    facet = rules_report(game_name)
    return None if facet is None else facet.messages
