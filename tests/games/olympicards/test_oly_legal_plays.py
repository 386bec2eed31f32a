"""O-5: the fast generator of legal plays agrees with the rule checker that validates a single play."""

from __future__ import annotations

import itertools

import pytest
from oly_helpers import build, texts

from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config, OlympicardsState
from podium.games.olympicards.state import PLAY


def oracle(state: OlympicardsState, player: int) -> set[tuple[int, ...]]:
    """Every sub-multiset of the hand, of every allowed size, that `play_problem` accepts (brute force)."""
    sport = state.current_sport
    assert sport is not None
    pool = state.hand(player)  # sorted: the combinations are sorted tuples, as plays are
    found = set()
    for size in range(sport.min_cards, sport.max_cards + 1):
        for combo in itertools.combinations(pool, size):
            if state.play_problem(player, combo) is None:
                found.add(combo)
    return found


@pytest.mark.parametrize("sports", ["default", "test"])
def test_generator_matches_the_rule_checker_in_random_games(sports: str) -> None:
    # O-5: every distinct legal play is listed, and nothing else.
    rng = Rng(17)
    checked = 0
    for seed in range(6):
        state = GAME.new_game(Config(sports=sports, world_record=True), 2 + seed % 5, seed)
        while not state.is_over:
            if state.phase == PLAY:
                player = state.current_player
                assert player is not None
                listed = state.legal_plays(player)
                assert len(listed) == len(set(listed))
                assert set(listed) == oracle(state, player)
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    assert checked > 200


def test_three_cards_with_pairs_in_one_colour() -> None:
    # O-9 Weightlifting with doubled cards: (a, a, b) and (a, b, b) shapes, each once.
    state = build(3, "Weightlifting", {0: "1r 1r 2r 2r 3g"})
    assert sorted(texts(state)) == sorted(
        [
            "withdraw",
            "play 1r",
            "play 2r",
            "play 3g",
            "play 1r 1r",
            "play 1r 2r",
            "play 2r 2r",
            "play 1r 1r 2r",
            "play 1r 2r 2r",
        ]
    )
