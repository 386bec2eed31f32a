"""The `heuristic` bot: one per game, each written from how good human players play (see each module's docstring).

- Golf: `podium.agents.golf_heuristic`
- Olympicards: `podium.agents.olympicards_heuristic`
- Athletic Games: `podium.agents.athletic_heuristic` (the solver's best turn, ties broken by what it leaves)
"""

from __future__ import annotations

import importlib
from typing import Any

from podium.agents.base import Agent, BotOption, register_agent
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


GOLF, OLYMPICARDS, ATHLETIC = frozenset({"golf"}), frozenset({"olympicards"}), frozenset({"athletic"})

register_agent(
    "heuristic",
    make_heuristic,
    "plays like a good human: Golf estimates unseen cards and knocks when ahead; Olympicards spends cards where a "
    "medal is within reach and withdraws early for cards otherwise; Athletic plays the solver's best turn",
    games=set(_BY_GAME),
    options=[
        BotOption("noise", float, "probability of a uniformly random legal action instead", minimum=0, maximum=1),
        BotOption("knock_margin", float, "knock when the expected sum is this much below every opponent's", games=GOLF),
        BotOption(
            "unknown_margin",
            float,
            "how far below the unseen mean a card must be to replace an unknown card",
            games=GOLF,
        ),
        BotOption(
            "owner_bias",
            float,
            "how far below the unseen mean an opponent's privately seen card is guessed",
            games=GOLF,
        ),
        BotOption("samples", int, "sampled opponent hands per estimate", minimum=1, games=OLYMPICARDS),
        BotOption(
            "card_value", float, "points a card in hand is worth when weighing cards against medals", games=OLYMPICARDS
        ),
        BotOption(
            "node_limit",
            int,
            "solver positions searched before falling back to greedy placement",
            minimum=1,
            games=ATHLETIC,
        ),
    ],
    per_game={
        "golf": "plays like a careful human: an unseen card is worth the mean of the cards not yet seen, a card is "
        "swapped in where it lowers the expected sum most, the discard is taken only to be swapped in at once, and "
        "it knocks (four-card) when its expected sum is clearly below every opponent's",
        "olympicards": "plays like a good human: in each sport it measures how long it can keep playing against "
        "sampled opponent hands, fights for a medal within reach, withdraws early for cards otherwise, spends its "
        "cheapest cards and postpones sports that do not suit its hand",
        "athletic": "plays like a good human: the exact solver's turn that places the most cards, then the table "
        "rearrangement that leaves the fewest unseen cards fitting for the next player",
    },
)
