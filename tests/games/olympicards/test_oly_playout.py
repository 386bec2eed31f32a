"""Olympicards' playout on the sampled world's storage (issue 13 target 6) gives exactly what the same policy gives
through `apply`: the same rewards, points and cards in hand, on worlds sampled from every player count, with and
without world records, from both sport sets."""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.agents.playouts import Playout
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


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=[f"{o}-{n}p" for o, n in VARIANTS])
def test_the_playout_on_storage_plays_as_through_the_engine(options: dict[str, Any], players: int) -> None:
    config = GAME.config(options)
    rng = Rng(11)
    compared = 0
    for seed in range(4):
        state = GAME.new_game(config, players, seed)
        bots = [make_agent("random", GAME, p, seed + p) for p in range(players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if rng.randbelow(2) == 0:
                sample = GAME.determinizer(view)
                for k in range(3):
                    world = sample(Rng(seed * 100 + k))
                    results = []
                    for through_engine in (False, True):
                        playout = OlympicardsPlayout(through_engine)
                        playout.prepare(view)
                        trial = world.clone()
                        rewards = playout.run(trial, Rng(compared))
                        seats = range(players)
                        results.append((rewards, [trial.points(q) for q in seats], [trial.hand_size(q) for q in seats]))
                    assert results[0] == results[1]
                    compared += 1
            state.apply(bots[p].act(view, state.legal_actions()))
    assert compared > 100


@pytest.mark.parametrize(("options", "players"), VARIANTS[:5], ids=[f"{o}-{n}p" for o, n in VARIANTS[:5]])
def test_a_searched_move_on_storage_scores_as_through_the_engine(options: dict[str, Any], players: int) -> None:
    """The search's step, `OlympicardsPlayout.play` (a play or a withdrawal made on the storage, then the playout),
    gives the rewards of the move applied by the engine and the policy played through it, for every legal move; with
    `keep` the world is left as it was."""
    config = GAME.config(options)
    rng = Rng(12)
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
                before = world.to_dict()
                playout = OlympicardsPlayout()
                playout.prepare(view)
                engine = OlympicardsPlayout(through_engine=True)
                engine.prepare(view)
                for action in world.legal_actions():
                    expected = Playout.play(engine, world, action, Rng(compared), True)
                    assert playout.play(world, action, Rng(compared), True) == expected
                    assert world.to_dict() == before
                    compared += 1
            state.apply(bots[p].act(view, state.legal_actions()))
    assert compared > 100


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=[f"{o}-{n}p" for o, n in VARIANTS])
def test_a_step_on_storage_leaves_the_state_apply_leaves(options: dict[str, Any], players: int) -> None:
    """`OlympicardsPlayout.step` (the tree search's walk) leaves every world in the state `apply` leaves it in, for
    every legal move, and so along random walks of several moves."""
    config = GAME.config(options)
    rng = Rng(13)
    compared = 0
    playout = OlympicardsPlayout()
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
                    playout.step(stepped, action)
                    applied.apply(action)
                    for _ in range(4):
                        assert stepped.to_dict() == applied.to_dict()
                        if applied.is_over:
                            break
                        legal = applied.legal_actions()
                        assert [a.id for a in stepped.legal_actions()] == [a.id for a in legal]
                        move = legal[rng.randbelow(len(legal))]
                        playout.step(stepped, move)
                        applied.apply(move)
                    compared += 1
            state.apply(bots[p].act(view, state.legal_actions()))
    assert compared > 100
