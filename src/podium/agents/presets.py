"""Difficulty levels: `easy`, `medium` and `hard`, each standing for a concrete bot spec in each game.

A game says what each level is for it in its spec (`GameSpec.notes`, with the measured reasons in docs/bots.md):
- easy: a beginner, typically the game's heuristic bot with a third of its decisions random;
- medium: a solid player, typically the heuristic bot;
- hard: the strongest bot at a playable speed, typically ISMCTS with the game's fast playout and an iteration budget
  that keeps a decision well under a second on one core (an iteration budget, not a time budget, so that seeded
  games with `hard` bots replay exactly).
A game that names no level gets the defaults below, which need nothing of the game but the contract.
"""

from __future__ import annotations

from podium.agents.base import register_level

register_level("easy", "random", "a beginner")
register_level("medium", "ismcts:iterations=100", "a solid player")
register_level("hard", "ismcts:iterations=300", "a strong player")
