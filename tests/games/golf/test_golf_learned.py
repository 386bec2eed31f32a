"""The `learned` bot (podium.games.golf.bots.learned): a policy saved by examples/train_golf_jax.py, played with
numpy from its view through podium's ordinary bot interface (bot specs, simulations and tournaments), refusing a
missing or foreign file and a game its policy was not trained for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the learned bot needs numpy (the rl or jax extra)")

from podium.agents.base import make_agent  # noqa: E402
from podium.core.errors import PodiumError  # noqa: E402
from podium.games.golf.encoding import ENCODING  # noqa: E402
from podium.games.golf.game import GAME  # noqa: E402
from podium.sim.runner import play_game  # noqa: E402


def _policy(path: Path, players: int = 2, game: str = "golf", seed: int = 0) -> str:
    size = ENCODING.encoder(GAME.config({}), players).size
    rng = np.random.default_rng(seed)
    shapes = [(size, 16), (16, 16), (16, 23)]
    arrays = {}
    for i, (a, b) in enumerate(shapes):
        arrays[f"w{i}"] = rng.normal(size=(a, b)).astype(np.float32)
        arrays[f"b{i}"] = rng.normal(size=b).astype(np.float32)
    meta = {"game": game, "players": players, "rules": {}, "layers": 3}
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    return str(path)


def test_a_saved_policy_plays_whole_games(tmp_path: Path) -> None:
    path = _policy(tmp_path / "policy.npz")
    state, _, _ = play_game(GAME, GAME.config({"rounds": 2}), [f"learned:path={path}", "random"], seed=3)
    assert state.is_over
    # the same seed, the same game: the bot's choice is a function of its view
    again, _, _ = play_game(GAME, GAME.config({"rounds": 2}), [f"learned:path={path}", "random"], seed=3)
    assert again.to_dict() == state.to_dict()


def test_it_plays_the_most_likely_legal_action(tmp_path: Path) -> None:
    path = _policy(tmp_path / "policy.npz", seed=1)
    bot = make_agent(f"learned:path={path}", GAME, 0)
    state = GAME.new_game(GAME.config({}), 2, 5)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # past the peeks of seat 0: a start decision of several legal actions
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])
    legal = state.legal_actions()
    buffer = np.zeros(ENCODING.encoder(state.config, 2).size, dtype=np.float32)
    ENCODING.encoder(state.config, 2).encode(state, 0, buffer)
    with np.load(path) as data:
        x = buffer
        for i in range(3):
            x = x @ data[f"w{i}"] + data[f"b{i}"]
            x = np.maximum(x, 0.0) if i < 2 else x
    best = max(legal, key=lambda action: x[action.id])
    assert bot.act(state.view(0), legal) is best


def test_bad_files_and_games_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PodiumError, match=r"path=FILE\.npz"):
        make_agent("learned", GAME, 0)
    with pytest.raises(PodiumError, match="no policy file"):
        make_agent(f"learned:path={tmp_path / 'missing.npz'}", GAME, 0)
    foreign = _policy(tmp_path / "foreign.npz", game="athletic")
    with pytest.raises(PodiumError, match="not golf"):
        make_agent(f"learned:path={foreign}", GAME, 0)
    two = _policy(tmp_path / "two.npz")
    bot = make_agent(f"learned:path={two}", GAME, 0)
    state = GAME.new_game(GAME.config({}), 3, 1)
    with pytest.raises(PodiumError, match="trained on 2 players"):
        bot.act(state.view(0), state.legal_actions())
