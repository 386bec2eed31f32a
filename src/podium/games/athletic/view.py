"""The Athletic Games view as a type: what `AthleticState.view` sends a player (A-8), key by key.

A view stays plain JSON (a dict): these `TypedDict`s only let the checker verify the code that reads one. The
framework hands views around as `podium.core.contract.View`; `athletic_view` gives one its Athletic type at the
point where Athletic code starts reading it.
"""

# No `from __future__ import annotations` here: with string annotations Python 3.11's TypedDict cannot see
# NotRequired, and would count every key as required.
from typing import Any, NotRequired, TypedDict, cast

from podium.core.contract import View
from podium.games.athletic.cards import TEXT
from podium.games.athletic.config import AthleticConfig


class AthleticOptions(TypedDict):
    """The rule options, as `AthleticConfig.to_dict` writes them (`options_of`)."""

    step: str  # "both" or "up"
    table_moves: bool
    medals_to_win: int
    max_turns: int
    first_player: int | None
    chance: NotRequired[bool]  # explicit chance (podium.core.chance): only when set, as `to_dict` writes it


class PoolView(TypedDict):
    """The cards one reshuffle (A-6) hid again, still unseen by the viewer, and where they are (A-8)."""

    epoch: int  # the reshuffle's number, from 1
    cards: list[str]
    hands: list[int]  # per seat, how many of them it holds
    draw: int  # how many are in the draw pile


class AthleticView(TypedDict):
    game: str  # "athletic"
    config: AthleticOptions
    num_players: int
    player: int | None  # the viewer's seat; None for a spectator
    current_player: int | None  # None once the game is over
    is_over: bool
    turn: int
    first_player: int
    hand: list[str] | None  # the viewer's own hand; None for a spectator
    hand_sizes: list[int]
    piles: list[list[str]]  # each bottom to top; [] is an empty slot
    draw_size: int
    medals: list[int]
    placed_this_turn: int
    moves_since_placement: list[list[int]]  # [from, to] of each move since the last card placed this turn
    reshuffles: int
    pools: list[PoolView]
    reason: str | None  # why the game ended ("medals" or "turn_limit"); None while it is on
    hands: NotRequired[list[list[str]]]  # the full view only: every hand
    draw: NotRequired[list[str]]  # the full view only: the draw pile, top first


def options_of(config: AthleticConfig) -> AthleticOptions:
    """The options of `config` as the view shows them (equal to `config.to_dict()`, keys in the same order)."""
    options: AthleticOptions = {
        "step": config.step,
        "table_moves": config.table_moves,
        "medals_to_win": config.medals_to_win,
        "max_turns": config.max_turns,
        "first_player": config.first_player,
    }
    if config.chance:
        options["chance"] = True
    return options


def athletic_view(view: View) -> AthleticView:
    """`view` read as an Athletic Games view (ValueError if it is another game's)."""
    if view.get("game") != "athletic":
        raise ValueError(f"not an Athletic Games view (game={view.get('game')!r})")
    return cast(AthleticView, view)


def as_view(view: AthleticView) -> View:
    """The typed view handed back to the framework, which passes views around as plain dicts."""
    return cast(View, view)


def build_pools(hands: list[list[int]], draw: list[int], epoch: list[int]) -> dict[int, list[Any]]:
    """The pools (A-8) as the state keeps them: reshuffle number -> [the texts of its cards still in a hand or the
    draw pile, sorted; per seat how many; how many in the draw pile], in the order of the reshuffles. One pass over
    the hidden cards: the cost follows the cards, not the number of reshuffles in the game."""
    n = len(hands)
    cards: dict[int, list[int]] = {}
    counts: dict[int, list[int]] = {}  # per pool, how many each seat holds and (the last) the draw pile
    for holder, held in enumerate((*hands, draw)):
        for c in held:
            k = epoch[c]
            if k:
                found = cards.get(k)
                if found is None:
                    cards[k] = [c]
                    row = counts[k] = [0] * (n + 1)
                    row[holder] = 1
                else:
                    found.append(c)
                    counts[k][holder] += 1
    return {k: [[TEXT[c] for c in sorted(cards[k])], counts[k][:n], counts[k][n]] for k in sorted(cards)}


def pools_view(pools: dict[int, list[Any]]) -> list[PoolView]:
    """The view's `pools` from the kept ones: fresh lists, so that a view shares nothing with the state."""
    return [
        {"epoch": k, "cards": texts[:], "hands": seats[:], "draw": draw} for k, (texts, seats, draw) in pools.items()
    ]
