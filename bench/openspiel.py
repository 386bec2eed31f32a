"""podium's games through OpenSpiel (podium.openspiel) against the raw engine, measured in the same run.

    python bench/openspiel.py            # about a minute
    python bench/openspiel.py --quick

Per game, two players, the configs of the tournament (bench/openspiel_tournament.py: one hole of Golf, a short
Athletic race, a whole Olympicards game):
- random play: whole games of uniformly random moves on the raw engine (`legal_actions` + `apply`, the seed deals),
  under explicit chance in podium (`ChanceState`, chance outcomes drawn with their probabilities), and through
  pyspiel (`legal_actions`/`chance_outcomes` + `apply_action`); moves/s and the ratio of each to the raw engine;
- ISMCTS: iterations per second of OpenSpiel's `ISMCTSBot` (random-rollout evaluation, a world resampled per
  simulation) and of podium's `ismcts` bot (its defaults, and `playout=random`), on the same first decisions.
The machine is shared: compare the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import podium.openspiel  # noqa: F401  (registers the games)
from podium.agents.base import make_agent
from podium.core.contract import Game, State
from podium.core.registry import get_game
from podium.core.rng import Rng

CONFIGS: dict[str, dict[str, Any]] = {
    "golf": {"rounds": 1},
    "athletic": {"medals_to_win": 1, "max_turns": 20},
    "olympicards": {},
}


def _play_podium(game: Game, options: dict[str, Any], games: int) -> tuple[int, float]:
    """Random games on podium states; chance outcomes (if any) drawn with their probabilities. (moves, seconds)"""
    config = game.config(options)
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        state: State = game.new_game(config, 2, seed)
        rng = Rng(seed)
        while not state.is_over:
            if state.is_chance():
                x = rng.random()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    x -= p
                    if x < 0:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randbelow(len(legal))]
                moves += 1
            state.apply(action)
    return moves, time.perf_counter() - start


def _play_pyspiel(name: str, games: int) -> tuple[int, float]:
    game = pyspiel.load_game(f"podium_{name}", {"players": 2, **CONFIGS[name]})
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
                moves += 1
    return moves, time.perf_counter() - start


def random_play(name: str, games: int) -> None:
    game = get_game(name)
    raw_moves, raw_s = _play_podium(game, CONFIGS[name], games)
    chance_moves, chance_s = _play_podium(game, {**CONFIGS[name], "chance": True}, games)
    os_moves, os_s = _play_pyspiel(name, games)
    raw = raw_moves / raw_s
    print(f"{name}: random play, {games} games of 2 players")
    print(f"  raw engine          {raw:12,.0f} moves/s")
    for label, moves, seconds in (("explicit chance", chance_moves, chance_s), ("pyspiel", os_moves, os_s)):
        rate = moves / seconds
        print(f"  {label:18}  {rate:12,.0f} moves/s   {raw / rate:6.1f}x the raw engine's time per move")


def _decisions(name: str, count: int) -> list[pyspiel.State]:
    """The first `count` decision states of a seeded random game through pyspiel."""
    game = pyspiel.load_game(f"podium_{name}", {"players": 2, **CONFIGS[name]})
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    found = []
    while len(found) < count and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    return found


def search_speed(name: str, sims: int, count: int) -> None:
    states = _decisions(name, count)
    game = states[0].get_game()
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=sims, random_state=rng)
    start = time.perf_counter()
    for state in states:
        bot.step(state)
    theirs = sims * len(states) / (time.perf_counter() - start)
    print(f"{name}: ISMCTS, {sims} iterations on each of {len(states)} decisions")
    print(f"  OpenSpiel ISMCTSBot (random rollouts)   {theirs:9,.0f} iterations/s")
    for spec in ("ismcts", "ismcts:playout=random"):
        start = time.perf_counter()
        for state in states:
            seat = state.current_player()
            agent = make_agent(spec, game.podium_game, seat, 3, iterations=sims)
            agent.act(state.podium_state.view(seat), state.podium_state.legal_actions())
        ours = sims * len(states) / (time.perf_counter() - start)
        print(f"  podium {spec:32} {ours:9,.0f} iterations/s   {ours / theirs:6.1f}x OpenSpiel's")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer games and decisions")
    args = parser.parse_args(argv)
    games = {"golf": 200, "athletic": 20, "olympicards": 20}
    for name in CONFIGS:
        random_play(name, max(2, games[name] // (5 if args.quick else 1)))
        search_speed(name, 50 if not args.quick else 20, 10 if not args.quick else 4)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
