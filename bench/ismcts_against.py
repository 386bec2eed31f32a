"""ISMCTS iterations per second now against the whole code of an earlier commit: issue 13's target 6 as users meet
it, "ISMCTS iterations/s ≥ 2× now", where "now" is the code of the day the issue was filed (`FILED`).

    python bench/ismcts_against.py                  # every case against FILED, about three minutes on a quiet core
    python bench/ismcts_against.py --game athletic --positions 40
    python bench/ismcts_against.py --rev HEAD~5     # any commit of this repository
    python bench/ismcts_against.py --new HEAD       # a commit instead of the working tree on the new side
    python bench/ismcts_against.py --compiled --game athletic   # the new side built with PODIUM_USE_MYPYC=1

bench/ismcts_speed.py runs a frozen copy of the old search on today's engines, solver and `Rng`, so that its ratio is
what the search itself gained. This one runs the old commit's code whole — its engines, solver, generator, playouts
and search — against the working tree's, which is what a user of `podium simulate` or a `hard` bot sees. The old code
is taken with `git archive` into a temporary folder; each side runs in its own worker process (this file with
`--worker`, importing podium from its own source folder). Both workers build the same positions (seeded games between
heuristic bots: `heuristic-v1` on the new side in Golf, the frozen copy of the heuristic of that day, so that the
positions agree; checked by a hash before anything is timed), then decide them in turn, the order of the two sides
alternating position by position so that a change in the machine's load hits both alike. Each decision is timed in CPU
time of its worker (`time.process_time`), which other processes' load does not count.

Where the algorithm changed since (docs/bots.md; Golf's pruned root moves and its playout, Athletic's quick turn in
the rollouts and its extra candidates), an iteration is not the same work as before: the ratio is then speed only, and
the strength is checked separately (bench/strength.py). The lines say how many of the decisions were the same.

`--compiled` builds the new side as a `PODIUM_USE_MYPYC=1` install does (setup.py: the Athletic solver compiled by
mypyc), with this environment's setuptools and mypy, into a temporary folder it then imports from. The compiled
solver makes the same decisions as the Python one (tests/packaging), so its ratio is speed alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import IO, Any

FILED = "817076b"  # the last commit before issue 13's work began (its parent is where the issue was measured)
REPO = Path(__file__).resolve().parent.parent

# (game, label, rule options, search form, bot spec): the forms of bench/ismcts_speed.py, in words both sides know.
# Not imported from there: that module imports podium, which a worker must take from its own source folder.
Case = tuple[str, str, dict[str, Any], str, str]
CASES: list[Case] = [
    ("golf", "Golf four-card", {}, "flat", "ismcts:depth=1"),
    ("golf", "Golf four-card", {}, "tree", "ismcts"),
    ("golf", "Golf six-card", {"variant": "six"}, "flat", "ismcts:depth=1"),
    ("golf", "Golf six-card", {"variant": "six"}, "tree", "ismcts"),
    ("olympicards", "Olympicards", {}, "tree", "ismcts"),
    ("olympicards", "Olympicards", {}, "flat", "ismcts:depth=1"),
    ("athletic", "Athletic Games", {}, "turn", "ismcts:macro=turn"),
]


# -- worker side: imports podium only from the source folder it was given -------------------------------------------


def worker(source: str, game_name: str, options: dict[str, Any], spec: str, positions_bot: str, count: int) -> None:
    """Build `count` positions, print their hash, then answer each index read from stdin with one decision's
    iterations, CPU seconds and action."""
    sys.path.insert(0, source)
    from podium.agents.base import make_agent
    from podium.core.registry import get_game
    from podium.core.rng import Rng

    game = get_game(game_name)
    points: list[tuple[int, Any, list[Any]]] = []
    rng = Rng(7)
    seed = 7
    while len(points) < count:  # as bench/ismcts_speed.py's positions()
        state = game.new_game(game.config(options), 2, seed)
        bots = [make_agent(positions_bot, game, p, seed + p) for p in range(2)]
        seed += 1
        while not state.is_over and len(points) < count:
            p = state.current_player
            assert p is not None  # a game not over has a player to move
            view = state.view(p)
            legal = state.legal_actions()
            if len(legal) > 1 and rng.randbelow(6) == 0:
                points.append((p, view, legal))
            state.apply(bots[p].act(view, legal))
    digest = hashlib.sha256(repr([(p, [str(a) for a in legal]) for p, _, legal in points]).encode()).hexdigest()
    print(json.dumps({"positions": digest, "source": str(Path(sys.modules["podium"].__file__ or "").parent)}))
    sys.stdout.flush()
    for line in sys.stdin:
        i = int(line)
        seat, view, legal = points[i]
        bot: Any = make_agent(spec, game, seat, 5 + i)  # an ISMCTS of either version (last_iterations)
        start = time.process_time()
        action = bot.act(view, legal)
        spent = time.process_time() - start
        print(json.dumps({"iterations": bot.last_iterations, "seconds": spent, "action": str(action)}))
        sys.stdout.flush()


# -- parent side ------------------------------------------------------------------------------------------------------


def export(rev: str, into: Path, paths: tuple[str, ...] = ("src",)) -> Path:
    """The `paths` of commit `rev` unpacked into `into`; returns the `src` folder there. Raises SystemExit naming the
    commit if git cannot read it."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, *paths], capture_output=True, check=False)
    if archive.returncode:
        raise SystemExit(f"cannot read commit {rev!r} of {REPO}: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryFile() as tar_file:
        tar_file.write(archive.stdout)
        tar_file.seek(0)
        with tarfile.open(fileobj=tar_file) as tar:
            tar.extractall(into, filter="data")
    return into / "src"


BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "build_backend", "src")


