"""Golf's study tools as a newcomer meets them (every game's: tests/cli/test_study_newcomer.py): its heuristic's
options, its bots' descriptions, the tournament plan of five bots."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from game_support import invoke
from podium.agents.base import agent_description, bot_options, make_agent
from podium.games.golf import GAME
from podium.games.golf.bots import counting
from podium.games.golf.bots.heuristic import GolfHeuristic, Thresholds
from podium.games.golf.bots.heuristic_v1 import ThresholdsV1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("heuristic:noise=abc", "heuristic option 'noise' must be a number between 0 and 1, not 'abc'"),
        ("heuristic:noise=1.5", "heuristic option 'noise' must be a number between 0 and 1, not '1.5'"),
        ("heuristic:knock_margin=yes", "heuristic option 'knock_margin' must be a number, not 'true'"),
        ("heuristic:samples=3", "bot 'heuristic' has no option 'samples' in golf (it is for olympicards)"),
    ],
)
def test_bad_heuristic_options_name_the_option_its_type_and_range(spec: str, message: str) -> None:
    code, output = invoke("simulate", "golf", "--bots", spec, "-n", "2")
    assert code == 2
    assert message in output
    assert len(output.strip().splitlines()) == 1


def test_golf_declares_its_own_heuristic_options() -> None:
    assert [o.name for o in bot_options("heuristic", "golf")] == ["noise", "knock_margin", "knock_drift", "knock_sure",
                                                                  "unknown_margin", "owner_bias", "take_margin",
                                                                  "close_margin"]  # fmt: skip
    # the frozen baseline keeps the options it had (issue 17)
    assert [o.name for o in bot_options("heuristic-v1", "golf")] == ["noise", "knock_margin", "unknown_margin",
                                                                     "owner_bias"]  # fmt: skip


def test_each_declared_option_is_a_threshold_the_bot_reads() -> None:
    for name, thresholds in (("heuristic", Thresholds), ("heuristic-v1", ThresholdsV1)):
        assert [o.name for o in bot_options(name, "golf")] == ["noise", *(f.name for f in fields(thresholds))]
    assert [o.name for o in bot_options("counting-v0", "golf")] == [f.name for f in fields(counting.Thresholds)]
    bot = make_agent("heuristic:knock_sure=4", GAME, 0)
    assert isinstance(bot, GolfHeuristic)
    assert bot.thresholds.knock_sure == 4.0
    assert bot.thresholds.take_margin == Thresholds().take_margin


def test_golfs_bot_descriptions() -> None:
    for name in ("heuristic", "ismcts", "hard", "easy", "medium"):
        texts = {game: agent_description(name, game) for game in ("golf", "athletic", "olympicards")}
        assert len(set(texts.values())) == 3, texts
    assert "knock" in agent_description("heuristic", "golf")
    assert "= ismcts:iterations=600:depth=1" in agent_description("hard", "golf")
    _, output = invoke("rules", "golf")
    flat = " ".join(output.split())
    assert "knock" in flat[flat.index("Bots:") :] and "solver (" not in flat[flat.index("Bots:") :]


def test_tournament_says_up_front_how_many_games_and_why(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    bots = "random,heuristic,easy,medium,heuristic:noise=0.5"
    code, output = invoke(
        "tournament", "golf", "--bots", bots, "--games", "10", "--rule", "rounds=1", "--out", str(out)
    )
    assert code == 0, output
    flat = " ".join(output.split())
    plan = (
        "5 bots on 5 seats → 120 seat arrangements (permute: every order of the 5 bots), each deal played in every "
        "arrangement; --games 10 rounded up to 1 deal × 120 = 120 games; use --seating rotate for fewer "
        "(5 arrangements per deal: 10 games)"
    )
    assert flat.startswith(plan)  # before the tables
    assert "Golf tournament: 120 games (1 deal × 120 seatings)" in flat
    data = json.loads(out.read_text())
    assert data["games"] == 120 and data["seating"] == "permute"
    code, output = invoke("tournament", "golf", "--bots", bots, "--games", "10", "--rule", "rounds=1",
                          "--seating", "rotate")  # fmt: skip
    assert code == 0, output
    flat = " ".join(output.split())
    assert "→ 5 seat arrangements (rotate: every bot in every seat once per deal)" in flat
    assert "--games 10 = 2 deals × 5 = 10 games" in flat and "use --seating" not in flat
