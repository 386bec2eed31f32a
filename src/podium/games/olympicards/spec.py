"""Olympicards as a podium plugin: the game and where each of its facets lives (registered in pyproject.toml under
the `podium.games` entry points)."""

from __future__ import annotations

from podium.core.registry import BotNote, GameSpec

SPEC = GameSpec(
    name="olympicards",
    game="podium.games.olympicards.game:GAME",
    encoding="podium.games.olympicards.encoding:ENCODING",
    tui="podium.games.olympicards.tui:TUI",
    player_rules="podium.games.olympicards:players.md",
    report="podium.games.olympicards.report:REPORT",
    web="podium.games.olympicards:web/renderer.js",
    heuristic="podium.games.olympicards.bots.heuristic:OlympicardsHeuristic",
    playouts={
        "fast": "podium.games.olympicards.bots.playout:OlympicardsPlayout",
        "stamina": "podium.games.olympicards.bots.playout:OlympicardsStaminaPlayout",
    },
    default_playout="fast",
    notes={
        "ismcts": BotNote(
            "information-set Monte Carlo tree search over sampled hands (default 1000 iterations per "
            "decision): a tree over single plays, withdrawals and sport choices, each iteration played out to the end "
            "of the current sport by a cheap policy and scored by medals and cards kept"
        ),
        "easy": BotNote(
            "a beginner: the heuristic bot, but 30% of its decisions are random (wasted cards)", "heuristic:noise=0.3"
        ),
        "medium": BotNote(
            "a solid player: the heuristic bot (fights for medals within reach, withdraws early for cards)", "heuristic"
        ),
        # the `stamina` playout: its players race as `medium` does (docs/bots.md, issue 31)
        "hard": BotNote(
            "a strong player: ISMCTS, a 200-iteration tree over single plays and withdrawals per decision, each "
            "iteration played out by players who fight for the medals within their hand's reach, as medium does",
            "ismcts:iterations=200:playout=stamina",
        ),
    },
)