def _pip(what: str, *args: str) -> None:
    env = {**os.environ, "PODIUM_USE_MYPYC": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pip", "-q", *args], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"the compiled build of {what} failed:\n{done.stdout}{done.stderr}")


def compiled(rev: str | None, into: Path) -> Path:
    """The package of commit `rev` (None: the working tree) built with PODIUM_USE_MYPYC=1 (setup.py) and unpacked
    into `into / "site"`, which is returned: the folder to import it from. Uses this environment's setuptools and
    mypy (the test extra). Raises SystemExit with pip's output if the build fails."""
    project = into / "project"
    if rev is None:
        skip = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
        project.mkdir(parents=True)
        for name in BUILD_INPUTS:
            source = REPO / name
            if source.is_dir():
                shutil.copytree(source, project / name, ignore=skip)
            else:
                shutil.copy2(source, project / name)
    else:
        export(rev, project, BUILD_INPUTS)
    what = rev or "the working tree"
    _pip(what, "wheel", "--no-deps", "--no-build-isolation", "-w", str(into / "wheel"), str(project))
    _pip(what, "install", "--no-deps", "--target", str(into / "site"), *map(str, (into / "wheel").glob("*.whl")))
    if not list((into / "site" / "podium").rglob("*.so")):
        raise SystemExit(f"the build of {what} compiled nothing: has it setup.py's PODIUM_USE_MYPYC?")
    return into / "site"


class Side:
    """One worker process deciding the positions with one version of the code."""

    def __init__(self, source: Path, case: Case, positions_bot: str, count: int):
        game_name, _, options, _, spec = case
        env = {**os.environ, "PYTHONPATH": str(source)}
        args = [sys.executable, __file__, "--worker", str(source), game_name, json.dumps(options), spec]
        self.process = subprocess.Popen(
            [*args, positions_bot, str(count)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        self.hello = self._read()
        self.decisions: list[tuple[int, float]] = []  # (iterations, CPU seconds) per position
        self.actions: list[str] = []

    def _read(self) -> dict[str, Any]:
        out: IO[str] | None = self.process.stdout
        assert out is not None
        line = out.readline()
        if not line:
            raise SystemExit(f"a worker stopped (exit code {self.process.wait()}); its error is above")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def decide(self, index: int) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{index}\n")
        self.process.stdin.flush()
        reply = self._read()
        self.decisions.append((reply["iterations"], reply["seconds"]))
        self.actions.append(reply["action"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()

    def totals(self, searched: list[bool]) -> tuple[int, float]:
        """(iterations, CPU seconds) summed over the positions marked in `searched`."""
        kept = [d for d, keep in zip(self.decisions, searched, strict=True) if keep]
        return sum(i for i, _ in kept), sum(s for _, s in kept)


def rates(old: Side, new: Side) -> tuple[float, float]:
    """Each side's iterations per CPU second over the positions where both searched: a decision with a single
    candidate turn (Athletic) runs no iteration, and its time would count against its side's rate alone."""
    searched = [a[0] > 0 and b[0] > 0 for a, b in zip(old.decisions, new.decisions, strict=True)]
    out = []
    for side in (old, new):
        iterations, seconds = side.totals(searched)
        out.append(iterations / seconds if seconds else 0.0)
    return out[0], out[1]


def measure(old_source: Path, new_source: Path, case: Case, count: int, iterations: int) -> tuple[Side, Side]:
    """The old and the new side after deciding the same `count` positions, alternating which goes first."""
    game_name, label, options, mode, spec = case
    case = (game_name, label, options, mode, f"{spec}:iterations={iterations}")
    # Golf's `heuristic` changed in issue 17; `heuristic-v1` is the frozen heuristic of before, on either side that
    # has it (an older commit's `heuristic` is that bot), so that both sides build the same positions.
    golf_v1 = "heuristic-v1" if game_name == "golf" else "heuristic"
    has_v1 = (old_source / "podium" / "games" / "golf" / "bots" / "heuristic_v1.py").exists()
    old = Side(old_source, case, golf_v1 if has_v1 else "heuristic", count)
    new = Side(new_source, case, golf_v1, count)
    try:
        for side, source in ((old, old_source), (new, new_source)):
            if not side.hello["source"].startswith(str(source)):
                raise SystemExit(f"a worker imported podium from {side.hello['source']}, not from {source}")
        if old.hello["positions"] != new.hello["positions"]:
            raise SystemExit(f"{label}: the two sides built different positions; the heuristic bots disagree")
        for i in range(count):
            for side in (old, new) if i % 2 == 0 else (new, old):
                side.decide(i)
    finally:
        old.close()
        new.close()
    return old, new


def describe(case: Case, old: Side, new: Side) -> str:
    count = len(old.actions)
    everywhere = [True] * count
    (old_its, old_s), (new_its, new_s) = old.totals(everywhere), new.totals(everywhere)
    then, now = rates(old, new)
    same = sum(a == b for a, b in zip(old.actions, new.actions, strict=True))
    return (
        f"  {case[1] + ' ' + case[3]:22} then {then:8.0f} it/s   now {now:8.0f} it/s"
        f"   = {now / then if then else 0:5.2f}x"
        f"   ({old_s / count * 1000:.0f} -> {new_s / count * 1000:.0f} CPU ms/decision,"
        f" {old_its / count:.0f} -> {new_its / count:.0f} iterations; same decision {same}/{count})"
    )


def speed_lines(quick: bool, game: str | None = None) -> list[tuple[str, str, str, float]]:
    """bench/speed.py's target 6 against `FILED`: (case, now, then, ratio) per case of `CASES`, then Athletic again
    with the working tree's compiled build (PODIUM_USE_MYPYC=1), the one case it compiles."""
    count, iterations = (6, 100) if quick else (20, 300)
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        old_source = export(FILED, Path(folder))
        for case in CASES:
            if game in (None, case[0]):
                then, now = rates(*measure(old_source, REPO / "src", case, count, iterations))
                label = f"ISMCTS {case[1]} {case[3]} vs {FILED} (whole code)"
                lines.append((label, f"{now:,.0f} it/s", f"{then:,.0f} it/s", now / then if then else 0.0))
        if game in (None, "athletic"):
            try:
                site = compiled(None, Path(folder) / "compiled")
            except SystemExit as error:  # no C compiler, say: the lines above still stand
                print(f"no line for the compiled build: {error}")
                return lines
            for case in CASES:
                if case[0] == "athletic":
                    then, now = rates(*measure(old_source, site, case, count, iterations))
                    label = f"ISMCTS {case[1]} {case[3]} vs {FILED} (compiled build)"
                    lines.append((label, f"{now:,.0f} it/s", f"{then:,.0f} it/s", now / then if then else 0.0))
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        source, game_name, options, spec, positions_bot, count = argv[1:]
        worker(source, game_name, json.loads(options), spec, positions_bot, int(count))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=FILED, help=f"the commit to measure against (default {FILED})")
    parser.add_argument("--new", default=None, help="a commit for the new side (default: the working tree)")
    parser.add_argument(
        "--compiled", action="store_true", help="the new side built with PODIUM_USE_MYPYC=1 (setup.py; Athletic)"
    )
    parser.add_argument("--game", choices=sorted({case[0] for case in CASES}), default=None)
    parser.add_argument("--positions", type=int, default=20, help="decision points per case (default 20)")
    parser.add_argument("--iterations", type=int, default=300, help="the bots' iterations per decision (default 300)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.iterations < 1:
        parser.error("--positions and --iterations must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        old_source = export(args.rev, Path(folder) / "old")
        if args.compiled:
            new_source = compiled(args.new, Path(folder) / "new")
        else:
            new_source = REPO / "src" if args.new is None else export(args.new, Path(folder) / "new")
        new = (args.new or "the working tree") + (" (its compiled build)" if args.compiled else "")
        print(
            f"ISMCTS iterations per CPU second, {new} vs commit {args.rev} (whole code,"
            f" each side in its own process), {args.positions} positions, {args.iterations} iterations,"
            f" load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        for case in CASES:
            if args.game in (None, case[0]):
                old, new = measure(old_source, new_source, case, args.positions, args.iterations)
                print(describe(case, old, new), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
