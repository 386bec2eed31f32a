"""Train a Golf policy with PPO on the JAX batch engine (flax, optax), in one command; JAX is left only to report.

Needs the `jax` extra: `pip install -e '.[jax]'`. Run from the repository:

    .venv/bin/python examples/train_golf_jax.py --minutes 50 --out golf_policy.npz
    .venv/bin/python examples/train_golf_jax.py --minutes 2 --envs 64 --out /tmp/quick.npz   # a quick look

Two-player four-card Golf, default rules (nine holes). The learner plays seat 0 or 1 (drawn per game) against an
opponent inside JAX: an earlier copy of itself (refreshed every `--refresh` updates), with a share of games against
the uniform random policy. Its reward is the final utility (+1 win, -1 loss, 0 tie) plus, at each round's end, the
round's margin (the opponent's score minus its own, / 40): the game is won by the sum of the rounds' margins, so the
dense part points where the sparse one does. Every `--save-every` minutes the policy is saved (`--out`, with
`.<minutes>m` before the suffix), and the log (one JSON line per update: steps, mean reward, episodes' utility,
losses) is written beside it as `.log.jsonl`.

The saved policy is plain numpy (`np.savez`): the MLP's weights and the game, players and rules it was trained on.
`podium play golf --bots learned:path=golf_policy.npz` (and tournaments, the browser's bots) play it without JAX
(`podium.games.golf.bots.learned`); evaluate it against podium's real bots with `podium tournament`.
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial
from pathlib import Path
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax

import podium.jax

PLAYERS = 2
RULES: dict[str, Any] = {}
MARGIN_SCALE = 40.0


class Policy(nn.Module):
    """Two hidden layers shared by the policy's logits and the value (the numpy bot reads the same weights)."""

    hidden: int = 256
    actions: int = 23

    @nn.compact
    def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        x = nn.relu(nn.Dense(self.hidden, name="hidden_0")(x))
        x = nn.relu(nn.Dense(self.hidden, name="hidden_1")(x))
        logits = nn.Dense(self.actions, name="logits", kernel_init=nn.initializers.orthogonal(0.01))(x)
        value = nn.Dense(1, name="value", kernel_init=nn.initializers.orthogonal(1.0))(x)
        return logits, value[..., 0]


def masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, -1e9)


