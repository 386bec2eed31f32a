"""The observations tell a seat exactly what its view tells it (issue 15's leak test): reshuffling what the seat
cannot know (`shuffle_hidden`, the conformance suite's ground truth) or sampling a world from its view
(`determinize`) never changes its observation, and two states whose views differ in what the observation encodes
(`Encoding.observed`, docs/rl.md) give different observations. Over many random states of every game."""

from __future__ import annotations

import re
from array import array
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from podium.core.contract import State
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.rl.base import Encoder, Encoding
from podium.rl.common import encoding_of, supported_games
from rl_support import CASES, label

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def encode(encoder: Encoder, state: State, seat: int) -> bytes:
    out = array("f", bytes(4 * encoder.size))
    encoder.encode(state, seat, out)
    return out.tobytes()


def random_states(game: str, players: int, rules: dict[str, Any], count: int, seed: int) -> list[State]:
    """States of random games, a few per game, from the start to the end."""
    engine = get_game(game)
    config = engine.config(rules)
    rng = Rng(seed)
    states: list[State] = []
    while len(states) < count:
        state = engine.new_game(config, players, rng.randbelow(1 << 30))
        while True:
            if rng.randbelow(8) == 0 or state.is_over:
                states.append(state.clone())
            if state.is_over or len(states) >= count:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    return states


@pytest.mark.parametrize(("game", "players", "rules"), CASES, ids=[label(c) for c in CASES])
def test_observation_is_the_view_and_all_of_it(game: str, players: int, rules: dict[str, Any]) -> None:
    encoding: Encoding = encoding_of(game)
    engine = get_game(game)
    encoder = encoding.encoder(engine.config(rules), players)
    low, high = (np.array(bound, dtype=np.float32) for bound in encoder.bounds())
    rng = Rng(99)
    previous: dict[int, tuple[Any, bytes]] = {}
    told: dict[tuple[int, bytes], str] = {}  # every observation met, with the observed view it came from
    compared = 0
    for index, state in enumerate(random_states(game, players, rules, 40 + 200 // players, seed=players)):
        for seat in range(players):
            view = state.view(seat)
            seen = encode(encoder, state, seat)
            values = np.frombuffer(seen, dtype=np.float32)
            assert np.all(values >= low) and np.all(values <= high), "an observation outside its bounds"
            # what the seat cannot know, reshuffled in every way the rules allow, changes nothing it observes
            if not state.is_over and index % 2 == 0:
                twin = engine.determinize(view, rng.spawn())
                assert encode(encoder, twin, seat) == seen, "the observation is not a function of the view"
            # the seat itself (its view must not change) and another viewer (the seat's view may change)
            for viewer in (seat, [None, *range(players)][rng.randbelow(players + 1)]):
                other = state.shuffle_hidden(viewer, rng.spawn())
                other_view = other.view(seat)
                other_seen = encode(encoder, other, seat)
                if other_view == view:
                    assert other_seen == seen, f"reshuffling what seat {seat} cannot know changed its observation"
                elif encoding.observed(other_view) != encoding.observed(view):
                    assert other_seen != seen, f"seat {seat}: views that differ, the same observation"
                    compared += 1
            # and states along a game, whose views differ, are told apart
            if seat in previous:
                old_view, old_seen = previous[seat]
                if encoding.observed(old_view) != encoding.observed(view):
                    assert old_seen != seen, f"seat {seat}: views that differ, the same observation"
                    compared += 1
            previous[seat] = (view, seen)
            observed = repr(encoding.observed(view))
            assert told.setdefault((seat, seen), observed) == observed, "two views, one observation"
    assert compared > 50


@pytest.mark.parametrize("game", supported_games())
def test_layout_is_documented(game: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(f"### {game}", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))
    engine = get_game(game)
    encoder = encoding_of(game).encoder(engine.config({}), engine.min_players)
    names = [feature.name for feature in encoder.layout()]
    assert sum(feature.size for feature in encoder.layout()) == encoder.size
    assert documented == set(names)


@pytest.mark.parametrize(("game", "players", "rules"), CASES, ids=[label(c) for c in CASES])
def test_refresh_writes_what_encode_writes(game: str, players: int, rules: dict[str, Any]) -> None:
    # The environments keep one buffer per seat and let the encoder rewrite only what changed since that seat's last
    # observation (`Encoder.refresh`): along random games, with seats observing at random moments (so that many
    # changes pile up between two observations) and the same buffers carried from one game into the next, every
    # refreshed observation is exactly the one written into zeros.
    engine = get_game(game)
    config = engine.config(rules)
    encoder = encoding_of(game).encoder(config, players)
    buffers = [array("f", bytes(4 * encoder.size)) for _ in range(players)]
    memos: list[list[Any]] = [[] for _ in range(players)]
    rng = Rng(7)
    checked = 0
    games = 0
    while checked < 300 or games < 3:
        games += 1
        state = engine.new_game(config, players, rng.randbelow(1 << 30))
        for step in range(300):
            for seat in range(players):
                if seat == state.current_player or rng.randbelow(4) == 0 or state.is_over:
                    encoder.refresh(state, seat, buffers[seat], memos[seat])
                    assert buffers[seat].tobytes() == encode(encoder, state, seat), f"seat {seat}, step {step}"
                    checked += 1
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
