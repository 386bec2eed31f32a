"""Issue 13, simulations at the engine's speed: every target's ratio against its baseline, measured in the same run.

    python bench/speed.py              # a few minutes
    python bench/speed.py --quick      # about a minute (fewer games and states; target 5 with 3,000 games)
    python bench/speed.py --only 2,3   # some targets

One function per target (`target1` … `target6`), each returning its lines; a line names the case, the measured
figure, its baseline, the ratio and the goal. Times are CPU time of this process (`time.process_time`, best of a few
repetitions) except target 5, which is wall-clock throughput across processes. Baselines of "faster than now"
targets are frozen copies of the code of before the work, in bench/baselines/*_v0.py, run on the same states.

1. `podium simulate` (random bots) actions/s ÷ the bare contract loop (legal_actions + the same random choice +
   apply) on the same games; goal ≥ 0.5. Also shown: the loop of before, which built a view for every action.
2. Athletic `view` after 500 reshuffles ÷ `view` at the start of a game; goal ≤ 2 (before: the frozen view).
3. `view` ÷ `apply` (per action, over random games); goal ≤ 5. `from_dict`: the frozen reader's time ÷ today's on
   the same stored states; goal ≥ 3.
4. Athletic `legal_actions` (table moves on: the no-repeat rule) and Olympicards `legal_actions` in the play phase:
   frozen ÷ today's on the same states; goal ≥ 1.5.
5. `simulate` Golf random 2p with `--workers 2` ÷ 1 worker (games/s, wall clock), local pool and Ray; goal ≥ 1.8
   on a quiet machine (the load average is printed: on a busy machine the ratio says little).
6. ISMCTS iterations/s ÷ the ISMCTS of before, two ways: the whole code of the commit the issue was filed at, each
   side in its own process (bench/ismcts_against.py; Athletic also as the compiled build, `PODIUM_USE_MYPYC=1`,
   runs it), and a frozen copy of the old search on today's engines and solver (bench/ismcts_speed.py, the search
   alone).
"""

from __future__ import annotations

import argparse
import operator
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))  # bench/baselines

from podium.core.config import GameConfig
from podium.core.contract import Game, State
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.sim.runner import bot_seed, simulate

INFO = "info"


@dataclass
class Line:
    target: str
    case: str
    measured: str
    baseline: str
    ratio: float
    goal: str  # ">= 0.5" or "<= 2"; INFO for a line that explains others and has no goal of its own

    @property
    def met(self) -> bool:
        if self.goal == INFO:
            return True
        op, value = self.goal.split()
        return self.ratio >= float(value) if op == ">=" else self.ratio <= float(value)

    def __str__(self) -> str:
        verdict = (
            "(no goal: explains the lines above)"
            if self.goal == INFO
            else f"goal {self.goal:<6} " + ("ok" if self.met else "MISSED")
        )
        return f"{self.target:<3} {self.case:<38} {self.measured:>22} {self.baseline:>22}  {self.ratio:6.2f}  {verdict}"


