"""Play many games between bots and summarise them.

Game i of a run uses seed `seed + i` (`game_seed`), and each bot's generator is derived from it, so a run is
reproducible game by game — `podium simulate ... --seed S` and `podium play ... --seed S+i` with the same bots replay
the same game — and its aggregate does not depend on how the games are spread over workers (see `backends`).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Unpack

from podium.agents.base import NO_VIEW, Agent, make_agent
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Game, State
from podium.core.registry import get_game
from podium.sim.backends import Job, Mergeable, Progress, Where, run_job
from podium.sim.stats import Aggregate

R = TypeVar("R", bound=Mergeable)


def game_seed(master: int, index: int) -> int:
    return master + index


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 1_000_003 + seat + 1


def make_bots(game: Game, bots: Sequence[str], game_seed: int) -> list[Agent]:
    return [make_agent(name, game, seat, bot_seed(game_seed, seat)) for seat, name in enumerate(bots)]


Observer = Callable[[int, Action, list[Event]], None]


def play_game(
    game: Game, config: GameConfig, bots: Sequence[str], seed: int, observe: Observer | None = None
) -> tuple[State, int, int]:
    """Play one game between `bots` (one name per seat); returns the final state, the number of actions and the
    seat that moved first. `observe(player, action, events)` after each action, if given (`podium report` counts
    what the rules did from the events; the game played is the same with or without it)."""
    state = game.new_game(config, len(bots), seed)
    agents = make_bots(game, bots, seed)
    first = state.current_player
    # The loop is the simulation's hot path: methods are looked up once, and a view is built only for a bot that
    # reads it (`Agent.reads_views`); a random game then costs little more than the engine's own steps.
    acts = [agent.act for agent in agents]
    blind = [not agent.reads_views for agent in agents]
    legal_actions, apply, view = state.legal_actions, state.apply, state.view
    plies = 0
    if observe is None:
        while (player := state.current_player) is not None:
            apply(acts[player](NO_VIEW if blind[player] else view(player), legal_actions()))
            plies += 1
    else:
        while (player := state.current_player) is not None:
            action = acts[player](NO_VIEW if blind[player] else view(player), legal_actions())
            observe(player, action, apply(action))
            plies += 1
    return state, plies, first if first is not None else 0


class GamesJob(ABC, Generic[R]):
    """A run's units 0..total-1 (a `backends.Job`), each one game or a few played on the game named `game_name` (a
    job is pickled to workers: the game travels by name) and added to an aggregate. The jobs of `simulate`,
    `compare` and `tournament` differ only in what a unit plays and adds (`add`)."""

    game_name: str  # a field of each job's dataclass
    total: int

    @abstractmethod
    def empty(self) -> R: ...

    @abstractmethod
    def add(self, game: Game, index: int, agg: R) -> None: ...

    def run(self, start: int, stop: int) -> R:
        game = get_game(self.game_name)
        agg = self.empty()
        for index in range(start, stop):
            self.add(game, index, agg)
        return agg


@dataclass(kw_only=True)
class Ran:
    """How a run went, as every report gives it: its first game's seed, the seconds it took, where it ran (the
    backend's name as reported, the number of workers)."""

    seed: int = 0
    seconds: float = 0.0
    backend: str = "local"
    workers: int = 1


def run_timed(job: Job[R], progress: Progress | None, where: Where, seed: int) -> tuple[R, dict[str, Any]]:
    """Run `job` where `where` says; returns its aggregate and how it ran (`Ran`'s fields, for the report)."""
    start = time.perf_counter()
    aggregate = run_job(job, progress=progress, **where)
    seconds = time.perf_counter() - start
    backend = where.get("backend", "local").strip().lower()
    return aggregate, {"seed": seed, "seconds": seconds, "backend": backend, "workers": where.get("workers", 1)}


@dataclass(frozen=True)
class SimulationJob(GamesJob[Aggregate]):
    """Games `seed + i` between the same bots."""

    game_name: str
    config: GameConfig
    bots: tuple[str, ...]
    seed: int
    total: int

    def empty(self) -> Aggregate:
        return Aggregate(len(self.bots))

    def add(self, game: Game, index: int, agg: Aggregate) -> None:
        state, plies, first = play_game(game, self.config, self.bots, game_seed(self.seed, index))
        agg.add(state.result(), plies, first)


@dataclass
class SimulationReport(Ran):
    game: str
    bots: list[str]
    aggregate: Aggregate
    config: GameConfig

    @property
    def games(self) -> int:
        return self.aggregate.games

    @property
    def plies(self) -> int:
        return self.aggregate.plies

    def mean_scores(self) -> list[float]:
        return self.aggregate.mean_scores()

    def win_shares(self) -> list[float]:
        """Share of games won per seat; a shared win counts as a fraction (so shares add up to 1)."""
        return self.aggregate.win_shares()

    def reasons(self) -> Counter[str]:
        return self.aggregate.reasons

    def detail_means(self) -> dict[str, float]:
        """Mean of every numeric entry of the results' details (games without the entry count as 0)."""
        return self.aggregate.detail_means()

    def detail_counts(self) -> dict[str, Counter[str]]:
        """Counts of every text entry of the results' details."""
        return self.aggregate.detail_counts()

    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def actions_per_second(self) -> float:
        return self.plies / self.seconds if self.seconds else 0.0


def check_lineup(game: Game, bots: Sequence[str]) -> None:
    game.check_players(len(bots))
    make_bots(game, bots, 0)  # reject unknown bot names before the run starts


def simulate(
    game: Game,
    config: GameConfig,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Progress | None = None,
    **where: Unpack[Where],
) -> SimulationReport:
    """Play `games` games (game i with seed `seed + i`) and aggregate them; the aggregate is the same for every
    backend and number of workers."""
    check_lineup(game, bots)
    job = SimulationJob(game.name, config, tuple(bots), seed, games)
    aggregate, ran = run_timed(job, progress, where, seed)
    return SimulationReport(game.name, list(bots), aggregate, config, **ran)
