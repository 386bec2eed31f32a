"""ISMCTS's anchored flat search (`anchor`): the game's default move (Golf: the heuristic's) is kept unless another
move beats it clearly on the paired samples."""

from __future__ import annotations

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.registry import get_game
from podium.core.rng import Rng

GOLF = get_game("golf")


def decisions(count: int) -> list[tuple[int, dict[str, object], list[object]]]:
    out = []
    rng = Rng(4)
    seed = 40
    while len(out) < count:
        state = GOLF.new_game(GOLF.config(), 2, seed)
        bots = [make_agent("heuristic", GOLF, p, seed) for p in range(2)]
        seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view, legal = state.view(p), state.legal_actions()
            if len(legal) > 2 and rng.randbelow(3) == 0:
                out.append((p, view, legal))
            state.apply(bots[p].act(view, legal))
    return out


def test_a_huge_anchor_keeps_the_heuristic_move_and_none_follows_the_samples() -> None:
    deviated = 0
    for i, (seat, view, legal) in enumerate(decisions(25)):
        heuristic = make_agent("heuristic", GOLF, seat, i).act(view, list(legal))
        anchored = make_agent("ismcts:iterations=60:depth=1:anchor=1000", GOLF, seat, i)
        assert anchored.act(view, list(legal)) is heuristic
        free = make_agent("ismcts:iterations=60:depth=1", GOLF, seat, i)
        assert isinstance(free, ISMCTS)
        chosen = free.act(view, list(legal))
        if free.last_iterations == 0:
            continue  # pruning left one move: nothing was searched
        assert free.last_root is not None
        best = max(free.last_root.children.values(), key=lambda ch: ch.reward)
        assert chosen is best.action  # without an anchor, the best mean reward
        deviated += chosen is not heuristic
    assert deviated > 0  # the samples do disagree with the heuristic sometimes: the anchor is what kept it
