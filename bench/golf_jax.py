"""Batch random play of Golf in JAX (podium.jax) against podium's per-game random loop and pgx's `leduc_holdem`,
measured in the same run (issue 33).

Two-player four-card Golf, default rules. The baseline is podium's per-game loop: `legal_actions()`, a uniformly
random choice (`Rng.randbelow`), `apply()`, over whole games. The JAX side is what pgx users write:
`jax.jit(jax.vmap(env.step))` of a uniformly random legal action (`random_legal`), games that end dealt again
(`batch_player`'s three resets; each environment's best counts), `--work // batch` batch steps scanned inside one
jitted call after `--warmup` untimed ones; pgx's leduc hold'em is played by the same code. Each side's figure is
steps (decisions) per second of CPU time of this process (`time.process_time`: the machine is shared, waiting for a
core is not the code's cost; XLA's threads are counted), the best of `--repeat` interleaved runs. Wall-clock figures
are printed beside them. `--cores 1` keeps XLA's threads on one core.

    .venv/bin/python bench/golf_jax.py                 # batch sizes 1, 64, 1024, 4096, 65536; a few minutes
    .venv/bin/python bench/golf_jax.py --sizes 1024 4096 --repeat 2
    .venv/bin/python bench/golf_jax.py --sizes 4096 --cores 1     # XLA's threads on one core, as podium's loop
"""

from __future__ import annotations

import argparse
import os
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
RESETS = ("all", "done", "fit")


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


