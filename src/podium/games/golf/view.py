"""The Golf view as a type: what `GolfState.view` sends a player (G-7), key by key, and the readers the bots and
renderers use on it. Built in views.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, cast

from podium.core.contract import JsonDict, View
from podium.games.golf.cards import RANK_NAMES
from podium.games.golf.rules import GolfPhase
from podium.games.golf.scoring import card_values


class GolfRoundEnd(TypedDict):
    """A finished round's reveal: the "round_end" event's data and the view's `last_round`."""

    round: int
    hands: Sequence[Sequence[str]]  # every card, per seat and slot
    sums: Sequence[int]
    scores: Sequence[int]  # the round's scores (G-6, G-8.5)
    totals: Sequence[int]  # the running totals after it
    winners: Sequence[int]
    ended_by: str  # knock / stock / all_face_up / turn_limit
    knocker: int | None  # four-card
    went_out: int | None  # six-card
    discard: NotRequired[Sequence[str]]  # the discard pile at the end, bottom to top (absent in older states)


class GolfView(TypedDict):
    """Everything `player` may know (G-7). Plain JSON: the phase is a `StrEnum`, written as its string, and every
    array is a tuple (JSON arrays; `json` and `orjson` write tuples as arrays), shared between views: a view's dicts
    are its own, its arrays immutable (see tests/sim/test_view_copies.py).

    Card texts are two characters ("7h", "Ts"); per seat and slot lists count slots from 0 (six-card: slots 0..2
    are the top row, 3..5 the bottom row; a column is slots c and c+3).

    `known_sum[seat]` is what the cards of `hands[seat]` shown to the viewer add up to: public cards, and the
    viewer's own cards they have seen (a spectator: the public ones); an unknown card adds nothing, and a six-card
    column pair (G-8.4) scores 0 only when both its cards are shown. It is `scoring.known_sum`, the sum the bots
    estimate with, so that a client shows it rather than computing it. In `full_view` every card is shown, so
    it is each hand's sum."""

    game: str  # "golf"
    config: JsonDict
    num_players: int
    player: int | None  # the viewer's seat, None for a spectator
    current_player: int | None  # None once the game is over
    is_over: bool
    variant: Literal["four", "six"]
    slots: int  # 4 or 6
    values: dict[str, int]  # rank (A, 2 … 10, J, Q, K) -> value
    round: int  # the hole, 1-based
    rounds: int
    first_player: int  # the round's first player (G-3.4)
    phase: GolfPhase
    stock_size: int
    discard: tuple[str, ...]  # bottom to top
    discard_top: str | None
    drawn: str | None  # the card in hand, null unless the viewer may see it
    drawn_from: Literal["stock", "discard"] | None  # in the "drawn" phase
    hands: tuple[tuple[str | None, ...], ...]  # per seat and slot: the card, or null if the viewer cannot know it
    public: tuple[tuple[bool, ...], ...]  # known to all
    face_up: tuple[tuple[bool, ...], ...]  # six-card
    owner_knows: tuple[tuple[bool, ...], ...]  # the owner has seen it (public knowledge too)
    known_sum: tuple[int, ...]  # per seat, what the cards shown in `hands` add up to (see above)
    knocker: int | None  # four-card: who knocked this round
    went_out: int | None  # six-card: who first had all cards face up this round
    final_turns_left: int  # turns left in the round once it is closing, the current one included
    scores: tuple[int, ...]  # running totals
    round_scores: tuple[tuple[int, ...], ...]  # per finished round
    last_round: GolfRoundEnd | None
    round_ends: dict[str, int]  # how many rounds ended by knock / stock / all_face_up / turn_limit
    turns: int  # in the game
    round_turns: int  # begun in this round, the current one included; the round ends after round_turn_limit (G-5.3)
    stock: NotRequired[tuple[str, ...]]  # `full_view` only: the stock, top first


def as_golf_view(view: View) -> GolfView:
    """A view of Golf, typed (no copy, no check: for the bots and renderers that receive Golf's views)."""
    return cast(GolfView, view)


def card_values_of(view: GolfView) -> tuple[int, ...]:
    """The value of each of the 52 cards under the view's rules."""
    by_rank = view["values"]
    return card_values(tuple(by_rank[name] for name in RANK_NAMES))
