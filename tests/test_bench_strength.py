"""bench/strength.py --first-game resumes a stopped run exactly: games 0..K-1 and then K..N-1 are the games 0..N-1
of one run (issue 31, whose long runs are continued after a session ends)."""

import json
from pathlib import Path
from typing import Any

from bench_support import run_bench

# Three players, so that the split (after game 2) falls inside a deal: deal seed 7 is played three times, A in seats
# 0, 1, 2, then deal seed 8 from seats 0 and 1.
RUN = ("golf", "random", "random", "--players", "3", "--seed", "7", "--workers", "1")


def _strength(tmp_path: Path, name: str, *options: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    run = run_bench("strength.py", *RUN, *options, "--json", str(out))
    assert run.returncode == 0, run.stderr[-2000:]
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert data["partial"] is False
    return data


def test_a_run_resumed_with_first_game_plays_the_games_of_the_whole_run(tmp_path: Path) -> None:
    whole = _strength(tmp_path, "whole", "--games", "5")
    head = _strength(tmp_path, "head", "--games", "2")
    tail = _strength(tmp_path, "tail", "--first-game", "2", "--games", "3")

    assert [(g["game"], g["deal_seed"], g["a_seat"]) for g in whole["per_game"]] == [
        (0, 7, 0),
        (1, 7, 1),
        (2, 7, 2),
        (3, 8, 0),
        (4, 8, 1),
    ]
    assert (tail["first_game"], tail["seed"], tail["games"]) == (2, 7, 3)
    assert head["per_game"] + tail["per_game"] == whole["per_game"]
    # the resumed run did not replay the first games under the later games' numbers
    results = [(g["score"], g["total_a"], g["total_b"]) for g in whole["per_game"]]
    assert results[2:] != results[:3]
    # and what the tables pool, the score and the totals, adds up
    for key in ("win_rate", "mean_total_a", "mean_total_b"):
        pooled = head[key] * head["games"] + tail[key] * tail["games"]
        assert abs(pooled - whole[key] * whole["games"]) < 1e-9, key


def test_first_game_must_not_be_negative() -> None:
    run = run_bench("strength.py", *RUN, "--games", "1", "--first-game", "-1")
    assert run.returncode == 2
    assert "--first-game: must be >= 0, not -1" in run.stderr, run.stderr
