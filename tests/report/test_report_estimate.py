"""The time `podium report` announces before it starts (`podium.report.estimate`), on the plugin game."""

from __future__ import annotations

import pytest

from podium.report import estimate
from podium.report.run import ReportOptions, check
from podium.sim.backends import Where


def options(games: int, workers: int) -> ReportOptions:
    where = Where(backend="local", workers=workers, address=None)
    return ReportOptions("kuhn", (2,), games=games, ladder_games=12, ladder=("random", "easy"), where=where)


def test_the_estimate_grows_with_the_games_and_shrinks_with_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    # probe games timed as one CPU second each: the arithmetic is checked, not this machine's speed
    monkeypatch.setattr(estimate, "probe", lambda *args: 1.0)
    game, configs = check(options(10, 1))
    one = estimate.estimate_seconds(game, configs, options(10, 1))
    assert one == 10 + 12  # 10 fairness games and 12 ladder games (2 seatings × 6 deals), 1 s each
    assert estimate.estimate_seconds(game, configs, options(100, 1)) == 100 + 12
    assert estimate.estimate_seconds(game, configs, options(10, 2)) == one / 2