def build(args: argparse.Namespace) -> dict[str, Any]:
    env = podium.jax.make("golf", players=PLAYERS, rules=RULES)
    net = Policy()

    def opponent_action(opp_params: Any, state: Any, key: jax.Array, random_game: jax.Array) -> jax.Array:
        logits, _ = net.apply(opp_params, state.observation)
        logits = jnp.where(random_game, 0.0, logits)
        return jax.random.categorical(key, masked(logits, state.legal_action_mask))

    def until_learner(opp_params: Any, state: Any, seat: jax.Array, key: jax.Array, random_game: jax.Array) -> Any:
        """The opponent's moves, inside JAX, until the learner is to move or the game is over."""

        def waiting(carry: Any) -> jax.Array:
            s, _ = carry
            return ~s.terminated & (s.current_player != seat)

        def move(carry: Any) -> Any:
            s, k = carry
            k, sub = jax.random.split(k)
            return env.step(s, opponent_action(opp_params, s, sub, random_game)), k

        state, _ = jax.lax.while_loop(waiting, move, (state, key))
        return state

    def reset(opp_params: Any, key: jax.Array) -> tuple[Any, jax.Array, jax.Array]:
        k1, k2, k3, k4 = jax.random.split(key, 4)
        seat = jax.random.randint(k2, (), 0, PLAYERS)
        random_game = jax.random.uniform(k4) < args.random_share
        state = until_learner(opp_params, env.init(k1), seat, k3, random_game)
        return state, seat, random_game

    def margin(state: Any, seat: jax.Array) -> jax.Array:
        totals = state.totals
        return (totals.sum() - PLAYERS * totals[seat]) / (PLAYERS - 1)

    def env_step(opp_params: Any, carry: Any, action: jax.Array, key: jax.Array) -> tuple[Any, jax.Array, jax.Array]:
        state, seat, random_game = carry
        before = margin(state, seat)
        k1, k2 = jax.random.split(key)
        stepped = env.step(state, action)
        outcome = stepped.rewards[seat]
        stepped = until_learner(opp_params, stepped, seat, k1, random_game)
        outcome = jnp.where(stepped.terminated, stepped.rewards[seat], 0.0) + outcome
        reward = outcome + (margin(stepped, seat) - before) / MARGIN_SCALE
        done = stepped.terminated
        fresh = reset(opp_params, k2)
        new = jax.tree_util.tree_map(lambda a, b: jnp.where(done, a, b), fresh, (stepped, seat, random_game))
        return new, reward, jnp.stack([done.astype(jnp.float32), jnp.where(done, outcome, 0.0)])

    return {"env": env, "net": net, "reset": reset, "env_step": env_step}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=50.0, help="training time (wall clock)")
    parser.add_argument("--envs", type=int, default=512)
    parser.add_argument("--steps", type=int, default=64, help="learner steps per environment per update")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--refresh", type=int, default=10, help="updates between copies of the opponent")
    parser.add_argument("--random-share", type=float, default=0.2, help="share of games against random")
    parser.add_argument("--save-every", type=float, default=10.0, help="minutes between saved policies")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("golf_policy.npz"))
    args = parser.parse_args()

    parts = build(args)
    env, net = parts["env"], parts["net"]
    key = jax.random.PRNGKey(args.seed)
    key, init_key = jax.random.split(key)
    params = net.init(init_key, jnp.zeros(env.observation_shape))
    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(args.lr, eps=1e-5))
    opt_state = optimizer.init(params)
    opp_params = params

    reset = jax.jit(jax.vmap(parts["reset"], in_axes=(None, 0)))
    key, sub = jax.random.split(key)
    carry = reset(opp_params, jax.random.split(sub, args.envs))

    @jax.jit
    def rollout(params: Any, opp_params: Any, carry: Any, key: jax.Array) -> Any:
        def one(c: Any, k: jax.Array) -> Any:
            state = c[0]
            k1, k2 = jax.random.split(k)
            logits, value = net.apply(params, state.observation)
            logits = masked(logits, state.legal_action_mask)
            action = jax.random.categorical(k1, logits)
            logp = jax.nn.log_softmax(logits)[jnp.arange(args.envs), action]
            step = jax.vmap(partial(parts["env_step"], opp_params))
            new, reward, info = step(c, action, jax.random.split(k2, args.envs))
            record = (state.observation, state.legal_action_mask, action, logp, value, reward, info[:, 0], info[:, 1])
            return new, record

        carry, records = jax.lax.scan(one, carry, jax.random.split(key, args.steps))
        _, last_value = net.apply(params, carry[0].observation)
        return carry, records, last_value

    def advantages(rewards: Any, values: Any, dones: Any, last: Any) -> tuple[Any, Any]:
        def back(gae_next: Any, x: Any) -> Any:
            r, v, v_next, d = x
            delta = r + args.gamma * v_next * (1 - d) - v
            gae = delta + args.gamma * args.lam * (1 - d) * gae_next
            return gae, gae

        next_values = jnp.concatenate([values[1:], last[None]], axis=0)
        _, adv = jax.lax.scan(back, jnp.zeros_like(last), (rewards, values, next_values, dones), reverse=True)
        return adv, adv + values

    def loss(params: Any, batch: Any) -> Any:
        obs, mask, action, old_logp, adv, ret = batch
        logits, value = net.apply(params, obs)
        logp_all = jax.nn.log_softmax(masked(logits, mask))
        logp = jnp.take_along_axis(logp_all, action[:, None], axis=1)[:, 0]
        ratio = jnp.exp(logp - old_logp)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        policy = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - args.clip, 1 + args.clip) * adv).mean()
        entropy = -(jnp.where(mask, jnp.exp(logp_all) * logp_all, 0.0)).sum(axis=1).mean()
        value_loss = 0.5 * ((value - ret) ** 2).mean()
        return policy + 0.5 * value_loss - args.entropy * entropy, (policy, value_loss, entropy)

    @jax.jit
    def update(params: Any, opt_state: Any, records: Any, last_value: Any, key: jax.Array) -> Any:
        obs, mask, action, logp, value, reward, done, _ = records
        adv, ret = advantages(reward, value, done, last_value)
        flat = jax.tree_util.tree_map(lambda x: x.reshape(-1, *x.shape[2:]), (obs, mask, action, logp, adv, ret))
        size = args.steps * args.envs

        def epoch(c: Any, k: jax.Array) -> Any:
            order = jax.random.permutation(k, size).reshape(args.minibatches, -1)

            def minibatch(c: Any, idx: Any) -> Any:
                p, o = c
                (_, aux), grads = jax.value_and_grad(loss, has_aux=True)(
                    p, jax.tree_util.tree_map(lambda x: x[idx], flat)
                )
                updates, o = optimizer.update(grads, o, p)
                return (optax.apply_updates(p, updates), o), aux

            return jax.lax.scan(minibatch, c, order)

        (params, opt_state), aux = jax.lax.scan(epoch, (params, opt_state), jax.random.split(key, args.epochs))
        return params, opt_state, jax.tree_util.tree_map(jnp.mean, aux)

    log_path = args.out.with_suffix(".log.jsonl")
    log = log_path.open("w")
    start = time.time()
    cpu_start = time.process_time()
    next_save = args.save_every
    updates = steps = 0
    while True:
        elapsed = (time.time() - start) / 60
        if elapsed >= args.minutes:
            break
        key, k1, k2 = jax.random.split(key, 3)
        carry, records, last_value = rollout(params, opp_params, carry, k1)
        params, opt_state, aux = update(params, opt_state, records, last_value, k2)
        updates += 1
        steps += args.steps * args.envs
        if updates % args.refresh == 0:
            opp_params = params
        done, outcome = np.asarray(records[6]), np.asarray(records[7])
        games = float(done.sum())
        entry = {
            "update": updates, "learner_steps": steps, "minutes": round((time.time() - start) / 60, 2),
            "cpu_minutes": round((time.process_time() - cpu_start) / 60, 2),
            "mean_reward": float(np.asarray(records[5]).mean()), "games": games,
            "mean_utility": float(outcome.sum() / max(games, 1.0)),
            "policy_loss": float(aux[0]), "value_loss": float(aux[1]), "entropy": float(aux[2]),
        }  # fmt: skip
        log.write(json.dumps(entry) + "\n")
        log.flush()
        if entry["minutes"] >= next_save:
            save(params, args.out.with_suffix(f".{int(next_save)}m.npz"))
            next_save += args.save_every
    save(params, args.out)
    print(json.dumps({"updates": updates, "learner_steps": steps, "minutes": (time.time() - start) / 60,
                      "out": str(args.out)}))  # fmt: skip


def save(params: Any, path: Path) -> None:
    """The policy as plain numpy: each layer's kernel and bias, in order, and what it was trained on."""
    layers = params["params"]
    arrays = {}
    for i, name in enumerate(("hidden_0", "hidden_1", "logits")):
        arrays[f"w{i}"] = np.asarray(layers[name]["kernel"], dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(layers[name]["bias"], dtype=np.float32)
    meta = {"game": "golf", "players": PLAYERS, "rules": RULES, "layers": 3}
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)


if __name__ == "__main__":
    main()
