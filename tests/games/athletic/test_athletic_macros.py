"""Turn-level ISMCTS (`podium.agents.macros`): the Athletic Games candidate turns and the agent that searches them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.agents.macros import macros_for
from podium.analysis import hint
from podium.core.errors import PodiumError
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.games.athletic.actions import END_ACTION, MOVE
from podium.games.athletic.bots.heuristic import AthleticHeuristic
from podium.games.athletic.bots.turns import AthleticTurns
from podium.games.athletic.solver import solve_view
from podium.games.athletic.state import AthleticState

GAME = get_game("athletic")


def play(options: dict[str, Any], bots: list[str], seed: int) -> None:
    """One game through JSON views; fails if a bot picks an illegal action."""
    state = GAME.new_game(GAME.config(options), len(bots), seed)
    agents = [make_agent(name, GAME, seat, seed * 31 + seat) for seat, name in enumerate(bots)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = agents[seat].act(json.loads(json.dumps(state.view(seat))), list(legal))
        assert action in legal, f"{bots[seat]} chose {action} but legal were {legal}"
        state.apply(action)


def _positions(options: dict[str, Any], seeds: range, players: int = 2) -> list[tuple[AthleticState, int]]:
    """Turn starts (and one mid-turn position per game) from heuristic games."""
    out: list[tuple[AthleticState, int]] = []
    for seed in seeds:
        state = GAME.new_game(GAME.config(options), players, seed)
        bots = [AthleticHeuristic(GAME, p, seed) for p in range(players)]
        last_turn = -1
        steps_in_turn = 0
        while not state.is_over and state.turn < 14:
            p = state.current_player
            assert p is not None
            if state.turn != last_turn:
                last_turn, steps_in_turn = state.turn, 0
                out.append((state.clone(), p))
            elif steps_in_turn == 2 and state.turn % 3 == 0:
                out.append((state.clone(), p))  # in the middle of a turn, after two steps
            steps_in_turn += 1
            state.apply(bots[p].act(state.view(p), state.legal_actions()))
    return out


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({}, id="default"),
        pytest.param({"step": "up"}, id="step-up", marks=pytest.mark.slow),  # the most candidates per turn
        pytest.param({"table_moves": False}, id="no-table-moves"),
    ],
)
def test_candidates_are_legal_distinct_maximum_turns(options: dict[str, Any]) -> None:
    turns = AthleticTurns()
    checked = 0
    several = 0
    kept_back = 0
    for state, seat in _positions(options, range(3)):
        view = state.view(seat)
        candidates = turns.candidates(view)
        assert candidates
        several += len(candidates) > 1
        # The heuristic bot's own turn comes first (it wins ties), so the solver's maximum is among the candidates.
        assert candidates[0] == AthleticHeuristic(GAME, seat, 0).plan(view)
        best = solve_view(view, node_limit=20_000).placed
        # Fewer placements are candidates only to deny an opponent who wins by clearing their next hand, and one
        # fewer (a card kept back) when the hand cannot be cleared.
        target = state.config.medals_to_win
        threat = any(m + 1 >= target for j, m in enumerate(state.medals) if j != seat)
        keep_back = not threat and 0 < best < len(state.hands[seat])
        ends = set()
        placements = []
        for turn in candidates:
            assert turn[-1] == END_ACTION and END_ACTION not in turn[:-1]
            # Legal step by step in the real position and in sampled worlds (the candidates use only the view).
            for world in (state.clone(), GAME.determinize(view, Rng(checked)), GAME.determinize(view, Rng(7))):
                assert isinstance(world, AthleticState)
                placed = 0
                for action in turn[:-1]:
                    assert action in world.legal_actions(), (turn, action)
                    world.apply(action)
                    placed += action.kind != MOVE  # type: ignore[attr-defined]
                assert placed == best or (threat and placed < best) or (keep_back and placed == best - 1)
                end = (tuple(world.hands[seat]), tuple(tuple(p) for p in world.piles))
                assert END_ACTION in world.legal_actions()
            ends.add(end)
            placements.append(placed)
            checked += 1
        assert len(ends) == len(candidates)  # distinct end states (cards left, final layout)
        if (threat or keep_back) and best > 0 and best < len(state.hands[seat]):
            assert best - 1 in placements  # the turn stopped before its last placement
            kept_back += keep_back
    assert checked > 40 and kept_back > 3
    if options.get("table_moves", True):
        assert several > 3  # there is something to choose between


def test_ismcts_uses_turns_where_the_game_has_them() -> None:
    athletic, golf = get_game("athletic"), get_game("golf")
    bot = make_agent("ismcts", athletic, 0, 1)
    assert isinstance(bot, ISMCTS) and isinstance(bot.macro, AthleticTurns)
    step = make_agent("ismcts:macro=step", athletic, 0, 1)
    assert isinstance(step, ISMCTS) and step.macro is None
    golf_bot = make_agent("ismcts", golf, 0, 1)
    assert isinstance(golf_bot, ISMCTS) and golf_bot.macro is None
    with pytest.raises(PodiumError, match="no macro 'turn' for golf"):
        make_agent("ismcts:macro=turn", golf, 0, 1)
    assert macros_for("athletic", "step") is None


def test_turn_search_compares_candidates_and_follows_the_chosen_turn() -> None:
    state = GAME.new_game(GAME.config({}), 2, 0)  # seat 0's first turn offers several end states
    bot = make_agent("ismcts:iterations=40", GAME, 0, 3)
    assert isinstance(bot, ISMCTS)
    first = bot.act(state.view(0), state.legal_actions())
    values = bot.last_macros  # in candidate order, the heuristic's turn first
    assert len(values) > 1 and all(0.0 <= v <= 1.0 and n >= 1 for _, n, v in values)
    # Every candidate played in the same worlds of a round; the budget can be passed by the last world's candidates.
    assert sum(n for _, n, _ in values) == bot.last_iterations <= 40 + len(values)
    # Successive halving: the finalists have the most worlds, and the heuristic's turn is always among them.
    most = max(n for _, n, _ in values)
    finalists = [(text, v) for text, n, v in values if n == most]
    assert values[0][1] == most and len(finalists) < len(values)
    chosen = max(finalists, key=lambda t: t[1])[0]
    steps = [first]
    state.apply(first)
    while state.current_player == 0:
        action = bot.act(state.view(0), state.legal_actions())
        assert bot.last_iterations == 0  # no new search inside the turn
        state.apply(action)
        steps.append(action)
    assert ", ".join(a.text() for a in steps) == chosen


@pytest.mark.parametrize(
    ("options", "players"),
    [({"medals_to_win": 2}, 2), ({"medals_to_win": 1}, 3), ({"medals_to_win": 1, "step": "up"}, 2)],
)
def test_turn_search_plays_whole_games_legally(options: dict[str, Any], players: int) -> None:
    bots = ["ismcts:iterations=16"] + ["heuristic"] * (players - 1)
    play(options, bots, seed=4)


def test_a_hint_with_one_candidate_turn_is_that_whole_turn() -> None:
    """When the solver offers a single candidate turn, hard plays it without a search; the hint still gives the whole
    turn (the browser follows it step by step to the turn's end, A-5), not its first step alone."""
    state = GAME.new_game(GAME.config(), 2, 1)  # seed 1: the only candidate is the solver's turn
    bot = make_agent("hard", GAME, 0, 0)
    assert isinstance(bot, ISMCTS) and bot.macro is not None
    assert len(bot.macro.candidates(state.view(0))) == 1
    (choice,) = hint(state, 0)
    assert choice.chosen and choice.share is None and choice.samples == 0
    assert len(choice.steps) > 1 and choice.steps[-1] == END_ACTION.text()
    for step in choice.steps:  # every step is legal in turn and the last one ends the seat's turn
        assert state.current_player == 0
        state.apply(GAME.parse_action(step, state.config))
    assert state.current_player == 1
