"""The same games give the same aggregate on one process and on a local process pool; rule variants compared on the
same seeds; backend options checked with one-line reasons. On the plugin game (Kuhn poker, tests/plugin_game)."""

from __future__ import annotations

import sys

import pytest

from podium.core.errors import ConfigError, PodiumError
from podium.core.registry import get_game
from podium.sim.backends import check_backend, chunk_size
from podium.sim.compare import compare, split_variants
from podium.sim.runner import simulate
from podium.sim.tournament import tournament

PLUGIN = "kuhn"  # installed by the test setup


def test_simulation_is_identical_for_one_and_two_workers() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=3)
    bots = ["random", "random", "random"]
    one = simulate(game, config, bots, 60, seed=11)
    two = simulate(game, config, bots, 60, seed=11, workers=2)
    assert one.games == two.games == 60
    assert one.aggregate == two.aggregate
    assert two.workers == 2 and two.backend == "local"


def test_tournament_is_identical_for_one_and_two_workers() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=3)
    one = tournament(game, config, ["random", "easy"], 8, players=2, seed=5)
    two = tournament(game, config, ["random", "easy"], 8, players=2, seed=5, workers=2)
    assert one.aggregate == two.aggregate
    assert one.aggregate.seat_counts == [[4, 4], [4, 4]]


def test_compare_runs_both_variants_on_the_same_seeds() -> None:
    game = get_game(PLUGIN)
    short, long = game.config(hands=1), game.config(hands=4)
    bots = ["random", "random"]
    report = compare(game, short, long, bots, 20, seed=3)
    agg = report.aggregate
    assert agg.a == simulate(game, short, bots, 20, seed=3).aggregate
    assert agg.b == simulate(game, long, bots, 20, seed=3).aggregate
    assert agg.a.detail_means()["hands"] == 1 and agg.b.detail_means()["hands"] == 4
    for seat, (mean, _) in enumerate(agg.score_differences()):
        assert mean == pytest.approx(agg.b.mean_scores()[seat] - agg.a.mean_scores()[seat])
    assert agg.length_difference()[0] == pytest.approx(agg.b.mean_plies() - agg.a.mean_plies())
    assert compare(game, short, long, bots, 20, seed=3, workers=2).aggregate == agg


def test_identical_variants_differ_in_nothing() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=2)
    agg = compare(game, config, config, ["random", "random"], 10, seed=1).aggregate
    assert agg.a == agg.b and agg.winners_changed == 0
    assert agg.score_differences() == [(0.0, 0.0), (0.0, 0.0)]


def test_split_variants() -> None:
    a, b = split_variants(["hands=3", "deck=short", "hands=9", "bet=1", "bet=2"])
    assert a == ["hands=3", "deck=short", "bet=1"]
    assert b == ["hands=9", "deck=short", "bet=2"]
    with pytest.raises(ConfigError, match="--compare needs a rule given twice"):
        split_variants(["hands=3"])
    with pytest.raises(ConfigError, match="given 3 times"):
        split_variants(["hands=3", "hands=4", "hands=5"])
    with pytest.raises(ConfigError, match="must look like KEY=VALUE"):
        split_variants(["hands"])


def test_backend_options_are_checked() -> None:
    assert check_backend(" Local ", 2) == "local"
    with pytest.raises(PodiumError, match="unknown backend 'dask'; backends are: local, ray"):
        check_backend("dask", 1)
    with pytest.raises(PodiumError, match="--workers must be a whole number of at least 1, not 0"):
        check_backend("local", 0)
    with pytest.raises(PodiumError, match="use it with --backend ray"):
        check_backend("local", 1, "127.0.0.1:6379")
    assert chunk_size(100_000, 2) == 1000 and chunk_size(10, 2) == 1


def test_ray_missing_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an environment without ray looks like to `import ray`
    with pytest.raises(PodiumError, match=r"pip install 'podium\[ray\]'"):
        check_backend("ray", 2)
