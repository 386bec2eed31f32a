"""`learned:path=FILE.npz`: a Golf policy trained with PPO on the JAX batch engine (examples/train_golf_jax.py),
played greedily with numpy alone (no JAX at play time): the seat's observation is `podium.rl`'s encoder output,
the MLP's most likely legal action is played. docs/rl.md reports how it was trained and how it plays.

The observation is a function of the seat's view alone (the RL leak test checks it), so it is written from a world
sampled from the view (`determinize`): the bot never sees more than its view.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path
from typing import Any, ClassVar

from podium.agents.base import Agent, BotOption
from podium.core.contract import Action, Game, View
from podium.core.errors import PodiumError
from podium.games.golf.encoding import ENCODING

_LOADED: dict[str, tuple[dict[str, Any], list[Any]]] = {}


def load_policy(path: str) -> tuple[dict[str, Any], list[Any]]:
    """The saved policy at `path` (what it was trained on, and its layers' weights and biases), read once."""
    if path not in _LOADED:
        import numpy as np  # numpy only when a learned policy plays: the game's package stays pure Python

        if not path:
            raise PodiumError("the learned bot needs path=FILE.npz, a policy saved by examples/train_golf_jax.py")
        if not Path(path).is_file():
            raise PodiumError(f"learned: no policy file {path!r} (save one with examples/train_golf_jax.py)")
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(int(meta["layers"]))]
        if meta.get("game") != "golf":
            raise PodiumError(f"learned: {path!r} is a policy for {meta.get('game')!r}, not golf")
        _LOADED[path] = (meta, layers)
    return _LOADED[path]


class GolfLearned(Agent):
    name = "learned"
    description: ClassVar[str] = (
        "a policy learned with PPO on the JAX batch engine (examples/train_golf_jax.py), played greedily from its "
        "saved weights with numpy (path=FILE.npz); it plays the player count and variant it was trained on"
    )
    options: ClassVar[tuple[BotOption, ...]] = (
        BotOption("path", str, "the saved policy, a .npz file written by examples/train_golf_jax.py"),
    )

    def __init__(self, game: Game, seat: int, seed: int = 0, path: str = "") -> None:
        super().__init__(game, seat, seed)
        self.meta, self.layers = load_policy(path)
        self._encoders: dict[Any, Any] = {}

    def act(self, view: View, legal: list[Action]) -> Action:
        import numpy as np

        state = self.game.determinize(view, self.rng)
        key = (state.config, state.num_players)
        encoder = self._encoders.get(key)
        if encoder is None:
            encoder = self._encoders[key] = ENCODING.encoder(state.config, state.num_players)
            if encoder.size != self.layers[0][0].shape[0]:
                raise PodiumError(
                    f"learned: the policy was trained on {self.meta['players']} players with rules "
                    f"{self.meta['rules'] or 'the defaults'}; this game's observation has {encoder.size} numbers, "
                    f"the policy's {self.layers[0][0].shape[0]}"
                )
        buffer = array("f", bytes(4 * encoder.size))
        encoder.encode(state, self.seat, buffer)
        x = np.frombuffer(buffer, dtype=np.float32)
        for i, (weights, bias) in enumerate(self.layers):
            x = x @ weights + bias
            if i < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return max(legal, key=lambda action: float(x[action.id]))
