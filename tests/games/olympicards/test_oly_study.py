"""Olympicards' study tools as a newcomer meets them (every game's: tests/cli/test_study_newcomer.py): its
heuristic's options, labels of its result details, rules in titles, the automatic seating of six bots."""

from __future__ import annotations

import json
from pathlib import Path

from game_support import invoke
from podium.agents.base import agent_description, agent_names, bot_options


def test_olympicards_declares_its_own_heuristic_options() -> None:
    assert [o.name for o in bot_options("heuristic", "olympicards")] == ["noise", "samples", "card_value"]
    for name in agent_names("athletic"):
        assert "knock" not in agent_description(name, "olympicards")
    _, output = invoke("rules", "olympicards")
    flat = " ".join(output.split())
    line = flat[flat.index("Bots:") :]
    assert "card_value" in line and "knock" not in line


def test_a_detail_that_is_already_a_mean_is_labelled_once(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    code, output = invoke("simulate", "olympicards", "-n", "2", "--out", str(out))
    assert code == 0, output
    assert "mean sport rounds:" in output and "mean mean" not in output
    # The JSON keys users rely on keep their names.
    assert "mean_sport_rounds" in json.loads(out.read_text())["summary"]["detail_means"]
    code, output = invoke("simulate", "olympicards", "-n", "2", "--compare", "--rule", "world_record=false",
                          "--rule", "world_record=true")  # fmt: skip
    assert code == 0, output
    assert "mean sport rounds" in output and "mean mean" not in output


def test_auto_seating_says_when_it_chose_rotate() -> None:
    code, output = invoke("tournament", "olympicards", "--bots", "random,heuristic,easy,medium,heuristic:noise=0.5,"
                          "heuristic:noise=0.8", "--games", "6", "--seed", "1")  # fmt: skip
    assert code == 0, output
    plan = "6 bots on 6 seats → 6 seat arrangements (rotate: every bot in every seat once per deal; permute would "
    plan += "need 720)"
    assert plan in " ".join(output.split())


def test_rules_in_titles_are_written_as_rule_takes_them() -> None:
    code, output = invoke("simulate", "olympicards", "-n", "1", "--rule", "world_record=true")
    assert code == 0, output
    assert "Olympicards: 1 game, world_record=true" in output and "True" not in output
