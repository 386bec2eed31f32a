"""Athletic Games as a podium plugin: the game and where each of its facets lives (registered in pyproject.toml
under the `podium.games` entry points)."""

from __future__ import annotations

from podium.core.registry import BotNote, GameSpec

SPEC = GameSpec(
    name="athletic",
    game="podium.games.athletic.game:GAME",
    encoding="podium.games.athletic.encoding:ENCODING",
    tui="podium.games.athletic.tui:TUI",
    player_rules="podium.games.athletic:players.md",
    web="podium.games.athletic:web/renderer.js",
    heuristic="podium.games.athletic.bots.heuristic:AthleticHeuristic",
    bots={"solver": "podium.games.athletic.bots.solver_bot:AthleticSolverAgent"},
    playouts={
        "fast": "podium.games.athletic.bots.playout:AthleticPlayout",
        "plan": "podium.games.athletic.bots.playout:AthleticPlanPlayout",
    },
    default_playout="fast",
    macros={"turn": "podium.games.athletic.bots.turns:AthleticTurns"},
    default_macros="turn",
    hint="podium.games.athletic.hint:hint",
    commands="podium.games.athletic.cli:register",
    notes={
        "ismcts": BotNote(
            "information-set Monte Carlo search over whole turns (default 1000 iterations per decision): "
            "candidate turns from the exact solver (keep the table, keep other cards, deny a near-winner) compared on "
            "the same sampled hands by playing out the next turns; macro=step searches single steps instead"
        ),
        "easy": BotNote(
            "a beginner: the heuristic bot, but 30% of its steps are random (turns ended early)", "heuristic:noise=0.3"
        ),
        "medium": BotNote(
            "a solid player: the heuristic bot (the solver's best turn, leaving the next player little)", "heuristic"
        ),
        # over single steps ISMCTS lost to the solver-based heuristic; over candidate turns it beats it (docs/bots.md)
        "hard": BotNote(
            "a strong player: ISMCTS over whole turns, the solver's candidate turns compared on 150 "
            "sampled rollouts per turn",
            "ismcts:iterations=150",
        ),
    },
)
