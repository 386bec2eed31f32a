"""What a Golf player (or a spectator) may know (G-7), as a typed JSON object: `GolfView`."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from podium.core.contract import JsonDict, View
from podium.games.golf.cards import CARD_TEXT, RANK_NAMES
from podium.games.golf.position import GolfPosition
from podium.games.golf.rules import END_NAMES, PHASES, GolfPhase, Rules, copy_last, visible_at
from podium.games.golf.scoring import card_values, known_sum


class GolfRoundEnd(TypedDict):
    """A finished round's reveal: the "round_end" event's data and the view's `last_round`."""

    round: int
    hands: list[list[str]]  # every card, per seat and slot
    sums: list[int]
    scores: list[int]  # the round's scores (G-6, G-8.5)
    totals: list[int]  # the running totals after it
    winners: list[int]
    ended_by: str  # knock / stock / all_face_up / turn_limit
    knocker: int | None  # four-card
    went_out: int | None  # six-card
    discard: NotRequired[list[str]]  # the discard pile at the end, bottom to top (absent in states stored before it)


class GolfView(TypedDict):
    """Everything `player` may know (G-7). Plain JSON: the phase is a `StrEnum`, written as its string.

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
    discard: list[str]  # bottom to top
    discard_top: str | None
    drawn: str | None  # the card in hand, null unless the viewer may see it
    drawn_from: Literal["stock", "discard"] | None  # in the "drawn" phase
    hands: list[list[str | None]]  # per seat and slot: the card, or null if the viewer cannot know it
    public: list[list[bool]]  # known to all
    face_up: list[list[bool]]  # six-card
    owner_knows: list[list[bool]]  # the owner has seen it (public knowledge too)
    known_sum: list[int]  # per seat, what the cards shown in `hands` add up to (see above)
    knocker: int | None  # four-card: who knocked this round
    went_out: int | None  # six-card: who first had all cards face up this round
    final_turns_left: int  # turns left in the round once it is closing, the current one included
    scores: list[int]  # running totals
    round_scores: list[list[int]]  # per finished round
    last_round: GolfRoundEnd | None
    round_ends: dict[str, int]  # how many rounds ended by knock / stock / all_face_up / turn_limit
    turns: int  # in the game
    round_turns: int  # begun in this round, the current one included; the round ends after round_turn_limit (G-5.3)
    stock: NotRequired[list[str]]  # `full_view` only: the stock, top first


def as_golf_view(view: View) -> GolfView:
    """A view of Golf, typed (no copy, no check: for the bots and renderers that receive Golf's views)."""
    return cast(GolfView, view)


def card_values_of(view: GolfView) -> tuple[int, ...]:
    """The value of each of the 52 cards under the view's rules."""
    by_rank = view["values"]
    return card_values(tuple(by_rank[name] for name in RANK_NAMES))


_IS_PUBLIC = (False, False, True).__getitem__  # by UNSEEN, OWNER, PUBLIC
_TEXT_OR_NONE = (*CARD_TEXT, None).__getitem__  # a card's text, None for -1 (unknown)
_OWNER_KNOWS = (False, True, True).__getitem__
assert END_NAMES == ("knock", "stock", "all_face_up", "turn_limit")  # the view's round_ends, written out below


# Per (rules, viewer): the hands and what is known of them when its seats' parts below were last made, then those
# parts, as tuples (texts, sums, public, owner_knows per seat): `golf_view` copies them into each view.
_SEATS: dict[tuple[Rules, int | None], tuple[list[int], list[int], tuple[Any, ...], tuple[int, ...], tuple[Any, ...],
                                             tuple[Any, ...]]] = {}  # fmt: skip


def golf_view(state: GolfPosition, player: int | None) -> GolfView:
    n = state.num_players
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    # The position's own fields, read directly (this module is part of the engine; the accessors are calls): a view
    # is built for every decision of a bot that reads one.
    r = state._r
    slots = r.slots
    six = r.six
    values = r.values
    known = state._known
    hands = state._hands
    # Seat by seat, from slices of the flat lists: what the viewer sees (`seen`: public cards and their own seen
    # ones, G-7), its texts, what the shown cards add up to and what is known. Made again only when the hands or
    # what is known of them differ from when this viewer last had a view under these rules (a card changes hands
    # or is seen at most once per turn); each view gets fresh lists of what was made.
    found = _SEATS.get((r, player))
    if found is None or found[0] != hands or found[1] != known:
        texts: list[tuple[str | None, ...]] = []
        sums: list[int] = []
        public: list[tuple[bool, ...]] = []
        owner_knows: list[tuple[bool, ...]] = []
        for q in range(n):
            base = q * slots
            marks = known[base : base + slots]
            level = visible_at(player, q)
            seen = [c if k >= level else -1 for c, k in zip(hands[base : base + slots], marks, strict=True)]
            texts.append(tuple(map(_TEXT_OR_NONE, seen)))
            # four-card: the plain sum `known_sum` makes of it (six-card pairs the columns)
            sums.append(known_sum(seen, values, six) if six else sum([values[c] for c in seen if c >= 0]))
            public.append(tuple(map(_IS_PUBLIC, marks)))
            owner_knows.append(tuple(map(_OWNER_KNOWS, marks)))
        if len(_SEATS) >= 256:
            _SEATS.clear()
        found = _SEATS[(r, player)] = (hands[:], known[:], tuple(texts), tuple(sums), tuple(public), tuple(owner_knows))
    _, _, seat_texts, seat_sums, seat_public, seat_owner = found
    phase = PHASES[state._phase]
    cur = state._cur
    current = None if cur < 0 else cur
    drawn: str | None = None
    drawn_from: Literal["stock", "discard"] | None = None
    if phase is GolfPhase.DRAWN:
        taken = state._taken
        drawn_from = "discard" if taken else "stock"
        if taken or player == current:
            drawn = CARD_TEXT[state._drawn]
    closer = None if state._closer < 0 else state._closer
    discard = state._discard
    ends = state._ends  # in the order of END_NAMES
    return {
        "game": "golf",
        "config": r.config_json(),
        "num_players": n,
        "player": player,
        "current_player": current,
        "is_over": cur < 0,
        "variant": "six" if six else "four",
        "slots": slots,
        "values": r.values_json(),
        "round": state._round,
        "rounds": r.rounds,
        "first_player": state._first,
        "phase": phase,
        "stock_size": len(state._stock),
        "discard": list(map(CARD_TEXT.__getitem__, discard)),
        "discard_top": CARD_TEXT[discard[-1]] if discard else None,
        "drawn": drawn,
        "drawn_from": drawn_from,
        "hands": list(map(list, seat_texts)),
        "public": list(map(list, seat_public)),
        "face_up": list(map(list, seat_public if six else _face_down(n, slots))),
        "owner_knows": list(map(list, seat_owner)),
        "known_sum": list(seat_sums),
        "knocker": None if six else closer,
        "went_out": closer if six else None,
        "final_turns_left": state._final_left,
        "scores": state._totals[:],
        "round_scores": list(map(list, state._history)),
        "last_round": cast(GolfRoundEnd | None, copy_last(state._last)),
        "round_ends": {"knock": ends[0], "stock": ends[1], "all_face_up": ends[2], "turn_limit": ends[3]},
        "turns": state._turns,
        "round_turns": state._turns - state._cap + r.turn_limit,
    }


_FACE_DOWN: dict[tuple[int, int], tuple[tuple[bool, ...], ...]] = {}


def _face_down(n: int, slots: int) -> tuple[tuple[bool, ...], ...]:
    """Four-card `face_up`: no card is ever face up."""
    rows = _FACE_DOWN.get((n, slots))
    if rows is None:
        rows = _FACE_DOWN[(n, slots)] = ((False,) * slots,) * n
    return rows


def full_view(state: GolfPosition) -> GolfView:
    """The spectator's view with every card shown: all hands (and their sums), the card in hand and the stock (top
    first)."""
    view = golf_view(state, None)
    slots = state.rules.slots
    hands = state.hands
    every = [list(hands[q * slots : q * slots + slots]) for q in range(state.num_players)]
    view["hands"] = [[CARD_TEXT[c] for c in cards] for cards in every]
    view["known_sum"] = [known_sum(cards, state.rules.values, state.rules.six) for cards in every]
    if state.drawn >= 0:
        view["drawn"] = CARD_TEXT[state.drawn]
    view["stock"] = [CARD_TEXT[c] for c in reversed(state.stock)]
    return view
