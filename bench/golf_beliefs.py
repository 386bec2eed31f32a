"""Calibrate the Golf sampler's beliefs (`podium/games/golf/bots/beliefs.py`): how much lower the cards an opponent
has seen and kept are than the cards the viewer has not seen.

    python bench/golf_beliefs.py [--games 2000] [--seed 1] [--bot heuristic]

Plays four-card games (two players, default rules) between two copies of `--bot`. At every turn's start it looks at
the other seat's cards that only their owner has seen (peeked, or swapped in from the stock) and tallies their values
against what a uniform deal from the viewer's unseen cards would give (the value distribution of those cards, one
share per card), bucketed by the owner's turns in the round and how many such cards they hold. Each bucket's ratio
kept / expected is the likelihood ratio the sampler weighs a value with; it prints the table as Python.
"""

from __future__ import annotations

import argparse

from podium.agents.base import make_agent
from podium.core.registry import get_game
from podium.games.golf.bots.beliefs import TURN_BUCKETS, turn_bucket
from podium.games.golf.rules import OWNER, PUBLIC, UNSEEN

VALUES = 11  # the standard table's values 0..10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--smooth", type=float, default=2.0, help="pseudo-counts added to kept and expected")
    args = parser.parse_args(argv)
    game = get_game("golf")
    config = game.config({})
    shape = (TURN_BUCKETS, 4)
    kept = [[[0.0] * VALUES for _ in range(shape[1])] for _ in range(shape[0])]
    expected = [[[0.0] * VALUES for _ in range(shape[1])] for _ in range(shape[0])]
    for g in range(args.games):
        state = game.new_game(config, 2, args.seed + g)
        agents = [make_agent(args.bot, game, seat, (args.seed + g) * 2 + seat) for seat in range(2)]
        values = state.rules.values
        while not state.is_over:
            p = state.current_player
            assert p is not None
            if state.phase.value == "start":
                q = 1 - p
                hands, known = state.hands, state.known
                first, turns = state.first_player, state.round_turns
                theirs = sum(1 for k in range(turns) if (first + k) % 2 == q)
                slots = [i for i in range(q * 4, q * 4 + 4) if known[i] == OWNER]
                pool = [
                    hands[i]
                    for i in range(8)
                    if (i // 4 == p and known[i] == UNSEEN) or (i // 4 == q and known[i] < PUBLIC)
                ] + list(state.stock)
                share = [0.0] * VALUES
                for c in pool:
                    share[values[c]] += 1.0 / len(pool)
                if slots:
                    k, e = kept[turn_bucket(theirs)][len(slots) - 1], expected[turn_bucket(theirs)][len(slots) - 1]
                    for i in slots:
                        k[values[hands[i]]] += 1
                        for v in range(VALUES):
                            e[v] += share[v]
            state.apply(agents[p].act(state.view(p), state.legal_actions()))
    a = args.smooth
    print(f"# bench/golf_beliefs.py --games {args.games} --seed {args.seed} --bot {args.bot} --smooth {a:g}")
    print("WEIGHTS = (  # [turn bucket][privately seen cards - 1][value 0..10]")
    for t in range(shape[0]):
        print("    (")
        for o in range(shape[1]):
            row = ", ".join(f"{(k + a) / (e + a):.2f}" for k, e in zip(kept[t][o], expected[t][o], strict=True))
            print(f"        ({row}),  # {int(sum(kept[t][o]))} cards")
        print("    ),")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
