"""Golf as a batch engine in JAX (the `jax` extra): a `pgx.Env` whose games step together under `jax.vmap`, built
by the spec's `jax` facet (`podium.jax.make("golf", players=…, rules=…)`; docs/rl.md, "Golf in JAX").

params.py: what a (config, player count) means, as constants and tables; engine.py: the batch state and the rules;
observe.py: the observation, element for element `podium.rl`'s encoder output; env.py: the `pgx.Env`.
Nothing here is imported by the rest of the game: the reference engine stays pure Python.
"""
