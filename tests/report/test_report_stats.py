"""The report's own statistics (`podium.report.stats`): Bradley–Terry ratings, the skill share, distributions."""

from __future__ import annotations

from collections import Counter

import pytest

from podium.report.stats import beyond, bradley_terry, distribution, skill_share, two_sample


def test_equal_bots_get_equal_ratings_around_zero() -> None:
    wins = [[0, 50, 50], [50, 0, 50], [50, 50, 0]]
    meetings = [[0, 100, 100], [100, 0, 100], [100, 100, 0]]
    ratings = bradley_terry(wins, meetings)
    for rating, half in ratings:
        assert rating == pytest.approx(0.0, abs=1e-6)
        assert 0 < half < 200


def test_ratings_follow_the_wins_and_narrow_with_more_games() -> None:
    few = bradley_terry([[0, 3], [7, 0]], [[0, 10], [10, 0]])
    many = bradley_terry([[0, 300], [700, 0]], [[0, 1000], [1000, 0]])
    assert few[1][0] > few[0][0] and many[1][0] > many[0][0]
    assert many[1][1] < few[1][1]
    # 70% against 30% is log(7/3) apart in strength: 400·log10(7/3) ≈ 147 Elo points (the half-win prior moves it
    # by a hair at 1000 meetings)
    assert many[1][0] - many[0][0] == pytest.approx(147.2, abs=1.0)


def test_a_bot_that_never_lost_keeps_a_finite_rating() -> None:
    ratings = bradley_terry([[0, 0], [20, 0]], [[0, 20], [20, 0]])
    assert all(abs(r) < 2000 and half > 0 for r, half in ratings)


def test_skill_share_counts_the_stronger_bots_meetings_only_on_the_ladder() -> None:
    # bots weakest first: 0 < 1; bot 2 is outside the ladder (a game's extra bot) and is left out
    beat_halves = [[0, 4, 0], [16, 0, 20], [20, 0, 0]]  # 2 per win, 1 per tie
    meetings = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    won, met = skill_share(beat_halves, meetings, 2)
    assert (won, met) == (8.0, 10)


def test_distribution_reads_percentiles_and_tails_from_a_histogram() -> None:
    hist = Counter({10: 50, 20: 40, 30: 9, 90: 1})
    d = distribution(hist)
    assert (d["p50"], d["p90"], d["p99"], d["min"], d["max"]) == (10, 20, 30, 10, 90)
    assert d["mean"] == pytest.approx((500 + 800 + 270 + 90) / 100)
    assert d["hist"] == {"10": 50, "20": 40, "30": 9, "90": 1}


def test_two_sample_difference_and_beyond_chance() -> None:
    same = two_sample(0.6, 400, 0.6, 400)
    assert same["mean"] == 0 and not same["beyond_chance"]
    apart = two_sample(0.5, 1000, 0.7, 1000)
    assert apart["beyond_chance"] and apart["ci95"][0] > 0
    assert beyond([0.4, 0.6], 0.3) and not beyond([0.4, 0.6], 0.5)
