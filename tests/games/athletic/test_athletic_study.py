"""Athletic Games' study tools as a newcomer meets them (every game's: tests/cli/test_study_newcomer.py): its
heuristic's options and its bots' descriptions."""

from __future__ import annotations

from game_support import invoke
from podium.agents.base import agent_description, agent_names, bot_options


def test_athletic_declares_its_own_heuristic_options() -> None:
    assert [o.name for o in bot_options("heuristic", "athletic")] == ["noise", "node_limit"]


def test_athletics_bot_descriptions() -> None:
    for name in agent_names("athletic"):
        assert "knock" not in agent_description(name, "athletic")
    assert "solver" in agent_description("heuristic", "athletic")
    assert "= ismcts:iterations=150" in agent_description("hard", "athletic")
    _, output = invoke("rules", "athletic")
    flat = " ".join(output.split())
    line = flat[flat.index("Bots:") :]
    assert "solver (" in line and "knock" not in line
