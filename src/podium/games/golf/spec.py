"""Golf as a podium plugin: the game and where each of its facets lives (registered in pyproject.toml under the
`podium.games` entry points)."""

from __future__ import annotations

from podium.core.registry import BotNote, GameSpec

SPEC = GameSpec(
    name="golf",
    game="podium.games.golf.game:GAME",
    encoding="podium.games.golf.encoding:ENCODING",
    tui="podium.games.golf.tui:TUI",
    player_rules="podium.games.golf:players.md",
    web="podium.games.golf:web/renderer.js",
    heuristic="podium.games.golf.bots.heuristic:GolfHeuristic",
    # benchmark baselines (docs/bots.md): the heuristic of before issue 17, frozen, and another project's heuristic
    bots={
        "heuristic-v1": "podium.games.golf.bots.heuristic_v1:GolfHeuristicV1",
        "counting-v0": "podium.games.golf.bots.counting:GolfCountingV0",
    },
    benchmarks=("heuristic-v1", "counting-v0"),
    playouts={
        "fast": "podium.games.golf.bots.playout:GolfPlayout",
        "columns": "podium.games.golf.bots.playout:GolfColumnsPlayout",
        "heuristic": "podium.games.golf.bots.playout:GolfHeuristicPlayout",
    },
    default_playout="fast",
    notes={
        "ismcts": BotNote(
            "information-set Monte Carlo tree search over sampled deals (default 1000 iterations per decision): "
            "each iteration deals the unseen cards (an opponent's privately seen cards low, as players keep them) and "
            "plays the round out with a fast threshold policy that scores the round's end; depth=1 compares the "
            "actions flat on paired samples (what hard uses)"
        ),
        "easy": BotNote(
            "a beginner: the heuristic bot, but 30% of its decisions are random (blind swaps, odd knocks)",
            "heuristic:noise=0.3",
        ),
        "medium": BotNote(
            "a solid player: the heuristic bot (counts the unseen cards, knocks when its expected lead is large)",
            "heuristic",
        ),
        # the flat, paired-sample form measured stronger than the full tree here (the tree fuses the decisions
        # after a blind draw); anchored on the heuristic's move, which a sampled deal's noise must not override;
        # six-card rounds played out by the heuristic itself, 60 iterations (`columns`; docs/bots.md)
        "hard": BotNote(
            "a strong player: the heuristic's move unless ISMCTS, comparing the moves flat on paired sampled deals "
            "(600 four-card, 60 six-card, played out by the heuristic), finds another clearly better",
            "ismcts:iterations=600:depth=1:anchor=2:playout=columns",
        ),
    },
)
