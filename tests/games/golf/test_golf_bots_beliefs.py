"""Golf's weighted sampler for the search (`bots/beliefs.py`): the worlds it deals show the searching seat exactly its
view, hold one deck, and deal an opponent's privately seen cards low, as players keep them (G-7: only the owner
knows such a card, so the viewer can only guess it)."""

from __future__ import annotations

from statistics import fmean
from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.bots.beliefs import WEIGHTS, BeliefSampler, belief_sampler, turn_bucket, value_index
from podium.games.golf.bots.playout import GolfPlayout
from podium.games.golf.cards import DECK_SIZE, parse_card
from podium.games.golf.config import STANDARD_VALUES
from podium.games.golf.rules import OWNER
from podium.games.golf.scoring import card_values
from podium.games.golf.view import GolfView, as_golf_view, card_values_of


def views_of(options: dict[str, Any], count: int, seed: int) -> list[tuple[int, GolfView]]:
    """`count` decision views from seeded two- and three-player games of varied bots."""
    names = ["heuristic", "random", "heuristic-v1"]
    out: list[tuple[int, GolfView]] = []
    game_seed = seed
    while len(out) < count:
        n = 2 + game_seed % 2
        state = GAME.new_game(GAME.config(options, rounds=2), n, game_seed)
        bots = [make_agent(names[(game_seed + p) % 3], GAME, p, game_seed + p) for p in range(n)]
        game_seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            out.append((p, as_golf_view(view)))
            state.apply(bots[p].act(view, state.legal_actions()))
    return out


VARIANTS = [
    ("default", {}),
    ("near-after", {"peek": "near", "knock": "after"}),
    ("values", {"values": "A=-2,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,T=10,J=15,Q=15,K=0"}),
]


@pytest.mark.parametrize(("label", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_a_sampled_world_shows_the_same_view_and_one_deck(label: str, options: dict[str, Any]) -> None:
    rng = Rng(3)
    weighted = 0
    for seat, view in views_of(options, 240, seed=11):
        sample = belief_sampler(view)
        if sample is None:
            continue
        weighted += 1
        for _ in range(3):
            world = sample(rng)
            assert world.view(seat) == view
            assert sorted(world.all_cards()) == list(range(DECK_SIZE))
    assert weighted > 100  # most decisions after the peeks have an opponent's privately seen card to deal


def test_only_four_card_views_with_a_privately_seen_opponent_card_are_weighted() -> None:
    six = views_of({"variant": "six"}, 60, seed=5)
    assert all(belief_sampler(view) is None for _, view in six)  # G-8: a card is face up or face down
    opening = GAME.new_game(GAME.config({}), 2, 1)  # before the peeks (G-3.3) nobody has seen a card
    assert belief_sampler(as_golf_view(opening.view(0))) is None
    # The playout searches four-card Golf through it, and the rest through the game's own determinizer.
    state = GAME.new_game(GAME.config({"peek": "near"}), 2, 1)
    view = state.view(0)
    assert isinstance(GolfPlayout().sampler(GAME, view), BeliefSampler)
    assert not isinstance(GolfPlayout().sampler(GAME, six[-1][1]), BeliefSampler)


def test_an_opponents_privately_seen_cards_are_dealt_low_after_some_turns() -> None:
    # Positions where the opponent has had several turns and holds cards only they have seen: in the weighted worlds
    # those cards average well below the viewer's unseen cards; `determinize` deals them at that average.
    rng = Rng(9)
    weighted: list[float] = []
    uniform: list[float] = []
    unseen_means: list[float] = []
    for seat, view in views_of({}, 800, seed=21):
        if view["round_turns"] < 8 or view["num_players"] != 2:
            continue
        q = 1 - seat
        slots = [s for s in range(4) if view["owner_knows"][q][s] and not view["public"][q][s]]
        sample = belief_sampler(view)
        if not slots or sample is None:
            continue
        values = card_values_of(view)
        for _ in range(20):
            world = sample(rng)
            weighted.extend(values[world.hands[q * 4 + s]] for s in slots)
            assert all(world.known[q * 4 + s] == OWNER for s in slots)
            plain = GAME.determinize(view, rng)
            uniform.extend(values[plain.hands[q * 4 + s]] for s in slots)
        shown = {parse_card(t) for hand in view["hands"] for t in hand if t is not None}
        shown |= {parse_card(t) for t in view["discard"]}
        unseen_means.append(fmean(values[c] for c in range(DECK_SIZE) if c not in shown))
    assert len(weighted) > 400
    assert fmean(uniform) == pytest.approx(fmean(unseen_means), abs=0.5)
    assert fmean(weighted) < fmean(uniform) - 2.5


def test_the_weights_favour_low_cards_more_as_the_round_goes_on() -> None:
    assert turn_bucket(0) == 0 and turn_bucket(1) == 1 and turn_bucket(3) == 2 and turn_bucket(6) == 3
    assert turn_bucket(40) == 4
    for row in WEIGHTS[0]:  # before the owner's first turn a peeked card is any card
        assert all(w == pytest.approx(1.0, abs=0.1) for w in row)
    for bucket in WEIGHTS[1:]:
        for row in bucket:
            if set(row) != {1.0}:  # a row no simulated position reached stays neutral
                assert row[1] > row[10]  # an ace is likelier to be kept than a ten
    late = WEIGHTS[4][1]
    assert late[2] > 2.0 and late[9] < 0.05
    # Other value tables map onto the standard columns by rank of value.
    assert value_index(card_values(STANDARD_VALUES)) == list(card_values(STANDARD_VALUES))
    scaled = value_index([-2, 0, 15])
    assert scaled == [0, 1, 10]


def test_the_sampler_is_seeded() -> None:
    view = next(v for _, v in views_of({}, 200, seed=31) if belief_sampler(v) is not None)
    one, two = BeliefSampler(view), BeliefSampler(view)
    assert one(Rng(4)).to_dict() == two(Rng(4)).to_dict()
    assert one(Rng(4)).to_dict() != one(Rng(5)).to_dict()
