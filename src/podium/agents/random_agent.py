"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

from podium.agents.base import Agent, register_agent
from podium.core.contract import Action, View


class RandomAgent(Agent):
    name = "random"
    reads_views = False

    def act(self, view: View, legal: list[Action]) -> Action:
        return legal[self.rng.randbelow(len(legal))]


register_agent("random", RandomAgent, "plays a uniformly random legal action")
