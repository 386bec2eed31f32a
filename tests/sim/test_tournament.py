"""Tournaments: every bot in every seat equally often, each deal mirrored across the seatings, statistics per bot."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import podium.sim.tournament as tournament_module
from podium.agents.base import Agent, register_agent
from podium.core.config import GameConfig
from podium.core.contract import Action, Game, Result, State, View
from podium.core.errors import PodiumError
from podium.core.registry import get_game
from podium.sim.runner import play_game
from podium.sim.tournament import TournamentAggregate, schedule, seatings, tournament

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup


class _First(Agent):
    name = "first"

    def act(self, view: View, legal: list[Action]) -> Action:
        return legal[0]


# A deterministic second bot for in-process tests (worker processes would not know it).
register_agent("test-first", _First, "always the first legal action")


def _seat_counts(arrangements: Sequence[Sequence[str]], bots: Sequence[str], players: int) -> dict[str, Counter[int]]:
    counts = {bot: Counter[int]() for bot in bots}
    for lineup in arrangements:
        assert len(lineup) == players
        for seat, bot in enumerate(lineup):
            counts[bot][seat] += 1
    return counts


@pytest.mark.parametrize(
    ("bots", "players", "mode", "expected"),
    [
        ("AB", 2, "auto", 2),
        ("ABC", 3, "auto", 6),
        ("ABC", 2, "permute", 6),
        ("AB", 4, "permute", 6),
        ("AB", 3, "auto", 2),  # 3 seats, 2 bots: not a multiple, so rotations
        ("ABC", 3, "rotate", 3),
        ("ABCDEF", 6, "auto", 6),  # 720 permutations: too many, so rotations
        ("ABCDE", 5, "permute", 120),
    ],
)
def test_every_bot_sits_in_every_seat_equally_often(bots: str, players: int, mode: str, expected: int) -> None:
    arrangements = seatings(list(bots), players, mode)
    assert len(arrangements) == expected
    assert len(set(arrangements)) == expected
    counts = _seat_counts(arrangements, list(bots), players)
    per_seat = {count for bot in bots for count in (counts[bot][s] for s in range(players))}
    assert len(per_seat) == 1 and 0 not in per_seat


def test_permute_needs_seats_that_share_out_evenly() -> None:
    with pytest.raises(PodiumError, match="use --seating rotate"):
        seatings(["a", "b"], 3, "permute")
    with pytest.raises(PodiumError, match="unknown seating 'shuffle'; seatings are: auto, permute, rotate"):
        seatings(["a", "b"], 2, "shuffle")


def test_deals_are_mirrored_across_seatings() -> None:
    plan = schedule(["a", "b", "c"], 3, games=20, seed=100)
    assert len(plan.seatings) == 6 and plan.deals == 4 and plan.games == 24  # rounded up to whole deals
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for index in range(plan.games):
        seed, lineup = plan.game(index)
        by_deal.setdefault(seed, []).append(lineup)
    assert sorted(by_deal) == [100, 101, 102, 103]
    for lineups in by_deal.values():
        assert sorted(lineups) == sorted(plan.seatings)


def test_tournament_plays_each_deal_in_every_seating(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, tuple[str, ...]]] = []
    real = play_game

    def spy(game: Game, config: GameConfig, bots: Sequence[str], seed: int) -> tuple[State, int, int]:
        played.append((seed, tuple(bots)))
        return real(game, config, bots, seed)

    monkeypatch.setattr(tournament_module, "play_game", spy)
    game = get_game(PLUGIN)
    report = tournament(game, game.config(), ["random", "test-first"], games=9, seed=40)
    assert report.games == 10 and report.plan.deals == 5
    assert Counter(seed for seed, _ in played) == {seed: 2 for seed in range(40, 45)}
    for seed in range(40, 45):
        assert {lineup for s, lineup in played if s == seed} == {("random", "test-first"), ("test-first", "random")}
    agg = report.aggregate
    assert agg.seat_counts == [[5, 5], [5, 5]]
    assert agg.seats == [10, 10]
    assert math.isclose(agg.win_rate(0) + agg.win_rate(1), 1.0)


def test_mirrored_deals_start_from_the_same_cards() -> None:
    game = get_game(PLUGIN)
    plan = schedule(["random", "test-first"], 2, games=4, seed=3)
    first_views: dict[int, list[View]] = {}
    for index in range(plan.games):
        seed, _ = plan.game(index)
        first_views.setdefault(seed, []).append(game.new_game(game.config(), 2, seed).full_view())
    for views in first_views.values():
        assert len(views) == 2 and views[0] == views[1]


def _result(scores: list[int], details: dict[str, Any]) -> Result:
    return Result.from_keys(scores, [-s for s in scores], "done", details=details)


def test_per_bot_statistics_follow_the_seats() -> None:
    agg = TournamentAggregate(["a", "b", "c"], 3)
    # a wins alone; b and c tie for second
    agg.add(("a", "b", "c"), _result([5, 1, 1], {"gold_0": 2, "gold_1": 0, "gold_2": 1, "turns": 9}), 10, 0)
    # seats rotated: b (seat 0) and a (seat 2) share the win
    agg.add(("b", "c", "a"), _result([3, 0, 3], {"gold_0": 1, "gold_1": 0, "gold_2": 1, "turns": 7}), 12, 1)
    assert agg.seats == [2, 2, 2]
    assert math.isclose(agg.win_rate(0), 0.75) and math.isclose(agg.win_rate(1), 0.25) and agg.win_rate(2) == 0
    assert agg.mean_score(0)[0] == 4.0 and agg.mean_score(1)[0] == 2.0 and agg.mean_score(2)[0] == 0.5
    assert agg.detail_means(0) == {"gold": 1.5} and agg.detail_means(1) == {"gold": 0.5}
    assert agg.detail_means(2) == {"gold": 0.5}
    assert agg.head_to_head(0, 1) == 0.75  # a beat b, then tied with b
    assert agg.head_to_head(1, 2) == 0.75  # tied with c, then beat c
    assert agg.mean_rank(2) == 2.5
    assert agg.seat_counts == [[1, 0, 1], [1, 1, 0], [0, 1, 1]]
    assert agg.by_seat.games == 2


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random"], "a tournament needs at least two bots"),
        (["random", "random"], "--bots names 'random' twice"),
        (["random", "genius"], "unknown bot 'genius' for kuhn"),
    ],
)
def test_bad_lineups_are_refused(bots: list[str], message: str) -> None:
    game = get_game(PLUGIN)
    with pytest.raises(PodiumError, match=message):
        tournament(game, game.config(), bots, games=2)


def test_results_are_reproducible() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=2)
    first = tournament(game, config, ["random", "test-first"], games=6, seed=9)
    again = tournament(game, config, ["random", "test-first"], games=6, seed=9)
    assert first.aggregate == again.aggregate
    assert isinstance(first.aggregate.by_seat.reasons, Counter)
