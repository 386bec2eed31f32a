"""Difficulty presets: `easy`, `medium` and `hard`, mapped per game onto concrete bots (docs/bots.md).

- easy: the heuristic bot, but a third of its decisions are random (it blunders like a beginner).
- medium: the heuristic bot.
- hard: ISMCTS with the game's fast playout and an iteration budget that keeps a decision well under a second on
  one core (an iteration budget, not a time budget, so that seeded games with `hard` bots replay exactly). These are
  the budgets measured against the heuristic bot in docs/bots.md. Golf uses the flat, paired-sample form
  (`depth=1`), which measured stronger than the full tree there (the tree fuses the decisions after a blind draw).
  Athletic Games searches whole turns (ISMCTS's default there, `macro=turn`): over single steps ISMCTS lost to the
  solver-based heuristic, over candidate turns it beats it.
"""

from __future__ import annotations

from podium.agents.base import register_preset

EASY = "heuristic:noise=0.3"
MEDIUM = "heuristic"
HARD: dict[str, str] = {
    "golf": "ismcts:iterations=600:depth=1",
    "olympicards": "ismcts:iterations=200",
    "athletic": "ismcts:iterations=150",  # whole turns (macro=turn is the default there)
}

register_preset(
    "easy",
    {},
    EASY,
    "a beginner: the heuristic bot with 30% random decisions",
    per_game={
        "golf": "a beginner: the heuristic bot, but 30% of its decisions are random (blind swaps, odd knocks)",
        "olympicards": "a beginner: the heuristic bot, but 30% of its decisions are random (wasted cards)",
        "athletic": "a beginner: the heuristic bot, but 30% of its steps are random (turns ended early)",
    },
)
register_preset(
    "medium",
    {},
    MEDIUM,
    "a solid player: the heuristic bot",
    per_game={
        "golf": "a solid player: the heuristic bot (estimates unseen cards, knocks when ahead)",
        "olympicards": "a solid player: the heuristic bot (fights for medals within reach, withdraws early for cards)",
        "athletic": "a solid player: the heuristic bot (the solver's best turn, leaving the next player little)",
    },
)
register_preset(
    "hard",
    HARD,
    "ismcts:iterations=300",
    "a strong player: ISMCTS with a per-game iteration budget",
    per_game={
        "golf": "a strong player: ISMCTS comparing the actions flat on 600 paired sampled deals per decision",
        "olympicards": "a strong player: ISMCTS, a 200-iteration tree over single plays and withdrawals per decision",
        "athletic": "a strong player: ISMCTS over whole turns, the solver's candidate turns compared on 150 "
        "sampled rollouts per turn",
    },
)
