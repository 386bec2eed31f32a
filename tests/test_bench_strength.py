"""bench/strength.py --first-game resumes a stopped run exactly: games 0..K-1 and then K..N-1 are the games 0..N-1
of one run (issue 31, whose long runs are continued after a session ends)."""

import json
from pathlib import Path
from typing import Any

from bench_support import run_bench

# The plugin game (a framework test names no built-in game), two players: deal seed 7 is played with A in seat 0,
# then in seat 1, then deal seed 8 and 9 the same; the split (after game 2) falls inside deal 8.
RUN = ("kuhn", "random", "random", "--seed", "7", "--workers", "1")


def _strength(tmp_path: Path, name: str, *options: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    run = run_bench("strength.py", *RUN, *options, "--json", str(out))
    assert run.returncode == 0, run.stderr[-2000:]
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert data["partial"] is False
    return data


def test_a_run_resumed_with_first_game_plays_the_games_of_the_whole_run(tmp_path: Path) -> None:
    whole = _strength(tmp_path, "whole", "--games", "6")
    head = _strength(tmp_path, "head", "--games", "3")
    tail = _strength(tmp_path, "tail", "--first-game", "3", "--games", "3")

    assert [(g["game"], g["deal_seed"], g["a_seat"]) for g in whole["per_game"]] == [
        (0, 7, 0),
        (1, 7, 1),
        (2, 8, 0),
        (3, 8, 1),
        (4, 9, 0),
        (5, 9, 1),
    ]
    assert (tail["first_game"], tail["seed"], tail["games"]) == (3, 7, 3)
    assert head["per_game"] + tail["per_game"] == whole["per_game"]
    # the games differ, so a resumed run that replayed the first games under the later games' numbers would fail
    results = [(g["score"], g["total_a"], g["total_b"]) for g in whole["per_game"]]
    assert results[3:] != results[:3]
    # and what the tables pool, the score and the totals, adds up
    for key in ("win_rate", "mean_total_a", "mean_total_b"):
        pooled = head[key] * head["games"] + tail[key] * tail["games"]
        assert abs(pooled - whole[key] * whole["games"]) < 1e-9, key


def test_first_game_must_not_be_negative() -> None:
    run = run_bench("strength.py", *RUN, "--games", "1", "--first-game", "-1")
    assert run.returncode == 2
    assert "--first-game: must be >= 0, not -1" in run.stderr, run.stderr