def cpu(fn: Callable[[], Any], repeat: int = 3) -> float:
    """Best CPU time of `repeat` calls of `fn`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def per_call(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int = 3) -> float:
    """Best mean CPU seconds of `fn(item)` over `items`."""

    def run() -> None:
        for item in items:
            fn(item)

    return cpu(run, repeat) / len(items)


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.2f} µs"


def random_games(
    game: Game, config: GameConfig, players: int, seeds: Sequence[int]
) -> list[tuple[State, list[Any], list[State]]]:
    """Each seed's game between random bots as `simulate` plays it: (the start, the actions, every state before an
    action)."""
    out = []
    for seed in seeds:
        state = game.new_game(config, players, seed)
        start = state.clone()
        rngs = [Rng(bot_seed(seed, seat)) for seat in range(players)]
        actions: list[Any] = []
        states: list[State] = []
        while (player := state.current_player) is not None:
            legal = state.legal_actions()
            action = legal[rngs[player].randbelow(len(legal))]
            states.append(state.clone())
            actions.append(action)
            state.apply(action)
        out.append((start, actions, states))
    return out


def thin(items: list[Any], count: int) -> list[Any]:
    step = max(1, len(items) // count)
    return items[::step][:count]


# ---------------------------------------------------------------------------------------------------- target 1

SIM_CASES: list[tuple[str, str, dict[str, Any], int, int, int]] = [
    # label, game, options, players, games (full), games (quick)
    ("Golf six-card 2p", "golf", {"variant": "six"}, 2, 400, 60),
    ("Golf four-card 4p", "golf", {}, 4, 800, 120),
    ("Olympicards 4p", "olympicards", {}, 4, 600, 100),
    ("Athletic 2p", "athletic", {}, 2, 200, 30),
    ("Athletic 5p step=up", "athletic", {"step": "up"}, 5, 12, 3),
]


def bare_loop(game: Game, config: GameConfig, players: int, seeds: Sequence[int]) -> int:
    """The bare loop over the contract: legal_actions, the random bot's choice with the same generators, apply."""
    plies = 0
    for seed in seeds:
        state = game.new_game(config, players, seed)
        rngs = [Rng(bot_seed(seed, seat)) for seat in range(players)]
        while (player := state.current_player) is not None:
            legal = state.legal_actions()
            state.apply(legal[rngs[player].randbelow(len(legal))])
            plies += 1
    return plies


