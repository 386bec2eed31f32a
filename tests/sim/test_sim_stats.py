"""Streaming aggregation: chunked and merged aggregates equal a direct computation over all the results."""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.core.contract import Result
from podium.core.registry import get_game
from podium.sim.backends import Job, chunks, run_job
from podium.sim.runner import SimulationJob, game_seed, play_game
from podium.sim.stats import WIN_UNIT, Aggregate, wilson

PLAYERS = 3


@st.composite
def results(draw: st.DrawFn) -> tuple[Result, int, int]:
    scores = draw(st.lists(st.integers(-20, 60), min_size=PLAYERS, max_size=PLAYERS))
    details = {
        "turns": draw(st.integers(0, 50)),
        "ratio": draw(st.floats(0, 10, allow_nan=False, allow_infinity=False)),
        "ended_by": draw(st.sampled_from(["knock", "stock", "time"])),
    }
    if draw(st.booleans()):
        details["bonus"] = draw(st.integers(0, 3))
    result = Result.from_keys(scores, scores, draw(st.sampled_from(["done", "limit"])), details=details)
    return result, draw(st.integers(1, 300)), draw(st.integers(0, PLAYERS - 1))


@settings(max_examples=60, deadline=None)
@given(st.lists(results(), max_size=40), st.lists(st.integers(1, 40), min_size=1, max_size=6))
def test_merged_chunks_equal_the_direct_computation(games: list[tuple[Result, int, int]], cuts: list[int]) -> None:
    whole = Aggregate(PLAYERS)
    for result, plies, first in games:
        whole.add(result, plies, first)
    # the same games cut into chunks of arbitrary sizes, merged in reverse order
    parts = []
    start = 0
    for size in cuts * 40:
        if start >= len(games):
            break
        part = Aggregate(PLAYERS)
        for result, plies, first in games[start : start + size]:
            part.add(result, plies, first)
        parts.append(part)
        start += size
    merged = Aggregate(PLAYERS)
    for part in reversed(parts):
        merged.merge(part)
    assert merged == whole
    assert Aggregate.from_json(json.loads(json.dumps(merged.to_json()))) == whole

    n = len(games)
    if not n:
        return
    for seat in range(PLAYERS):
        scores = [r.scores[seat] for r, _, _ in games]
        assert math.isclose(whole.mean_scores()[seat], sum(scores) / n)
        wins = sum(Fraction(1, len(r.winners)) for r, _, _ in games if seat in r.winners)
        assert whole.win_units[seat] == wins * WIN_UNIT
        assert whole.score_hist[seat] == Counter(scores)
        assert math.isclose(whole.mean_ranks()[seat], sum(r.ranking[seat] for r, _, _ in games) / n)
        by_order = sum(Fraction(1, len(r.winners)) for r, _, f in games if (f + seat) % PLAYERS in r.winners)
        assert math.isclose(whole.order_win_shares()[seat], by_order / n)
    assert math.isclose(sum(whole.win_shares()), 1.0)
    assert whole.length_hist == Counter(p for _, p, _ in games)
    assert whole.reasons == Counter(r.reason for r, _, _ in games)
    means = whole.detail_means()
    assert math.isclose(means["turns"], sum(r.details["turns"] for r, _, _ in games) / n)
    assert means["ratio"] == float(sum(Fraction(r.details["ratio"]) for r, _, _ in games) / n)
    assert math.isclose(means.get("bonus", 0.0), sum(r.details.get("bonus", 0) for r, _, _ in games) / n)
    assert whole.detail_counts()["ended_by"] == Counter(r.details["ended_by"] for r, _, _ in games)


def test_simulation_job_equals_games_played_one_by_one() -> None:
    game = get_game("kuhn")  # the plugin game (tests/plugin_game)
    config = game.config(hands=3)
    bots = ("random", "random", "random")
    direct = Aggregate(3)
    for index in range(12):
        state, plies, first = play_game(game, config, bots, game_seed(7, index))
        direct.add(state.result(), plies, first)
    job = SimulationJob("kuhn", config, bots, 7, 12)
    for size in (1, 5, 12):
        assert run_job(job, size=size) == direct


class _Counted:
    """A chunk aggregate that knows how many of its kind are alive (CPython frees them as soon as unreferenced)."""

    alive = 0
    most = 0

    def __init__(self) -> None:
        type(self).alive += 1
        type(self).most = max(type(self).most, type(self).alive)
        self.total = 0

    def __del__(self) -> None:
        type(self).alive -= 1

    def merge(self, other: _Counted) -> _Counted:
        self.total += other.total
        return self


class _CountingJob:
    total = 500

    def empty(self) -> _Counted:
        return _Counted()

    def run(self, start: int, stop: int) -> _Counted:
        out = _Counted()
        out.total = stop - start
        return out


def test_chunks_are_merged_as_they_finish_so_memory_does_not_grow() -> None:
    job: Job[_Counted] = _CountingJob()
    done: list[int] = []
    merged = run_job(job, size=3, progress=done.append)
    assert merged.total == 500
    assert _Counted.most <= 3  # the running total, one finished chunk, and nothing else
    assert done[-1] == 500 and done == sorted(done)
    assert list(chunks(10, 4)) == [(0, 4), (4, 8), (8, 10)]


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    assert wilson(3, 0) == (0.0, 1.0)
    low, high = wilson(37.5, 75)  # shared wins make fractional successes
    assert low < 0.5 < high
