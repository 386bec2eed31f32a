"""Olympicards' playout steps the engine (`state.step`) and the engine's `step` is `apply` without checks or events:
the playout's rewards on sampled worlds of every player count, with and without world records, from both sport sets,
are those its storage copy of the rules gave before it was deleted (recorded digests), and `step` leaves every world
where `apply` leaves it."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.core.rng import Rng
from podium.games.olympicards import GAME
from podium.games.olympicards.bots.playout import OlympicardsPlayout

VARIANTS = [
    ({}, 2),
    ({}, 3),
    ({}, 4),
    ({"world_record": True}, 5),
    ({"world_record": True}, 2),
    ({"sports": "test"}, 3),
    ({"sports": "test", "world_record": True}, 7),
]
IDS = [f"{o}-{n}p" for o, n in VARIANTS]

# sha256 of the rewards, points and hand sizes of `_playouts` for each variant, recorded with the storage playout of
# c05a417 (which played the rules on the state's private fields) before it gave way to the engine's `step`.
DIGESTS = {
    "{}-2p": "be0c425656ac6bfea8d7b38dd5d16fa916282cad03f26816de56c5feff620181",
    "{}-3p": "ff500632f76df4134f1aaa0136e4e2ae3bad382b1c03cfc80fbff606cb3f6ddd",
    "{}-4p": "24709553a83b2292651197096f4e12ee29cd9924476004b960ada49c28fe201e",
    "{'world_record': True}-5p": "6397d2a2580dea57fc08ccc43b4ce269a920c4a07c8f59cc297e062b41a57227",
    "{'world_record': True}-2p": "7fae318406077c34557397dfc389cb27927f81819319abed287b0d196f54e02d",
    "{'sports': 'test'}-3p": "84289019acd02eca3d22f0b40daa21308b3dfe7b0ef9cb96e57aee1d7eda0895",
    "{'sports': 'test', 'world_record': True}-7p": "4250824d5238efa6ea0974ff1e833847657a456180a87ecc26f151ca9575cfaf",
}


def _playouts(options: dict[str, Any], players: int) -> tuple[str, int]:
    """Seeded games between random bots; at every other decision, sampled worlds played out by `run` and, for each
    legal move, by `play` (the flat search's step, on a kept world, which must come back unchanged)."""
    config = GAME.config(options)
    rng = Rng(11)
    outcomes: list[Any] = []
    for seed in range(3):
        state = GAME.new_game(config, players, seed)
        bots = [make_agent("random", GAME, p, seed + p) for p in range(players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if rng.randbelow(2) == 0:
                sample = GAME.determinizer(view)
                for k in range(2):
                    world = sample(Rng(seed * 100 + k))
                    playout = OlympicardsPlayout()
                    playout.prepare(view)
                    trial = world.clone()
                    outcomes.append(playout.run(trial, Rng(len(outcomes))))
                    outcomes.append([(trial.points(q), trial.hand_size(q)) for q in range(players)])
                    before = world.to_dict()
                    for action in world.legal_actions():
                        outcomes.append(playout.play(world, action, Rng(len(outcomes)), True))
                    assert world.to_dict() == before
            state.apply(bots[p].act(view, state.legal_actions()))
    return hashlib.sha256(repr(outcomes).encode()).hexdigest(), len(outcomes)


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=IDS)
def test_the_playout_gives_the_recorded_rewards(options: dict[str, Any], players: int) -> None:
    digest, count = _playouts(options, players)
    assert count > 100
    assert digest == DIGESTS[f"{options}-{players}p"]


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=IDS)
def test_a_step_leaves_the_state_apply_leaves(options: dict[str, Any], players: int) -> None:
    """`step` (the searches' walk and playouts) leaves every sampled world in the state `apply` leaves it in, for
    every legal move, and so along random walks of several moves."""
    config = GAME.config(options)
    rng = Rng(13)
    compared = 0
    for seed in range(3):
        state = GAME.new_game(config, players, seed)
        bots = [make_agent("random", GAME, p, seed + p) for p in range(players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if rng.randbelow(3) == 0:
                world = GAME.determinizer(view)(Rng(seed))
                for action in world.legal_actions():
                    stepped, applied = world.clone(), world.clone()
                    stepped.step(action)
                    applied.apply(action)
                    for _ in range(4):
                        assert stepped.to_dict() == applied.to_dict()
                        if applied.is_over:
                            break
                        legal = applied.legal_actions()
                        assert [a.id for a in stepped.legal_actions()] == [a.id for a in legal]
                        move = legal[rng.randbelow(len(legal))]
                        stepped.step(move)
                        applied.apply(move)
                    compared += 1
            state.apply(bots[p].act(view, state.legal_actions()))
    assert compared > 100
