"""Batch simulation: many games between bots, and the statistics of how they came out."""

from podium.sim.runner import SimulationReport, play_out, simulate

__all__ = ["SimulationReport", "play_out", "simulate"]
