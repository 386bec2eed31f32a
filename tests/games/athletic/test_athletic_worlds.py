"""The worlds the Athletic searches sample: the previous player's kept cards weighed by their last turn."""

from __future__ import annotations

from athletic_helpers import cards, play, position

from podium.core.rng import Rng
from podium.games.athletic import GAME, AthleticState
from podium.games.athletic.bots.playout import AthleticPlayout, fitting_cards
from podium.games.athletic.cards import mask_of
from podium.games.athletic.view import athletic_view

PILES = ["5r", "1y", "9o", "3b 8g", "10b 7g"]  # 8g can move onto 7g (uncovering 3b), 7g onto 8g (uncovering 10b)


def test_fitting_cards_count_placements_after_moves() -> None:
    # 6r goes on 5r, 5y on 5r (same value), 2b on 3b once 8g moved onto 7g, 10y on 10b once 7g moved
    # onto 8g; 2p fits nowhere, whatever is moved.
    state = position("10p", PILES)
    fits = fitting_cards(athletic_view(state.view(0)))
    assert fits is not None
    for text in ("6r", "5y", "2b", "10y"):
        assert fits >> cards(text)[0] & 1, text
    assert not fits >> cards("2p")[0] & 1
    assert not fits >> cards("10p")[0] & 1  # the viewer's own card is not unseen


def test_fitting_cards_with_an_empty_slot_or_a_card_placed() -> None:
    state = position("10p 9p", ["5r", "1y", "9o", "3b", ""])
    fits = fitting_cards(athletic_view(state.view(0)))
    assert fits is not None and fits.bit_count() == 60 - 2 - 4  # any card fills a slot
    play(state, "play 9p 3")
    assert fitting_cards(athletic_view(state.view(0))) is None  # the table at the turn's start is not known


def _fitting_in_previous_hand(sample: object, fits: int, rounds: int) -> float:
    rng = Rng(5)
    total = 0
    for _ in range(rounds):
        world = sample(rng)  # type: ignore[operator]
        assert isinstance(world, AthleticState)
        total += (mask_of(world.hands[1]) & fits).bit_count()
    return total / rounds


def test_the_previous_players_kept_cards_do_not_fit_the_table_they_left() -> None:
    # Seat 1 holds 6 cards at the start of seat 0's turn: 3 it kept (4y 2p 6b fit nowhere, or it would have placed
    # them) and 3 it drew. The sampled hands of seat 1 hold fewer fitting cards than uniform dealing gives.
    state = position("10p 1p", PILES, others=["4y 2p 6b 8r 10y 10r"], turn=6, medals=[1, 1])
    view = state.view(0)
    fits = fitting_cards(athletic_view(view))
    assert fits is not None
    playout = AthleticPlayout()
    weighed = playout.sampler(GAME, view)
    uniform = GAME.determinizer(view)
    assert _fitting_in_previous_hand(weighed, fits, 300) < 0.8 * _fitting_in_previous_hand(uniform, fits, 300)
    world = weighed(Rng(1))
    assert world.view(0) == view  # a weighed world is still a world of this view


def test_no_weighing_without_a_known_previous_turn() -> None:
    playout = AthleticPlayout()
    first = position("10p 1p", PILES, others=["4y 2p 6b 8r 10y 10r 1r"], turn=1)
    assert playout._kept_model(athletic_view(first.view(0))) is None  # nobody played before
    playout.kept_trust = 0.0
    later = position("10p 1p", PILES, others=["4y 2p 6b 8r 10y 10r"], turn=6)
    assert playout._kept_model(athletic_view(later.view(0))) is None  # switched off
