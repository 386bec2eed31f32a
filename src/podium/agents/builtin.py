"""Imports every built-in agent module so that each registers itself."""

import podium.agents.athletic_solver
import podium.agents.heuristic
import podium.agents.ismcts
import podium.agents.presets
import podium.agents.random_agent  # noqa: F401
