"""The race judgement the heuristic and the `stamina` playout share (`bots/stamina.py`), and the `stamina` playout:
its players only make legal moves (whole games played by it through the checked engine), and a seed gives the same
playouts."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from oly_helpers import cards, decisions

from podium.agents.playouts import playout_for, playout_names
from podium.core.contract import Action
from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config, OlympicardsState
from podium.games.olympicards.bots.playout import OlympicardsStaminaPlayout
from podium.games.olympicards.bots.stamina import MAX_CHAIN, chain, fight_value, play_cost
from podium.games.olympicards.cards import NO_CARD, NUM_KINDS, parse_card
from podium.games.olympicards.sports import Sport


def _sport(name: str) -> Sport:
    return next(s for s in Config.from_options({}).sport_set.sports if s.name == name)


def _counts(text: str) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in cards(text):
        counts[k] += 1
    return counts


# ---------------------------------------------------------------------------------------------- chain


def test_chain_plays_the_cheapest_card_higher_than_the_last() -> None:
    # O-9 #1 (Sprint): each card higher than the last card anyone played; the cheapest first leaves the most steps.
    length, left = chain(_sport("Sprint"), _counts("2r 5b 5g 9y 1k"), [], None, NO_CARD)
    assert length == 4  # 1k 2r, a 5, 9y: the other 5 is not higher than the first
    assert sum(left) == 1
    assert left[parse_card("5b")] + left[parse_card("5g")] == 1


def test_chain_starts_above_the_last_play_of_anyone() -> None:
    # O-9 #1: the first play of a chain must beat the last play already made in the sport.
    last = (parse_card("6r"),)
    assert chain(_sport("Sprint"), _counts("2r 5b 7g 9y"), [], last, NO_CARD)[0] == 2


def test_chain_in_gymnastics_plays_pairs_of_equal_value() -> None:
    # O-9 #8 (Gymnastics): exactly two cards of equal value per play.
    length, left = chain(_sport("Gymnastics"), _counts("3r 3b 7g 7y 8k"), [], None, NO_CARD)
    assert length == 2
    assert left == _counts("8k")


def test_chain_of_a_flip_sport_draws_each_later_target() -> None:
    # O-9 #9 (Diving, a flip sport, O-5): each round's play must be higher than that round's target.
    targets = iter([parse_card("8r"), parse_card("8r"), parse_card("8r")])
    length, left = chain(_sport("Diving"), _counts("2r 6b 9g 9y"), [], None, parse_card("5k"), lambda: next(targets))
    assert length == 3  # 6b over 5, 9g and 9y over 8; the 2r not over the fourth 8
    assert left == _counts("2r")


def test_chain_stops_at_max_chain() -> None:
    # O-9 #2 (Marathon): a colour different from your own previous card; alternating colours never stop.
    hand = _counts(" ".join(f"{v}r {v}b" for v in range(1, 10)))
    assert chain(_sport("Marathon"), hand, [], None, NO_CARD)[0] == MAX_CHAIN


def test_play_cost_orders_by_sum_then_by_count() -> None:
    assert play_cost(tuple(cards("2r 3b"))) < play_cost(tuple(cards("6g")))
    assert play_cost(tuple(cards("5r"))) < play_cost(tuple(cards("2r 3b")))


# ---------------------------------------------------------------------------------------------- fight_value


def test_the_weakest_of_four_withdraws_first_for_the_cards() -> None:
    # O-6 (4 players): the first to withdraw takes 3 cards and the start card; the last one in takes gold.
    assert fight_value(4, 0, 1, [[3, 4, 5]], 1, 0.35) < 0.0


def test_the_strongest_of_four_fights_for_gold() -> None:
    # O-6 (4 players): outlasting the three others wins gold (4 points) against 3 cards now.
    assert fight_value(4, 0, 6, [[1, 2, 3]], 1, 0.35) > 0.0


def test_the_value_averages_the_samples() -> None:
    # O-6 (4 players): one sample in which the player is strongest, one in which it is weakest.
    both = fight_value(4, 0, 4, [[1, 2, 3], [5, 6, 7]], 1, 0.35)
    strong = fight_value(4, 0, 4, [[1, 2, 3]], 1, 0.35)
    weak = fight_value(4, 0, 4, [[5, 6, 7]], 1, 0.35)
    assert both == pytest.approx((strong + weak) / 2)
    assert fight_value(4, 0, 4, [[1, 2, 3], [1, 2, 3]], 1, 0.35) == strong


def test_two_players_race_for_the_medal_the_withdrawal_gives_away() -> None:
    # O-7: the 1st withdrawal gives the withdrawer 1 card and the other player bronze; outlasting them wins it.
    assert fight_value(2, 0, 5, [[2]], 1, 0.35) > 0.0
    assert fight_value(2, 0, 2, [[5]], 1, 0.35) < 0.0


def test_two_players_at_the_third_withdrawal_race_for_gold() -> None:
    # O-7: the 3rd withdrawal gives the other player gold: even odds are worth fighting for.
    assert fight_value(2, 2, 3, [[3]], 1, 0.35) > 0.0


# ---------------------------------------------------------------------------------------------- the playout


class _Checked(OlympicardsState):
    """A world whose unchecked `step` goes through the checked `apply` (raising `IllegalAction`), counting moves."""

    __slots__ = ()
    moves: list[int] = []  # noqa: RUF012  # shared by the test's worlds, reset by each test

    def step(self, action: Action) -> None:
        assert action in self.legal_actions(), action
        self.apply(action)
        _Checked.moves.append(action.id)


VARIANTS = [({}, 2), ({}, 4), ({}, 7), ({"world_record": True}, 3), ({"sports": "test"}, 5)]
IDS = [f"{o}-{n}p" for o, n in VARIANTS]


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=IDS)
def test_games_played_by_the_stamina_playout_are_legal(options: dict[str, Any], players: int) -> None:
    """Whole games whose every move is the playout's, each sport from the view of the player to move, through the
    checked engine (`apply`): every move is legal and the games end."""
    _Checked.moves = []
    config = GAME.config(options)
    for seed in range(3):
        state = _Checked.from_dict(GAME.new_game(config, players, seed).to_dict())
        rng = Rng(seed)
        sports = 0
        while not state.is_over:
            player = state.current_player
            assert player is not None
            playout = OlympicardsStaminaPlayout()
            playout.prepare(state.view(player))
            rewards = playout.run(state, rng)
            assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
            sports += 1
        assert sports >= 9
    assert len(_Checked.moves) > 100


def _playouts(options: dict[str, Any], players: int) -> str:
    outcomes: list[Any] = []
    for view in decisions(options, players, 5, 3, 2):
        world = GAME.determinizer(view)(Rng(len(outcomes)))
        playout = OlympicardsStaminaPlayout()
        playout.prepare(view)
        before = world.to_dict()
        for action in world.legal_actions():
            outcomes.append(playout.play(world, action, Rng(len(outcomes)), True))
        assert world.to_dict() == before  # a kept world comes back unchanged
        outcomes.append(playout.run(world, Rng(len(outcomes))))
        outcomes.append([(world.points(q), world.hand_size(q)) for q in range(players)])
    return hashlib.sha256(repr(outcomes).encode()).hexdigest()


@pytest.mark.parametrize(("options", "players"), VARIANTS, ids=IDS)
def test_the_stamina_playout_is_deterministic_under_a_seed(options: dict[str, Any], players: int) -> None:
    assert _playouts(options, players) == _playouts(options, players)


def test_flip_sports_draw_targets_from_the_rng() -> None:
    """Two generators give different playouts of a flip sport somewhere (its later targets are drawn from `rng`)."""
    differ = 0
    for view in decisions({}, 4, 9, 3, 2):
        world = GAME.determinizer(view)(Rng(1))
        sport = world.current_sport
        if sport is None or not sport.flip:
            continue
        playout = OlympicardsStaminaPlayout()
        playout.prepare(view)
        a = playout.run(world.clone(), Rng(1))
        b = playout.run(world.clone(), Rng(2))
        assert a == playout.run(world.clone(), Rng(1))
        differ += a != b
    assert differ > 0


def test_stamina_is_registered() -> None:
    assert "stamina" in playout_names("olympicards")
    assert isinstance(playout_for("olympicards", "stamina"), OlympicardsStaminaPlayout)
