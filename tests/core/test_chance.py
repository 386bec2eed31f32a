"""Explicit chance (podium.core.chance, issue 16): with the `chance` option every card a shuffle deals is a chance
node, and the deals follow the same law as the seeded generator's."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from podium.core.chance import ChanceState, Deal, deal, deal_from_json, parse_deal
from podium.core.contract import CHANCE, State, View
from podium.core.errors import IllegalAction, MalformedAction, RecordError
from podium.core.registry import get_game
from podium.core.rng import Rng, chance_script_active

GAMES = ("golf", "athletic", "olympicards")


def sample_chance(state: State, rng: Rng) -> None:
    """Play chance nodes, each outcome drawn with its probability, until a player decides."""
    while state.is_chance():
        x = rng.random()
        outcomes = state.chance_outcomes()
        chosen = outcomes[-1][0]
        for outcome, p in outcomes:
            x -= p
            if x < 0:
                chosen = outcome
                break
        state.apply(chosen)


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


def test_outcomes_have_their_multiplicity() -> None:
    # Olympicards has two copies of each card (O-1): a card with both copies undealt is twice as likely.
    game = get_game("olympicards")
    state = game.new_game(game.config(chance=True), 2, 0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 45 and all(p == pytest.approx(2 / 90) for _, p in outcomes)
    state.apply(deal(0))
    after = dict((o.id, p) for o, p in state.chance_outcomes())
    assert after[0] == pytest.approx(1 / 89) and after[1] == pytest.approx(2 / 89)


def test_refused_outcomes_and_actions_change_nothing() -> None:
    game = get_game("golf")
    state = game.new_game(game.config(chance=True, rounds=1), 2, 0)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="chance deals one of the cards"):
        state.apply(game.parse_action("draw"))
    state.apply(deal(5))
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="chance deals"):
        state.apply(deal(5))  # already dealt
    assert state.to_dict() == before
    sample_chance(state, Rng(3))
    decided = state.to_dict()
    with pytest.raises(IllegalAction, match="no card is being dealt"):
        state.apply(deal(0))
    with pytest.raises(IllegalAction):
        state.apply(game.parse_action("swap 1"))  # G-4.1: no card in hand yet
    assert state.to_dict() == decided


def test_a_step_completes_with_its_last_outcome() -> None:
    # G-3: the round's last action deals the next round; its events come with the deal's last card.
    game = get_game("golf")
    state = game.new_game(game.config(chance=True, rounds=2, peek="near"), 2, 0)
    rng = Rng(4)
    sample_chance(state, rng)
    events = state.apply(game.parse_action("knock"))
    assert [e.kind for e in events] == ["knock"]
    while not state.is_chance():
        legal = state.legal_actions()
        events = state.apply(legal[rng.randbelow(len(legal))])
    assert events == []  # the step waits for chance
    view = state.view(0)
    assert view["current_player"] == CHANCE and view["round"] == 1
    while state.is_chance():
        outcomes = state.chance_outcomes()
        events = state.apply(outcomes[0][0])
    assert "round_end" in [e.kind for e in events] and "deal" in [e.kind for e in events]
    assert state.view(0)["round"] == 2


def test_states_round_trip_and_replay_at_chance_nodes() -> None:
    game = get_game("athletic")
    state = game.new_game(game.config(chance=True), 3, 1)
    for outcome in (deal(4), deal(30), deal(11)):
        state.apply(outcome)
    data = json.loads(json.dumps(state.to_dict()))
    restored = game.state_from_dict(data)
    assert restored.to_dict() == data and restored.chance_outcomes() == state.chance_outcomes()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.to_dict() == data
    bad = {**data, "chance": {**data["chance"], "choices": [4, 4]}}
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


# Upper 0.1% points of the chi-square law (df -> value): a fixed-seed test that fails only for a real difference.
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12, 9: 27.88, 10: 29.59,
            11: 31.26, 12: 32.91, 13: 34.53, 14: 36.12, 15: 37.70, 16: 39.25, 17: 40.79, 18: 42.31}  # fmt: skip


def _golf(view: View) -> list[str]:
    return [f"own:{view['hands'][0][0][0]}", f"top:{view['discard_top'][0]}"]  # the ranks


def _athletic(view: View) -> list[str]:
    return [f"sports:{len({c[-1] for c in view['hand']})}", f"pile:{view['piles'][0][0][-1]}"]


def _olympicards(view: View) -> list[str]:
    return [f"kinds:{len(set(view['hand']))}", f"sport:{view['sport']['name']}"]


FEATURES: dict[str, tuple[dict[str, Any], int, Callable[[View], list[str]]]] = {
    "golf": ({"peek": "near"}, 1500, _golf),
    "athletic": ({}, 500, _athletic),
    "olympicards": ({}, 500, _olympicards),
}


@pytest.mark.parametrize("name", GAMES)
def test_both_modes_deal_alike(name: str) -> None:
    """The first deal's features (Golf: the rank of one's first card and of the discard top, G-3; Athletic: how many
    sports a hand holds and the first pile's sport, A-2; Olympicards: how many different cards a hand holds, which
    tests the copies' odds, and the first sport, O-2), counted over many seeded deals in each mode, pass Pearson's
    chi-square test of one law at the 0.1% level; a shuffle that dealt one card too often fails it."""
    options, deals, features = FEATURES[name]
    game = get_game(name)
    seeded: dict[int, Counter[str]] = {}
    chance: dict[int, Counter[str]] = {}
    rng = Rng(2026)
    for seed in range(deals):
        for index, feature in enumerate(features(game.new_game(game.config(options), 2, seed).view(0))):
            seeded.setdefault(index, Counter())[feature] += 1
        state = game.new_game(game.config({**options, "chance": True}), 2, seed)
        sample_chance(state, rng)
        for index, feature in enumerate(features(state.view(0))):
            chance.setdefault(index, Counter())[feature] += 1
    for index, counts in seeded.items():
        stat, df = _chi_square(counts, chance[index])
        assert df >= 1 and stat < CHI2_999[df], (index, stat, df, counts, chance[index])


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
