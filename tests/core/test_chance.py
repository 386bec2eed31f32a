"""Explicit chance (podium.core.chance, issue 16): with the `chance` option every card a shuffle deals is a chance
node, and the deals follow the same law as the seeded generator's."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from game_support import sample_chance
from podium.core.chance import ChanceState, Deal, deal, deal_from_json, parse_deal
from podium.core.contract import CHANCE
from podium.core.errors import MalformedAction, RecordError
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng, chance_script_active

# every installed game with the `chance` option
GAMES = [name for name in game_names() if "chance" in {o.name for o in get_game(name).config_type.options()}]


@pytest.mark.parametrize("name", GAMES)
def test_the_option_makes_the_deal_chance_nodes(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.config(chance=True), 2, 7)
    assert isinstance(state, ChanceState)
    assert state.current_player == CHANCE and state.is_chance() and not state.is_over
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == state.legal_actions()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len(outcomes) <= game.max_chance_outcomes(state.config)
    # The first card of the deal is any card of the deck, by its copies.
    deck = Counter(state.all_cards())
    assert {o.id: p for o, p in outcomes} == pytest.approx({c: k / deck.total() for c, k in deck.items()})
    sample_chance(state, Rng(1))
    assert state.current_player in range(2) and state.chance_outcomes() == []
    assert Counter(state.all_cards()) == deck
    # Without the option nothing changes: no chance node, the seed deals.
    plain = game.new_game(game.config(), 2, 7)
    assert not plain.is_chance() and not isinstance(plain, ChanceState) and plain.chance_outcomes() == []
    assert not chance_script_active()


@pytest.mark.parametrize("name", GAMES)
def test_states_round_trip_and_replay_at_chance_nodes(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.config(chance=True), 3, 1)
    rng = Rng(8)
    for _ in range(3):  # three cards into the deal
        outcomes = state.chance_outcomes()
        state.apply(outcomes[rng.randbelow(len(outcomes))][0])
    assert state.is_chance()
    data = json.loads(json.dumps(state.to_dict()))
    restored = game.state_from_dict(data)
    assert restored.to_dict() == data and restored.chance_outcomes() == state.chance_outcomes()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.to_dict() == data
    first = data["chance"]["choices"][0]
    copies = Counter(state.all_cards())[first]
    bad = {**data, "chance": {**data["chance"], "choices": [first] * (copies + 1)}}  # more than the deck holds
    with pytest.raises(RecordError):
        game.state_from_dict(bad)


def test_outcome_codecs() -> None:
    assert parse_deal("deal 17") is deal(17) and deal_from_json({"deal": 17}) is deal(17)
    assert isinstance(deal(3), Deal) and deal(3).id == 3 and deal(3).to_json() == {"deal": 3}
    for text in ("deal", "deal x", "draw 3"):
        with pytest.raises(MalformedAction):
            parse_deal(text)
    for data in ({"deal": -1}, {"deal": True}, {"card": 3}, [3]):
        with pytest.raises(MalformedAction):
            deal_from_json(data)


# ---------------------------------------------------------------------------------------------- same deal law


def _chi_square(a: Counter[Any], b: Counter[Any]) -> tuple[float, int]:
    """Pearson's statistic for 'a and b are samples of one law' (a 2 x k table), and its degrees of freedom;
    categories expected fewer than 5 times are pooled."""
    na, nb = a.total(), b.total()
    rows = sorted(set(a) | set(b), key=lambda k: a[k] + b[k])
    cells: list[tuple[int, int]] = []
    pool = (0, 0)
    for key in rows:
        pool = (pool[0] + a[key], pool[1] + b[key])
        if min(pool[0] + pool[1], 10**9) * min(na, nb) / (na + nb) >= 5:
            cells.append(pool)
            pool = (0, 0)
    if pool != (0, 0):
        cells[-1] = (cells[-1][0] + pool[0], cells[-1][1] + pool[1])
    stat = 0.0
    for x, y in cells:
        total = x + y
        for observed, n in ((x, na), (y, nb)):
            expected = total * n / (na + nb)
            stat += (observed - expected) ** 2 / expected
    return stat, len(cells) - 1


def _chi2_999(df: int) -> float:
    """The upper 0.1% point of the chi-square law with `df` degrees of freedom (Wilson and Hilferty's approximation,
    within 1% of the tables from df = 1 on)."""
    z = 3.0902  # the standard normal law's upper 0.1% point
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3 if df > 2 else {1: 10.83, 2: 13.82}[df]


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every scalar of a JSON value with its path: (`hands/0/1`, `"7h"`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}/{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{path}/{index}")
    else:
        yield path, json.dumps(value)


@pytest.mark.slow  # a statistical run: thousands of deals
@pytest.mark.parametrize("name", GAMES)
def test_both_modes_deal_alike(name: str) -> None:
    """What the first player's first view shows (each card, pile, sport … read path by path: `hands/0/1`), counted
    over many seeded deals in each mode, passes Pearson's chi-square test of one law at the 0.1% level, path by path
    (a shuffle that dealt one card too often fails it)."""
    game = get_game(name)
    seeded: dict[str, Counter[str]] = {}
    chance: dict[str, Counter[str]] = {}
    rng = Rng(2026)
    for seed in range(1000):
        for path, value in _leaves(game.new_game(game.config(), 2, seed).view(0)):
            seeded.setdefault(path, Counter())[value] += 1
        state = game.new_game(game.config(chance=True), 2, seed)
        sample_chance(state, rng)
        for path, value in _leaves(state.view(0)):
            chance.setdefault(path, Counter())[value] += 1
    tested = 0
    for path, counts in seeded.items():
        assert path in chance, path
        if len(counts) + len(chance[path]) > 2:  # a path that shows something random
            stat, df = _chi_square(counts, chance[path])
            assert df >= 1 and stat < _chi2_999(df), (path, stat, df, counts, chance[path])
            tested += 1
    assert tested >= 2


@pytest.mark.parametrize("name", GAMES)
def test_the_option_is_stored_only_when_set(name: str) -> None:
    # Records and states of games without the option stay what they were (tests/sim/data replays them).
    game = get_game(name)
    assert "chance" not in game.config().to_dict()
    assert "chance" not in game.new_game(game.config(), 2, 0).to_dict()["config"]
    assert game.config(chance=True).to_dict()["chance"] is True
    assert game.config_type.from_stored(game.config().to_dict()).chance is False  # type: ignore[attr-defined]
    assert game.config_type.from_stored(game.config(chance="on").to_dict()).chance is True  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_shuffle_deals_like_one_run_from_the_start(name: str) -> None:
    # Each outcome runs the step again; the shuffle resumes where the last run left it. A state restored from its
    # dict keeps nothing of those runs and deals the whole shuffle again: both must give the same game.
    game = get_game(name)
    state = game.new_game(game.config(chance=True), 3, 11)
    rng = Rng(5)
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        fresh = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert [e.to_json() for e in fresh.apply(action)] == [e.to_json() for e in state.apply(action)]
        assert fresh.to_dict() == state.to_dict() and fresh.chance_outcomes() == state.chance_outcomes()
