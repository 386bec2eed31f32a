"""Players that are programs. Every agent sees what a human in its seat would see: the view and the legal actions."""

from podium.agents.base import Agent, agent_names, make_agent, register_agent

__all__ = ["Agent", "agent_names", "make_agent", "register_agent"]
