"""Imports the framework's agent modules so that each registers itself (a game's own bots come from its spec)."""

import podium.agents.ismcts
import podium.agents.presets
import podium.agents.random_agent  # noqa: F401