def target1(quick: bool) -> list[Line]:
    from baselines.runner_v0 import play_game as play_game_v0

    lines = []
    for label, name, options, players, full, few in SIM_CASES:
        game = get_game(name)
        config = game.config(options)
        games = few if quick else full
        seeds = range(1000, 1000 + games)
        plies = bare_loop(game, config, players, seeds)
        bare = cpu(
            lambda game=game, config=config, players=players, seeds=seeds: bare_loop(game, config, players, seeds)
        )
        report = simulate(game, config, ["random"] * players, games, 1000)
        assert report.plies == plies, "simulate did not play the games of the bare loop"
        sim = cpu(lambda game=game, config=config, players=players, games=games: simulate(
            game, config, ["random"] * players, games, 1000
        ))  # fmt: skip
        old_games = range(1000, 1000 + max(1, games // 4))
        old_plies = sum(play_game_v0(game, config, ["random"] * players, s)[1] for s in old_games)
        old = cpu(lambda game=game, config=config, players=players, old_games=old_games: [
            play_game_v0(game, config, ["random"] * players, s) for s in old_games
        ], repeat=1)  # fmt: skip
        lines.append(
            Line(
                "1",
                f"{label} (before: {old_plies / old / (plies / bare):.2f})",
                f"{plies / sim:,.0f} act/s",
                f"{plies / bare:,.0f} act/s",
                bare / sim,
                ">= 0.5",
            )
        )
    return lines


# ---------------------------------------------------------------------------------------------------- target 2


def reshuffled_state(reshuffles: int) -> State:
    """A random 5-player `step=up` game (seed 3) played until `reshuffles` reshuffles (no turn limit in the way)."""
    game = get_game("athletic")
    state: Any = game.new_game(game.config(step="up", max_turns=100000), 5, 3)
    rng = Rng(3)
    while state.reshuffles < reshuffles:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def view_per_action(state: State, actions: int, seed: int) -> float:
    """CPU seconds of a view per action over the next `actions` random actions from `state`: a view before every
    action, as a bot that reads views asks for them, minus the same actions replayed without views."""
    rng = Rng(seed)
    work = state.clone()
    played = []
    for _ in range(actions):
        if work.is_over:
            break
        legal = work.legal_actions()
        played.append(legal[rng.randbelow(len(legal))])
        work.apply(played[-1])

    def run(viewed: bool) -> None:
        s = state.clone()
        for action in played:
            if viewed:
                s.view(s.current_player)
            s.apply(action)

    return (cpu(lambda: run(True)) - cpu(lambda: run(False))) / len(played)


def target2(quick: bool) -> list[Line]:
    from baselines.athletic_state_v0 import AthleticState as AthleticStateV0

    game = get_game("athletic")
    AthleticStateV0.game = game
    start = game.new_game(game.config(step="up", max_turns=100000), 5, 3)
    late = reshuffled_state(500)
    actions = 150 if quick else 600
    now = [view_per_action(s, actions, 9) for s in (start, late)]
    old_start, old_late = (AthleticStateV0.from_dict(s.to_dict()) for s in (start, late))
    assert old_late.view(0) == late.view(0)
    before = [per_call(lambda s: s.view(0), [s] * 20) for s in (old_start, old_late)]
    return [
        Line(
            "2",
            f"Athletic view, {late.reshuffles} reshuffles (before {before[1] / before[0]:.0f}×)",  # type: ignore[attr-defined]
            us(now[1]),
            f"{us(now[0])} start",
            now[1] / now[0],
            "<= 2",
        )
    ]


# ---------------------------------------------------------------------------------------------------- target 3

VIEW_CASES: list[tuple[str, str, dict[str, Any], int, int]] = [
    # label, game, options, players, games
    ("Golf four-card 2p", "golf", {}, 2, 6),
    ("Golf six-card 4p", "golf", {"variant": "six"}, 4, 2),
    ("Olympicards 4p", "olympicards", {}, 4, 6),
    ("Olympicards 7p", "olympicards", {}, 7, 3),
    ("Athletic 2p", "athletic", {}, 2, 4),
    ("Athletic 5p step=up", "athletic", {"step": "up", "max_turns": 400}, 5, 1),
]


def _old_view(name: str) -> Callable[[Any, int | None], Any]:
    """The view of before, frozen, run on today's state (its fields are the same)."""
    if name == "golf":
        from baselines import golf_views_v0

        return golf_views_v0.golf_view
    if name == "olympicards":
        from baselines import olympicards_views_v0

        return olympicards_views_v0.player_view  # type: ignore[return-value]
    from baselines.athletic_state_v0 import AthleticState as AthleticStateV0

    return AthleticStateV0.typed_view  # type: ignore[return-value]


def _old_from_dict(name: str) -> Callable[[Any], Any]:
    if name == "golf":
        from baselines import golf_records_v0
        from podium.games.golf.state import GolfState

        return lambda data: golf_records_v0.read_state(GolfState, data)
    if name == "olympicards":
        from baselines import olympicards_records_v0
        from podium.games.olympicards.state import OlympicardsState

        return lambda data: OlympicardsState.from_parts(**olympicards_records_v0.read_state(data))
    from baselines.athletic_state_v0 import AthleticState as AthleticStateV0

    AthleticStateV0.game = get_game("athletic")
    return AthleticStateV0.from_dict


def target3(quick: bool) -> list[Line]:
    lines = []
    for label, name, options, players, games in VIEW_CASES:
        game = get_game(name)
        played = random_games(game, game.config(options), players, range(2000, 2000 + games))
        total = sum(len(actions) for _, actions, _ in played)

        def replay(played: list[tuple[State, list[Any], list[State]]] = played) -> None:
            for start, actions, _ in played:
                state = start.clone()
                apply = state.apply
                for action in actions:
                    apply(action)

        def clones(played: list[tuple[State, list[Any], list[State]]] = played) -> None:
            for start, _, _ in played:
                start.clone()

        def replay_viewed(
            played: list[tuple[State, list[Any], list[State]]] = played, old: bool = False, name: str = name
        ) -> None:
            for start, actions, _ in played:
                state = start.clone()
                apply = state.apply
                view = partial(_old_view(name), state) if old else state.view
                for action in actions:
                    view(state.current_player)
                    apply(action)

        replayed = cpu(replay)
        before = (cpu(lambda: replay_viewed(old=True), repeat=1) - replayed) / total
        apply_cost = (replayed - cpu(clones)) / total
        # A view before every action, as a bot that reads views asks for them: what an engine keeps up to date
        # between views is paid for in apply, and counted there.
        view_cost = (cpu(replay_viewed) - replayed) / total
        states = thin([s for _, _, states in played for s in states], 300 if quick else 2000)
        ratio = view_cost / apply_cost
        case = f"{label} view ÷ apply (before {before / apply_cost:.0f}×)"
        lines.append(Line("3", case, us(view_cost), f"{us(apply_cost)} apply", ratio, "<= 5"))
        stored = [s.to_dict() for s in thin(states, 100 if quick else 400)]
        old_reader = _old_from_dict(name)
        for data in stored[:20]:
            assert old_reader(data).to_dict() == game.state_from_dict(data).to_dict() == data
        now = per_call(game.state_from_dict, stored)
        old = per_call(old_reader, stored)
        lines.append(Line("3", f"{label} from_dict, before ÷ now", us(now), f"{us(old)} before", old / now, ">= 3"))
    return lines


# ---------------------------------------------------------------------------------------------------- target 4


_ACTION_ID = operator.attrgetter("_id")


def _old_olympicards_legal(state: Any) -> list[Any]:
    """Olympicards `legal_actions` in the play phase as it was: the frozen play generator, then today's actions."""
    from baselines.olympicards_plays_v0 import legal_plays
    from podium.games.olympicards.actions import WITHDRAW, play_actions

    player = state._order[state._pos]
    found = legal_plays(state._set.sports[state._sport], state._hands[player], state._plays[player], state._last,
                        state._target)  # fmt: skip
    actions = play_actions(found)
    actions.sort(key=_ACTION_ID)
    actions.insert(0, WITHDRAW)
    return actions


def target4(quick: bool) -> list[Line]:
    from baselines.athletic_state_v0 import AthleticState as AthleticStateV0

    lines = []
    count = 400 if quick else 3000
    for label, options, players, games in [("Athletic 2p", {}, 2, 6), ("Athletic 4p step=up", {"step": "up"}, 4, 2)]:
        game = get_game("athletic")
        AthleticStateV0.game = game
        played = random_games(game, game.config(options), players, range(3000, 3000 + games))
        # Both sides read from the same records, alternately, so that their objects lie alike in memory: the states
        # kept while playing are scattered among the game's other objects, and on 3,000 states that alone made
        # today's 1.5x slower than the same states read back (cache misses; callgrind counts 2.5x fewer instructions).
        states, old_states = [], []
        for record in [s.to_dict() for s in thin([s for _, _, kept in played for s in kept], count)]:
            states.append(game.state_from_dict(record))
            old_states.append(AthleticStateV0.from_dict(record))
        assert all(a.legal_actions() == b.legal_actions() for a, b in zip(states, old_states, strict=True))
        now = per_call(lambda s: s.legal_actions(), states)
        old = per_call(lambda s: s.legal_actions(), old_states)
        chains = sum(1 for s in states if s.chain) / len(states)  # type: ignore[attr-defined]
        lines.append(Line("4", f"{label} legal_actions ({chains:.0%} mid-chain)", us(now), f"{us(old)} before",
                          old / now, ">= 1.5"))  # fmt: skip
    game = get_game("olympicards")
    for players in (2, 4, 7):
        played = random_games(game, game.config(), players, range(4000, 4000 + 12))
        states = thin([s for _, _, states in played for s in states if s.phase.name == "PLAY"], count)  # type: ignore[attr-defined]
        assert all(s.legal_actions() == _old_olympicards_legal(s) for s in states)
        now = per_call(lambda s: s.legal_actions(), states)
        old = per_call(_old_olympicards_legal, states)
        lines.append(Line("4", f"Olympicards {players}p legal_actions (play)", us(now), f"{us(old)} before", old / now,
                          ">= 1.5"))  # fmt: skip
    return lines


# ---------------------------------------------------------------------------------------------------- target 5


def target5(quick: bool) -> list[Line]:
    """Wall-clock games/s with 2 workers ÷ 1 process. Each chunk also measures the CPU time it used (simulate_scaling's
    TimedJob), so a line says whether parallel play cost more CPU per game than the baseline (podium's overhead) and
    what share of the 2 cores the workers got (below 100%: other processes had them)."""
    from podium.sim.backends import run_job, start_ray
    from podium.sim.runner import SimulationJob
    from simulate_scaling import TimedJob

    games = 3000 if quick else 20000
    game = get_game("golf")
    job = TimedJob(SimulationJob("golf", game.config(), ("random", "random"), 7, games))

    def wall(backend: str, workers: int) -> tuple[float, Any]:
        start = time.perf_counter()
        timed = run_job(job, backend=backend, workers=workers)
        return time.perf_counter() - start, timed

    def line(label: str, seconds: float, timed: Any) -> Line:
        assert timed.aggregate == reference.aggregate
        cpu_ratio = timed.cpu / reference.cpu
        share = timed.cpu / (seconds * 2)
        case = f"{label}: CPU/game {cpu_ratio:.2f}×, CPU share {share:.0%}"
        return Line(
            "5", case, f"{games / seconds:,.0f} games/s", f"{games / one:,.0f} games/s", one / seconds, ">= 1.8"
        )

    load = os.getloadavg()[0]
    one, reference = wall("local", 1)
    print(f"target 5: Golf 2p, {games:,} games; 1 process {one:.1f} s, CPU share {reference.cpu / one:.0%} of a core, "
          f"load average {load:.1f}")  # fmt: skip
    lines = [line("pool of 2", *wall("local", 2))]
    try:
        import ray
    except ImportError:
        print("target 5: ray is not installed (pip install 'podium[ray]'): the Ray line is skipped")
        return lines
    start_ray(2, None)
    try:
        warm = TimedJob(SimulationJob("golf", game.config(), ("random", "random"), 0, 4))
        run_job(warm, backend="ray", workers=2, size=1)  # Ray starts its workers lazily
        lines.append(line("Ray, 2 CPUs", *wall("ray", 2)))
    finally:
        ray.shutdown()
    return lines


# ---------------------------------------------------------------------------------------------------- target 6


def target6(quick: bool) -> list[Line]:
    """ISMCTS iterations per CPU second, two ways: against the whole code of the commit issue 13 was filed at
    (bench/ismcts_against.py: engines, solver, generator and search as users ran them then), and against a frozen copy
    of the old search run on today's engines and solver (bench/ismcts_speed.py: what the search alone gained)."""
    import ismcts_against
    import ismcts_speed

    lines = []
    try:
        lines += [Line("6", *line, ">= 2") for line in ismcts_against.speed_lines(quick)]
    except SystemExit as error:  # no git history to read the old commit from (a shallow clone)
        print(f"target 6: no line against {ismcts_against.FILED}: {error}")
    # the goal is the whole code's; what the search alone gained on today's engines and solver is shown beside it
    return lines + [Line("6", *line, INFO) for line in ismcts_speed.speed_lines(quick)]


TARGETS: dict[str, Callable[[bool], list[Line]]] = {
    "1": target1,
    "2": target2,
    "3": target3,
    "4": target4,
    "5": target5,
    "6": target6,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and states")
    parser.add_argument("--only", default=",".join(TARGETS), help="targets to run, e.g. 1,3")
    args = parser.parse_args()
    wanted = [t.strip() for t in args.only.split(",") if t.strip()]
    unknown = [t for t in wanted if t not in TARGETS]
    if unknown:
        parser.error(f"--only takes target numbers {', '.join(TARGETS)}, not {', '.join(unknown)}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU time, best of 3 unless noted")
    print(f"{'#':<3} {'case':<38} {'measured':>22} {'baseline':>22}  {'ratio':>6}")
    missed = 0
    for target in wanted:
        for line in TARGETS[target](args.quick):
            print(line, flush=True)
            missed += not line.met
    print(f"{missed} line(s) missed their goal" if missed else "every line met its goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
