"""Golf bots' judgement, not just legality (issue 17): over hundreds of sampled positions, `heuristic` and `hard`
never swap a card in hand onto a known card worth less, never throw away a drawn card worth less than a known card it
could replace, and never take the top discard only to discard it again, whenever a better move exists.

`hard` is ISMCTS; these moves are pruned at the root by Golf's playout facet (`bots/playout.py`, `prune_golf`)
before any search, so the property holds whatever the budget: the test runs it with a few iterations to stay fast.
"""

from __future__ import annotations

from typing import Any

import pytest

from podium.agents.base import Agent, make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.rng import Rng
from podium.games.golf import GAME
from podium.games.golf.actions import DISCARD, SWAP, GolfAction
from podium.games.golf.cards import RANK_OF, parse_card
from podium.games.golf.rules import GolfPhase
from podium.games.golf.view import GolfView, as_golf_view, card_values_of

# Decision points come from games of these bots (varied play, so varied hands); seeds make them the same every run.
PLAYERS = ["heuristic-v1", "random", "counting-v0", "heuristic"]
HARD = "hard:iterations=12"  # the pruned moves never reach the search: a small budget shows the same judgement


def drawn_positions(options: dict[str, Any], count: int, seed: int) -> list[tuple[int, GolfView, list[GolfAction]]]:
    """`count` decision points of the "drawn" phase (a card in hand), from seeded two-player games."""
    out: list[tuple[int, GolfView, list[GolfAction]]] = []
    rng = Rng(seed)
    game_seed = seed
    while len(out) < count:
        state = GAME.new_game(GAME.config(options, rounds=3), 2, game_seed)
        names = [PLAYERS[rng.randbelow(len(PLAYERS))] for _ in range(2)]
        bots = [make_agent(name, GAME, p, game_seed + p) for p, name in enumerate(names)]
        game_seed += 1
        while not state.is_over and len(out) < count:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            legal = state.legal_actions()
            if view["phase"] == GolfPhase.DRAWN and len(legal) > 1:
                out.append((p, as_golf_view(view), legal))
            state.apply(bots[p].act(view, legal))
    return out


def certain_change(view: GolfView, slot: int) -> float | None:
    """How much swapping the card in hand onto `slot` lowers the hand's sum, when the viewer knows it for certain
    (four-card: the slot's card is known; six-card: its column partner too, G-8.4), else None."""
    me = view["player"]
    assert me is not None and view["drawn"] is not None
    values = card_values_of(view)
    hand = view["hands"][me]
    card = parse_card(view["drawn"])
    if hand[slot] is None:
        return None
    old = parse_card(hand[slot])
    if view["variant"] == "four":
        return float(values[old] - values[card])
    partner_text = hand[(slot + 3) % 6]
    if partner_text is None:
        return None
    partner = parse_card(partner_text)

    def column(a: int) -> int:
        return 0 if RANK_OF[a] == RANK_OF[partner] else values[a] + values[partner]

    return float(column(old) - column(card))


def misjudged(view: GolfView, legal: list[GolfAction], chosen: GolfAction) -> str | None:
    """What is wrong with `chosen` at a "drawn" decision, or None."""
    taken = view["drawn_from"] == "discard"
    swaps = [a for a in legal if a.kind == SWAP]
    changes = {a.slot: certain_change(view, a.slot) for a in swaps}
    gains = [g for g in changes.values() if g is not None]
    # A stock card thrown away keeps the hand as it is (not so when a flip must follow, G-8.2).
    keeps = not taken and any(a.kind == DISCARD for a in legal) and view["config"]["flip_on_discard"] != "must"
    if chosen.kind == DISCARD and taken and swaps:
        return "took the top discard and discarded it again"
    if chosen.kind == DISCARD and keeps and gains and max(gains) > 0:
        return f"discarded {view['drawn']} although a swap over a known card lowers the sum by {max(gains)}"
    if chosen.kind == SWAP:
        change = changes[chosen.slot]
        if change is not None and change < 0 and (keeps or max(gains) > change):
            return f"swapped {view['drawn']} onto slot {chosen.slot + 1}, raising the sum by {-change}"
    return None


CASES = [
    ("four", {}, 300),
    ("four-must-swap", {"discard_take_must_swap": True}, 100),
    ("six", {"variant": "six"}, 250),
    ("six-flip-may", {"variant": "six", "flip_on_discard": "may"}, 100),
]


@pytest.mark.parametrize(("label", "options", "count"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("bot_name", ["heuristic", HARD])
def test_no_move_that_loses_points_for_certain(label: str, options: dict[str, Any], count: int, bot_name: str) -> None:
    points = drawn_positions(options, count, seed=17)
    assert any(view["drawn_from"] == "discard" for _, view, _ in points)  # take-then-discard was possible
    wrong = []
    for i, (seat, view, legal) in enumerate(points):
        bot: Agent = make_agent(bot_name, GAME, seat, 100 + i)
        chosen = bot.act(view, list(legal))
        assert isinstance(chosen, GolfAction) and chosen in legal
        problem = misjudged(view, legal, chosen)
        if problem is not None:
            wrong.append(f"{view['hands'][seat]} in hand {view['drawn']}: {problem}")
    assert wrong == []


def test_the_check_itself_finds_bad_moves() -> None:
    # The checker is not vacuous: among the legal moves of these positions are each of the three mistakes.
    found = set()
    for _, view, legal in drawn_positions({}, 300, seed=17):
        for action in legal:
            problem = misjudged(view, legal, action)
            if problem is not None:
                found.add(problem.split(" ")[0])
    assert found == {"took", "discarded", "swapped"}


def test_six_card_anchored_search_on_fast_plays_the_heuristics_move_without_searching() -> None:
    # Six-card Golf: an anchored search whose playouts are `fast`'s crude six-card policy keeps the heuristic's move
    # (Playout.min_anchor; docs/bots.md), so it plays as `medium` there, and spends no iterations.
    for i, (seat, view, legal) in enumerate(drawn_positions({"variant": "six"}, 60, seed=23)):
        anchored = make_agent("ismcts:iterations=600:depth=1:anchor=2", GAME, seat, 300 + i)
        heuristic = make_agent("heuristic", GAME, seat, 300 + i)
        assert anchored.act(view, list(legal)) == heuristic.act(view, list(legal))
        assert isinstance(anchored, ISMCTS) and anchored.last_iterations == 0


@pytest.mark.parametrize(("options", "budget"), [({"variant": "six"}, 60), ({}, 600)], ids=["six", "four"])
def test_hard_searches_six_card_golf_with_a_tenth_of_its_budget(options: dict[str, Any], budget: int) -> None:
    # Issue 31: six-card `hard` searches (its playouts are the heuristic's own, `columns`), with 60 of its 600
    # iterations, since such a playout costs about ten of `fast`'s; four-card `hard` keeps its 600. An iteration is
    # one playout of one move, and each sampled world plays every move, so a search ends within one world of it.
    searched = 0
    for i, (seat, view, legal) in enumerate(drawn_positions(options, 20, seed=29)):
        hard = make_agent("hard", GAME, seat, 400 + i)
        assert hard.act(view, list(legal)) in legal
        assert isinstance(hard, ISMCTS)
        if hard.last_iterations:
            assert budget <= hard.last_iterations < budget + len(legal)
            searched += 1
    assert searched >= 10
