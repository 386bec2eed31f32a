"""Olympicards' playout steps the engine (`state.step`) and the engine's `step` is `apply` without checks or events:
the playout's rewards on sampled worlds of every player count, with and without world records, from both sport sets,
are those its storage copy of the rules gave before it was deleted (recorded digests), and `step` leaves every world
where `apply` leaves it."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from oly_helpers import decisions

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
    "{}-2p": "4a29de34f1ab6d5807a3ea7ee1aee6d67aecc72e52027b21d4e83c183d3b9523",
    "{}-3p": "3f07864ed0e1e4437c055cd30f381a65ce6322d8a36b0017c06c6454bf4f5141",
    "{}-4p": "5eb3608ebcd50f462f6c2955a963c7cb22c4b81dc5b77751bdcc2804a9960838",
    "{'world_record': True}-5p": "18e6750f4ed8ab4a4e0d8d7a034fd59d7c79274c9ffd51c4e553e42293182943",
    "{'world_record': True}-2p": "a1d91875bb48053c14275c2af53fff435ba7402f4da8751f1864bfee3e148fa2",
    "{'sports': 'test'}-3p": "f14236f88fd2e182bb95ef4858ffd1ded9a88ef5a3f7447962587aea55ecc145",
    "{'sports': 'test', 'world_record': True}-7p": "4452cb39ae6905c8698b928827e366f69d772ee55b587d3fd9fcbf15fe14989a",
}


def _playouts(options: dict[str, Any], players: int) -> tuple[str, int]:
    """At every other decision, sampled worlds played out by `run` and, for each legal move, by `play` (the flat
    search's step, on a kept world, which must come back unchanged)."""
    outcomes: list[Any] = []
    for view in decisions(options, players, 11, 2, 3):
        sample = GAME.determinizer(view)
        for k in range(2):
            world = sample(Rng(len(outcomes) * 100 + k))
            playout = OlympicardsPlayout()
            playout.prepare(view)
            trial = world.clone()
            outcomes.append(playout.run(trial, Rng(len(outcomes))))
            outcomes.append([(trial.points(q), trial.hand_size(q)) for q in range(players)])
            before = world.to_dict()
            for action in world.legal_actions():
                outcomes.append(playout.play(world, action, Rng(len(outcomes)), True))
            assert world.to_dict() == before
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
    rng = Rng(14)
    compared = 0
    for view in decisions(options, players, 13, 3, 3):
        world = GAME.determinizer(view)(Rng(compared))
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
    assert compared > 100
