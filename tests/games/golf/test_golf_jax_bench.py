"""bench/golf_jax.py measures what it says (docs/rl.md, "Speed"): its random chooser picks only legal actions and
each of them equally often (an illegal one would end a pgx game at once and make steps cheap), every reset deals
the games that ended again, and the command refuses a core count the process may not use. (A whole run compiles
thirty programs: too long for the suite.)"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("jax", reason="the jax extra is not installed (pip install -e '.[jax]')")
pytest.importorskip("pgx", reason="the jax extra is not installed (pip install -e '.[jax]')")

import jax
import jax.numpy as jnp
import numpy as np

import podium.jax
from bench_support import ROOT, run_bench

sys.path.insert(0, str(ROOT / "bench"))
from golf_jax import RESETS, batch_player, random_legal

pytestmark = pytest.mark.slow


def test_the_chooser_picks_each_legal_action_equally_often_and_nothing_else() -> None:
    masks = np.zeros((4, 23), dtype=bool)
    masks[0, [0, 1]] = True
    masks[1, [5, 6, 7, 8, 4]] = True
    masks[2, 22] = True
    masks[3, :] = True
    draws = 20_000
    keys = jax.random.split(jax.random.PRNGKey(7), draws)
    chosen = np.asarray(jax.jit(jax.vmap(lambda key: random_legal(key, jnp.asarray(masks))))(keys))  # (draws, 4)
    for row, mask in enumerate(masks):
        counts = np.bincount(chosen[:, row], minlength=23)
        assert not counts[~mask].any(), f"mask {row}: an illegal action was chosen"
        expected = draws / mask.sum()
        assert np.all(np.abs(counts[mask] - expected) < 0.1 * expected), (row, counts[mask])


@pytest.mark.parametrize("reset", RESETS)
def test_every_reset_deals_the_ended_games_again(reset: str) -> None:
    env = podium.jax.make("golf", players=2)
    batch, steps = 16, 150  # a two-player Golf game takes ~100 steps
    play, state = batch_player(env, batch, steps, reset)
    state, taken = play(state, jax.random.PRNGKey(3))
    # a game never over has taken every step; one that ended took fewer (counted again from 0 if dealt again)
    assert (np.asarray(state._step_count) < steps).any(), "no game ended"
    if reset == "done":  # up to batch // 8 + 1 fresh games a step: one that ends beyond them waits a step
        assert int(taken) >= 0.95 * batch * steps
    else:  # every game that ended was dealt again before the next step: no step was idle
        assert int(taken) == batch * steps


def test_the_command_refuses_a_core_count_the_process_may_not_use() -> None:
    wrong = run_bench("golf_jax.py", "--sizes", "4", "--cores", "99")
    assert wrong.returncode == 2
    assert "--cores must be between 1 and the" in wrong.stderr
