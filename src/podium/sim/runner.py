"""Play many games between bots and summarise them.

Game i of a run uses seed `seed + i`, and each bot's generator is derived from it, so a run is reproducible game by
game: `podium simulate ... --seed S` and `podium play ... --seed S+i` with the same bots replay the same game.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from podium.agents.base import Agent, make_agent
from podium.core.config import GameConfig
from podium.core.contract import Game, Result, State


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 1_000_003 + seat + 1


def make_bots(game: Game, bots: Sequence[str], game_seed: int) -> list[Agent]:
    return [make_agent(name, game, seat, bot_seed(game_seed, seat)) for seat, name in enumerate(bots)]


def play_out(game: Game, config: GameConfig, bots: Sequence[str], seed: int) -> tuple[State, int]:
    """Play one game between `bots` (one name per seat); returns the final state and the number of actions."""
    state = game.new_game(config, len(bots), seed)
    agents = make_bots(game, bots, seed)
    plies = 0
    while True:
        player = state.current_player
        if player is None:
            return state, plies
        action = agents[player].act(state.view(player), state.legal_actions())
        state.apply(action)
        plies += 1


@dataclass
class SimulationReport:
    game: str
    bots: list[str]
    results: list[Result] = field(default_factory=list)
    plies: int = 0
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.results)

    def mean_scores(self) -> list[float]:
        n = len(self.bots)
        return [sum(r.scores[s] for r in self.results) / max(1, self.games) for s in range(n)]

    def win_shares(self) -> list[float]:
        """Share of games won per seat; a shared win counts as a fraction (so shares add up to 1)."""
        wins = [0.0] * len(self.bots)
        for result in self.results:
            for seat in result.winners:
                wins[seat] += 1 / len(result.winners)
        return [w / max(1, self.games) for w in wins]

    def reasons(self) -> Counter[str]:
        return Counter(r.reason for r in self.results)

    def detail_means(self) -> dict[str, float]:
        """Mean of every numeric entry of the results' details (games without the entry count as 0)."""
        totals: dict[str, float] = {}
        for result in self.results:
            for key, value in result.details.items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    totals[key] = totals.get(key, 0.0) + value
        return {key: totals[key] / max(1, self.games) for key in sorted(totals)}

    def detail_counts(self) -> dict[str, Counter[str]]:
        """Counts of every text entry of the results' details."""
        counts: dict[str, Counter[str]] = {}
        for result in self.results:
            for key, value in result.details.items():
                if isinstance(value, str):
                    counts.setdefault(key, Counter())[value] += 1
        return counts

    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def actions_per_second(self) -> float:
        return self.plies / self.seconds if self.seconds else 0.0


def simulate(
    game: Game,
    config: GameConfig,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    game.check_players(len(bots))
    make_bots(game, bots, seed)  # reject unknown bot names before the run starts
    report = SimulationReport(game.name, list(bots))
    start = time.perf_counter()
    for index in range(games):
        state, plies = play_out(game, config, bots, seed + index)
        report.results.append(state.result())
        report.plies += plies
        if progress is not None:
            progress(index + 1)
    report.seconds = time.perf_counter() - start
    return report
