"""Olympicards engine speed, on one core.

    python bench/olympicards_engine.py            # about 20 s
    python bench/olympicards_engine.py --quick    # a few seconds

It measures, with fixed seeds:
- random play: `legal_actions()` + a random choice (`Rng.randbelow`, as the random bot does) + `apply()`, as
  actions/s and nine-sport games/s, for 2, 4 and 7 players with the default sport set and 4 players with the
  "test" set (which has 3-card plays of any cards);
- loop baseline: a bare Python loop over the same number of steps that only copies a small tuple into a list and
  makes the same random choice — the floor any engine step pays in the interpreter (ratio = engine / baseline);
- legal_actions with large hands: for every default sport, a hand of 6, 15 and 25 cards (with a previous play in
  the sport, so the progression rule filters), calls/s and the number of legal actions; the 6-card hand is the
  baseline and the ratio says how much more a large hand costs;
- clone: `clone()` calls/s on mid-game states (what search bots pay per simulation).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config, OlympicardsState
from podium.games.olympicards.cards import NUM_KINDS, VALUE
from podium.games.olympicards.state import PLAY

SEED = 20240601


def play_games(config: Config, players: int, games: int, seed: int) -> tuple[int, float]:
    chooser = Rng(seed)
    randbelow = chooser.randbelow
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        state = GAME.new_game(config, players, seed + g)
        legal_actions, apply = state.legal_actions, state.apply
        while state.phase != 2:
            legal = legal_actions()
            apply(legal[randbelow(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def loop_baseline(steps: int, seed: int) -> float:
    chooser = Rng(seed)
    randbelow = chooser.randbelow
    items = (1, 2, 3, 4, 5, 6)
    start = time.perf_counter()
    for _ in range(steps):
        legal = list(items)
        legal[randbelow(len(legal))]  # the choice is the work being timed
    return time.perf_counter() - start


def position(sport_name: str, hand_size: int, seed: int) -> OlympicardsState:
    """Seat 0 to play `sport_name` with `hand_size` cards, after a previous play of a middle card (built as a stored
    state, the way a record or a test sets up a position)."""
    config = Config()
    data = GAME.new_game(config, 4, seed).to_dict()
    draw: list[int] = data["draw"]
    Rng(seed).shuffle(draw)
    hand: list[int] = data["hands"][0]
    while len(hand) < hand_size:
        hand.append(draw.pop())
    sport = config.sport_set.index(sport_name)
    if data["sport"] >= 0 and data["sport"] != sport:
        data["pile"][data["pile"].index(sport)] = data["sport"]
    data.update(sport=sport, phase=int(PLAY), order=[0, 1, 2, 3], pos=0, round=2)
    middle = next(k for k in draw if VALUE[k] == 4)
    draw.remove(middle)
    data["plays"][0] = [[middle]]
    data.update(last=[middle], last_player=0)
    if config.sport_set.sports[sport].flip:
        data["target"] = next(k for k in draw if VALUE[k] == 3)
        draw.remove(data["target"])
    state = OlympicardsState.from_dict(data)
    assert sorted(state.all_cards()) == sorted(k for k in range(NUM_KINDS) for _ in range(2))
    return state


def rate(fn: Callable[[], object], seconds: float) -> float:
    calls, start = 0, time.perf_counter()
    while True:
        for _ in range(20):
            fn()
        calls += 20
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer games and shorter timings")
    args = parser.parse_args()
    games = 40 if args.quick else 200
    seconds = 0.05 if args.quick else 0.25
    repeats = 1 if args.quick else 3

    print(f"Random play (legal_actions + random choice + apply), one core, best of {repeats}")
    print(
        f"{'set':<8} {'players':>7} {'games':>6} {'actions/s':>11} {'games/s':>9} {'actions/game':>13} {'vs loop':>9}"
    )
    for sports, players in (("default", 2), ("default", 4), ("default", 7), ("test", 4)):
        config = Config(sports=sports)
        runs = [play_games(config, players, games, SEED) for _ in range(repeats)]
        actions, elapsed = runs[0][0], min(t for _, t in runs)
        base = min(loop_baseline(actions, SEED) for _ in range(repeats))
        print(
            f"{sports:<8} {players:>7} {games:>6} {actions / elapsed:>11,.0f} {games / elapsed:>9,.1f}"
            f" {actions / games:>13.1f} {elapsed / base:>8.1f}x"
        )
    print(f"loop baseline: {actions / base:,.0f} steps/s")

    print()
    print("legal_actions with large hands (baseline: the same sport with 6 cards)")
    print(f"{'sport':<14} {'cards':>5} {'legal':>6} {'calls/s':>10} {'us/call':>8} {'vs 6 cards':>10}")
    for sport in Config().sport_set.sports:
        baseline = 0.0
        for size in (6, 15, 25):
            state = position(sport.name, size, SEED + size)
            legal = len(state.legal_actions())
            per_second = rate(state.legal_actions, seconds)
            if size == 6:
                baseline = per_second
            print(
                f"{sport.name:<14} {size:>5} {legal:>6} {per_second:>10,.0f} {1e6 / per_second:>8.1f}"
                f" {baseline / per_second:>9.1f}x"
            )

    print()
    state = GAME.new_game(Config(), 4, SEED)
    chooser = Rng(SEED)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[chooser.randbelow(len(legal))])
    print(f"clone (4 players, mid-game): {rate(state.clone, seconds * 2):,.0f} calls/s")


if __name__ == "__main__":
    main()
