"""The Ray backend on a local cluster (started once for this module): the same aggregates as one local process, on
the plugin game (Kuhn poker, tests/plugin_game)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from podium.core.registry import get_game
from podium.sim.compare import compare
from podium.sim.runner import simulate
from podium.sim.tournament import tournament

PLUGIN = "kuhn"

ray = pytest.importorskip("ray", reason="the Ray backend is tested where the `ray` extra is installed")


@pytest.fixture(scope="module", autouse=True)
def local_cluster() -> Iterator[None]:
    # The backend reuses a running connection, so the cluster's start-up is paid once for the module.
    from podium.sim.backends import start_ray

    # Without --address the backend starts its own cluster, even when the environment names another (RAY_ADDRESS,
    # or a cluster left by `ray start`): Ray would join that one and refuse num_cpus with a traceback.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("RAY_ADDRESS", "127.0.0.1:1")
        started = start_ray(2, None)
    assert started and ray.cluster_resources().get("CPU") == 2
    yield
    if started:
        ray.shutdown()


def test_simulation_on_ray_equals_local() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=5)
    bots = ["random", "random", "random"]
    local = simulate(game, config, bots, 40, seed=21)
    on_ray = simulate(game, config, bots, 40, seed=21, backend="ray", workers=2)
    assert on_ray.backend == "ray"
    assert on_ray.aggregate == local.aggregate


def test_tournament_and_compare_on_ray_equal_local() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=2)
    bots = ["random", "easy"]
    local = tournament(game, config, bots, 10, seed=2)
    assert tournament(game, config, bots, 10, seed=2, backend="ray", workers=2).aggregate == local.aggregate
    short = game.config(hands=1)
    pair = compare(game, short, config, ["random", "random"], 12, seed=4)
    assert compare(game, short, config, ["random", "random"], 12, seed=4, backend="ray").aggregate == pair.aggregate


def test_ray_equals_two_local_workers() -> None:
    game = get_game(PLUGIN)
    config = game.config(hands=3, bet=2)
    bots = ["random", "random"]
    pooled = simulate(game, config, bots, 30, seed=8, workers=2)
    on_ray = simulate(game, config, bots, 30, seed=8, backend="ray", workers=2)
    assert on_ray.aggregate == pooled.aggregate
    assert sum(on_ray.aggregate.order_win_units) == pytest.approx(sum(on_ray.aggregate.win_units))