def random_legal(key: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal action per game: the k-th legal id for k uniform below their count, from one random
    word per game. The mask (≤ 32 actions) is packed into a word and its k-th set bit found by a binary search of
    population counts. Cheaper choosers first: `jax.random.categorical` (pgx's `act_randomly`) draws a Gumbel number
    per action, which cost more than Golf's whole step; `jax.random.randint` and a cumulative sum over the mask cost
    ~400 ns a game at 4,096 games, as much as Golf's rules; this ~60 ns. The chooser is the same for both
    environments."""
    actions = mask.shape[-1]
    assert actions <= 32, "one word per game"
    word = jnp.sum(jnp.where(mask, jnp.uint32(1) << jnp.arange(actions, dtype=jnp.uint32), jnp.uint32(0)), axis=-1,
                   dtype=jnp.uint32)  # fmt: skip
    count = jax.lax.population_count(word)
    bits = jax.random.bits(key, count.shape, dtype=jnp.uint32)
    # k = floor(bits × count / 2³²) in 32-bit arithmetic: uniform below count up to count / 2³²
    k = ((bits >> 16) * count + (((bits & jnp.uint32(0xFFFF)) * count) >> 16)) >> 16
    place = jnp.zeros_like(word)
    for width in (16, 8, 4, 2, 1):
        low = jax.lax.population_count(word & jnp.uint32((1 << width) - 1))
        up = k >= low
        k = jnp.where(up, k - low, k)
        word = jnp.where(up, word >> width, word)
        place = place + jnp.where(up, jnp.uint32(width), jnp.uint32(0))
    return place.astype(jnp.int32)


def batch_player(env: Any, batch: int, steps: int, reset: str) -> tuple[Callable[[Any, Any], Any], Any]:
    """A jitted `steps` batch steps of random legal play, and its first state; the jitted call returns the state
    and the number of steps taken by games not yet over (the steps counted). `reset` says how games that end are
    dealt again: `all` as pgx's `auto_reset` does (`init` for every game at every step, the finished ones taking
    it); `done` only the games that ended, up to `batch // 8 + 1` a step, compacted (one that ends beyond them
    waits a step, and its idle step is not counted); `fit` exactly the games that ended, as many fresh games as the
    smallest power of 4 (or the batch) that holds them, the size chosen by `lax.switch` at run time. Which is
    cheapest depends on how many games end a step: Golf's few, leduc's many."""
    init = jax.vmap(env.init)
    step = jax.vmap(env.step)
    spare = batch // 8 + 1
    sizes = sorted({min(batch, 4**k) for k in range(1, 12)})

    def refill(size: int) -> Callable[[Any, jax.Array], Any]:
        def into(state: Any, key: jax.Array) -> Any:
            ended = jnp.nonzero(state.terminated, size=size, fill_value=batch)[0]  # `batch`: no game, dropped
            fresh = init(jax.random.split(key, size))
            return jax.tree_util.tree_map(lambda a, b: a.at[ended].set(b, mode="drop"), state, fresh)

        return into

    def one(carry: Any, key: jax.Array) -> Any:
        state, taken = carry
        k1, k2 = jax.random.split(key)
        taken = taken + jnp.sum(~state.terminated)
        state = step(state, random_legal(k1, state.legal_action_mask))
        if reset == "all":
            fresh = init(jax.random.split(k2, batch))
            state = jax.tree_util.tree_map(
                lambda a, b: jnp.where(state.terminated.reshape((-1,) + (1,) * (a.ndim - 1)), a, b), fresh, state
            )
        elif reset == "done":
            state = refill(spare)(state, k2)
        else:
            which = jnp.searchsorted(jnp.asarray(sizes), jnp.sum(state.terminated))
            state = jax.lax.switch(which, [refill(size) for size in sizes], state, k2)
        return (state, taken), None

    @jax.jit
    def play(state: Any, key: jax.Array) -> Any:
        (state, taken), _ = jax.lax.scan(one, (state, jnp.int32(0)), jax.random.split(key, steps))
        return state, taken

    first = jax.jit(init)(jax.random.split(jax.random.PRNGKey(0), batch))
    return play, first


def timed(play: Callable[[Any, Any], Any], state: Any, seed: int) -> tuple[float, float, Any, int]:
    start, wall = time.process_time(), time.perf_counter()
    state, taken = play(state, jax.random.PRNGKey(seed))
    jax.block_until_ready(state)
    return time.process_time() - start, time.perf_counter() - wall, state, int(taken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="games of podium's per-game loop per run")
    parser.add_argument("--work", type=int, default=1 << 19, help="steps per JAX run (batch × scanned steps)")
    parser.add_argument(
        "--warmup", type=int, default=400, help="batch steps played before the timed runs, so that games end at their "
        "steady rate (a Golf game takes ~100 steps, a leduc game a few; all the batch's games start together)"
    )  # fmt: skip
    parser.add_argument(
        "--cores", type=int, default=0, help="run on this many of the allowed cores (default all): XLA's threads "
        "then share them, as podium's one-threaded loop has one"
    )  # fmt: skip
    args = parser.parse_args()
    allowed = sorted(os.sched_getaffinity(0))
    if not 0 <= args.cores <= len(allowed):
        parser.error(f"--cores must be between 1 and the {len(allowed)} cores this process may use, not {args.cores}")
    if args.cores:  # every thread of the process (importing jax and pgx started some); later ones inherit it
        for task in os.listdir("/proc/self/task"):
            os.sched_setaffinity(int(task), allowed[: args.cores])
    golf = podium.jax.make("golf", players=2)
    leduc = pgx.make("leduc_holdem")
    players: dict[tuple[str, int, str], Any] = {}
    for size in args.sizes:
        steps = max(8, args.work // size)
        for name, env in (("golf", golf), ("leduc", leduc)):
            for reset in RESETS:
                play, state = batch_player(env, size, steps, reset)
                for warm in range(max(1, -(-args.warmup // steps))):  # the first run compiles
                    _, _, state, _ = timed(play, state, 1000 + warm)
                players[name, size, reset] = (play, state)
    best: dict[Any, tuple[float, float]] = {}
    for run in range(args.repeat):
        cpu, wall, steps = podium_loop(args.games)
        best["podium"] = max(best.get("podium", (0.0, 0.0)), (steps / cpu, steps / wall))
        for key, (play, before) in players.items():
            cpu, wall, after, taken = timed(play, before, run + 1)
            players[key] = (play, after)
            best[key] = max(best.get(key, (0.0, 0.0)), (taken / cpu, taken / wall))
    base = best["podium"][0]
    wall = best["podium"][1]
    print(f"podium per-game random loop (2-player four-card Golf): {base:,.0f} steps/s CPU ({wall:,.0f} wall)")
    print("steps/s CPU (wall) with games reset as pgx's auto_reset (all), where done up to an eighth (done) and as")
    print("many as ended (fit); each environment's best of the three is compared")
    heads = " ".join(f"{f'{name} {reset}':>20}" for name in ("golf", "leduc") for reset in RESETS)
    print(f"{'batch':>7} {heads} {'× podium':>9} {'golf/leduc':>10}")
    for size in args.sizes:
        cells = [best[name, size, reset] for name in ("golf", "leduc") for reset in RESETS]
        golf_best = max(cpu for cpu, _ in cells[: len(RESETS)])
        leduc_best = max(cpu for cpu, _ in cells[len(RESETS) :])
        text = " ".join(f"{f'{cpu:,.0f} ({w:,.0f})':>20}" for cpu, w in cells)
        print(f"{size:>7} {text} {golf_best / base:>9.1f} {golf_best / leduc_best:>10.2f}")


if __name__ == "__main__":
    main()
