"""Batch random play of Golf in JAX (podium.jax) against podium's per-game random loop and pgx's `leduc_holdem`,
measured in the same run (issue 33).

Two-player four-card Golf, default rules. The baseline is podium's per-game loop: `legal_actions()`, a uniformly
random choice (`Rng.randbelow`), `apply()`, over whole games. The JAX side is what pgx users write:
`jax.jit(jax.vmap(env.step))` of a uniformly random legal action (`jax.random.categorical` over the mask), games that
end dealt again at once (pgx's auto-reset), `--steps` batch steps scanned inside one jitted call; pgx's leduc hold'em
is played by the same code. Each side's figure is steps (decisions) per second of CPU time of this process
(`time.process_time`: the machine is shared, waiting for a core is not the code's cost; XLA's threads are counted),
the best of `--repeat` interleaved runs, after one run that compiles. Wall-clock figures are printed beside them.

    .venv/bin/python bench/golf_jax.py                 # batch sizes 1, 64, 1024, 4096, 65536; a few minutes
    .venv/bin/python bench/golf_jax.py --sizes 1024 4096 --repeat 2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import pgx

import podium.jax
from podium.core.registry import get_game
from podium.core.rng import Rng

SIZES = (1, 64, 1024, 4096, 65536)


def podium_loop(games: int) -> tuple[float, float, int]:
    game = get_game("golf")
    config = game.config({})
    steps = 0
    start, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        state = game.new_game(config, 2, seed)
        chooser = Rng(seed ^ 0xBE7C4)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[chooser.randbelow(len(legal))])
            steps += 1
    return time.process_time() - start, time.perf_counter() - wall, steps


def batch_player(env: Any, batch: int, steps: int) -> tuple[Callable[[Any, Any], Any], Any]:
    """A jitted `steps` batch steps of random legal play with auto-reset, and its first state."""
    init = jax.vmap(env.init)
    step = jax.vmap(env.step)

    def one(carry: Any, key: jax.Array) -> Any:
        state = carry
        k1, k2 = jax.random.split(key)
        logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
        action = jax.random.categorical(k1, logits, axis=-1)
        state = step(state, action)
        fresh = init(jax.random.split(k2, batch))
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(state.terminated.reshape((-1,) + (1,) * (a.ndim - 1)), a, b), fresh, state
        )
        return state, None

    @jax.jit
    def play(state: Any, key: jax.Array) -> Any:
        state, _ = jax.lax.scan(one, state, jax.random.split(key, steps))
        return state

    first = jax.jit(init)(jax.random.split(jax.random.PRNGKey(0), batch))
    return play, first


def timed(play: Callable[[Any, Any], Any], state: Any, seed: int) -> tuple[float, float, Any]:
    start, wall = time.process_time(), time.perf_counter()
    state = play(state, jax.random.PRNGKey(seed))
    jax.block_until_ready(state)
    return time.process_time() - start, time.perf_counter() - wall, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="games of podium's per-game loop per run")
    parser.add_argument("--work", type=int, default=1 << 19, help="steps per JAX run (batch × scanned steps)")
    args = parser.parse_args()
    golf = podium.jax.make("golf", players=2)
    leduc = pgx.make("leduc_holdem")
    players: dict[tuple[str, int], Any] = {}
    for size in args.sizes:
        steps = max(8, args.work // size)
        for name, env in (("golf", golf), ("leduc", leduc)):
            play, state = batch_player(env, size, steps)
            _, _, state = timed(play, state, 0)  # compiles
            players[name, size] = (play, state, steps * size)
    best: dict[Any, tuple[float, float]] = {}
    for run in range(args.repeat):
        cpu, wall, steps = podium_loop(args.games)
        best["podium"] = max(best.get("podium", (0.0, 0.0)), (steps / cpu, steps / wall))
        for (name, size), (play, before, work) in players.items():
            cpu, wall, after = timed(play, before, run + 1)
            players[name, size] = (play, after, work)
            best[name, size] = max(best.get((name, size), (0.0, 0.0)), (work / cpu, work / wall))
    base = best["podium"][0]
    wall = best["podium"][1]
    print(f"podium per-game random loop (2-player four-card Golf): {base:,.0f} steps/s CPU ({wall:,.0f} wall)")
    print(f"{'batch':>7} {'golf steps/s':>14} {'× podium':>9} {'leduc steps/s':>14} {'golf/leduc':>10}  (CPU; wall)")
    for size in args.sizes:
        g, lh = best["golf", size], best["leduc", size]
        print(
            f"{size:>7} {g[0]:>14,.0f} {g[0] / base:>9.1f} {lh[0]:>14,.0f} {g[0] / lh[0]:>10.2f}"
            f"  ({g[1]:,.0f}; {lh[1]:,.0f})"
        )


if __name__ == "__main__":
    main()
