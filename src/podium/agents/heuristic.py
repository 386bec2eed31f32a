"""The `heuristic` bot: one per game, each written from how good human players play (see each module's docstring).

- Golf: `podium.agents.golf_heuristic`
- Olympicards: `podium.agents.olympicards_heuristic`
- Athletic Games: `podium.agents.athletic_heuristic` (the solver's best turn, ties broken by what it leaves)
"""

from __future__ import annotations

import importlib
from typing import Any

from podium.agents.base import Agent, register_agent
from podium.core.contract import Game

# game -> (module, class); imported on first use so that a game's bot costs nothing until played.
_BY_GAME: dict[str, tuple[str, str]] = {
    "golf": ("podium.agents.golf_heuristic", "GolfHeuristic"),
    "olympicards": ("podium.agents.olympicards_heuristic", "OlympicardsHeuristic"),
    "athletic": ("podium.agents.athletic_heuristic", "AthleticHeuristic"),
}


def heuristic_class(game_name: str) -> type[Agent]:
    module, cls = _BY_GAME[game_name]
    found: type[Agent] = getattr(importlib.import_module(module), cls)
    return found


def make_heuristic(game: Game, seat: int, seed: int = 0, **options: Any) -> Agent:
    return heuristic_class(game.name)(game, seat, seed, **options)


register_agent(
    "heuristic",
    make_heuristic,
    "plays like a good human: Golf estimates unseen cards and knocks when ahead; Olympicards spends cards where a "
    "medal is within reach and withdraws early for cards otherwise; Athletic plays the solver's best turn",
    games=set(_BY_GAME),
    options={
        "noise": "probability of a uniformly random legal action instead (0..1)",
        "knock_margin": "Golf: knock when the expected sum is this much below every opponent's",
        "unknown_margin": "Golf: how far below the unseen mean a card must be to replace an unknown card",
        "owner_bias": "Golf: how far below the unseen mean an opponent's privately seen card is guessed",
        "samples": "Olympicards: sampled opponent hands per estimate",
        "card_value": "Olympicards: points a card in hand is worth when weighing cards against medals",
        "node_limit": "Athletic: solver positions searched before falling back to greedy placement",
    },
)
