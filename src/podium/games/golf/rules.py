"""What the engine, its records and its views share: the phases, what is known about a card, how a round ended, and
`Rules`, what a (config, player count) pair means for the engine, precomputed once per pair."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from itertools import chain
from types import MappingProxyType
from typing import Any

from podium.core.contract import JsonDict
from podium.games.golf.actions import DISCARD_ACTION, DRAW_ACTION, KNOCK_ACTION, SWAPS, TAKE_ACTION, GolfAction
from podium.games.golf.cards import RANK_NAMES
from podium.games.golf.config import GolfConfig
from podium.games.golf.scoring import card_values


class GolfPhase(StrEnum):
    """Whose decision is what. A `StrEnum`, so the views' and records' JSON keeps the plain strings."""

    PEEK = "peek"  # G-3.3 peek = "choose": look at one of your unseen cards (two each)
    INITIAL_FLIP = "initial_flip"  # G-8.1: turn one of your cards face up (two each)
    START = "start"  # G-4.1 / G-4.2: draw, take the top discard, or knock
    DRAWN = "drawn"  # a card in hand: swap it in or discard it
    KNOCK = "knock"  # G-4.2 knock = "after": knock or pass, ending the turn
    FLIP = "flip"  # G-8.2 flip_on_discard: turn a face-down card up (or pass)
    OVER = "over"


PHASES: tuple[GolfPhase, ...] = tuple(GolfPhase)
# The members by short names, for the engine's hot path (compared with `is`).
P_PEEK, P_INITIAL_FLIP, P_START, P_DRAWN, P_KNOCK, P_FLIP, P_OVER = PHASES
PHASE_INDEX: dict[str, int] = {phase.value: i for i, phase in enumerate(PHASES)}
PHASE_OF: dict[str, GolfPhase] = {phase.value: phase for phase in PHASES}  # cheaper than GolfPhase(text)

# What is known about each hand card (G-7): nobody has seen it; its owner has (peeked or placed it, four-card);
# everybody has (taken from the discard pile and swapped in, or face up in six-card). Ordered: see `visible_at`.
UNSEEN, OWNER, PUBLIC = 0, 1, 2


def visible_at(viewer: int | None, seat: int) -> int:
    """G-7: `viewer` (None = a spectator) may know a card of `seat`'s hand when what is known about it is at least
    this: the owner knows what they have seen (OWNER), everybody else what is public (PUBLIC)."""
    return OWNER if viewer == seat else PUBLIC


END_KNOCK, END_STOCK, END_ALL_UP, END_TURN_LIMIT = range(4)
END_NAMES: tuple[str, ...] = ("knock", "stock", "all_face_up", "turn_limit")

MAX_PLAYERS = 5
# G-5.3 `round_turn_limit = 0`: a turn cap no game reaches, so that the end-of-turn check stays one comparison.
UNLIMITED = 1 << 62


class Rules:
    """What a (config, player count) pair means for the engine, precomputed once and shared by every state."""

    __slots__ = (
        "_config_json",
        "_values_json",
        "config",
        "drawn_stock",
        "drawn_taken",
        "final_turns",
        "flip_mode",
        "knock_after",
        "knock_instead",
        "must_swap",
        "n",
        "next_seat",
        "peek_choose",
        "rank_values",
        "relative",
        "rounds",
        "six",
        "slots",
        "start_knock",
        "start_plain",
        "turn_limit",
        "values",
    )

    config: GolfConfig
    n: int
    six: bool
    slots: int
    values: tuple[int, ...]  # the value of each of the 52 cards
    peek_choose: bool
    knock_instead: bool
    knock_after: bool
    must_swap: bool
    flip_mode: int  # G-8.2 flip_on_discard: 0 no, 1 may, 2 must
    final_turns: bool
    relative: bool
    rounds: int
    turn_limit: int  # G-5.3, UNLIMITED for 0
    next_seat: tuple[int, ...]
    start_plain: tuple[GolfAction, ...]
    start_knock: tuple[GolfAction, ...]
    drawn_stock: tuple[GolfAction, ...]
    drawn_taken: tuple[GolfAction, ...]
    rank_values: Mapping[str, int]  # rank name -> value, as views show it

    def __init__(self, config: GolfConfig, n: int) -> None:
        self.config = config
        # Every view and record holds the config as JSON: made once here, copied there (`config_json`).
        self._config_json = config.to_dict()
        self._values_json = dict(zip(RANK_NAMES, config.value_table, strict=True))
        self.rank_values = MappingProxyType(self._values_json)
        self.n = n
        self.six = config.six
        self.slots = config.slots
        self.values = card_values(config.value_table)
        self.peek_choose = not self.six and config.peek == "choose"
        self.knock_instead = not self.six and config.knock == "instead"
        self.knock_after = not self.six and config.knock == "after"
        self.must_swap = config.must_swap_taken
        self.flip_mode = ("no", "may", "must").index(config.flip_on_discard) if self.six else 0
        self.final_turns = config.final_turns
        self.relative = config.relative_scoring
        self.rounds = config.rounds
        self.turn_limit = config.round_turn_limit or UNLIMITED
        self.next_seat = tuple((p + 1) % n for p in range(n))
        swaps = SWAPS[: self.slots]
        self.start_plain = (DRAW_ACTION, TAKE_ACTION)
        self.start_knock = (DRAW_ACTION, TAKE_ACTION, KNOCK_ACTION) if self.knock_instead else self.start_plain
        self.drawn_stock = (DISCARD_ACTION, *swaps)
        self.drawn_taken = swaps if self.must_swap else self.drawn_stock

    def values_json(self) -> dict[str, int]:
        """`rank_values` as a fresh dict (a view's `values`)."""
        return self._values_json.copy()

    def config_json(self) -> JsonDict:
        """`config.to_dict()`, a fresh copy (its only nested value is an explicit `values` table)."""
        out = dict(self._config_json)
        values = out["values"]
        if isinstance(values, dict):
            out["values"] = dict(values)
        return out


_RULES: dict[tuple[GolfConfig, int], Rules] = {}


# The last question and its answer: found by the config's identity without hashing the config. (The config asked
# about, not the answer's: an equal config object, e.g. one read from a record, would otherwise miss every time.)
_LAST_RULES: list[tuple[GolfConfig, int, Rules]] = []


def rules_for(config: GolfConfig, n: int) -> Rules:
    if _LAST_RULES:
        last_config, last_n, last = _LAST_RULES[0]
        if last_config is config and last_n == n:
            return last
    key = (config, n)
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) > 256:
            _RULES.clear()
        rules = _RULES[key] = Rules(config, n)
    _LAST_RULES[:] = [(config, n, rules)]
    return rules


_SCALARS = {str, int, float, bool, type(None)}
_LIST = {list}

# The last reveal copied, and which of its entries are lists and how to copy each: a reveal is never changed once
# built (states share it), and a view copies it until the next round ends. (One tuple, replaced whole: a copy being
# made in another thread keeps the plan it read; the plan holds the reveal, so its identity cannot be reused.)
_PLAN: list[tuple[Any, tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = [(None, (), (), ())]


def copy_stored(last: Mapping[str, Any]) -> JsonDict:
    """`copy_last` of a reveal copied once (a stored one, read from a record), without finding a plan to keep: the
    same copy. A list whose first item is a list (the hands) is copied item by item; the others are sliced, and the
    types of all their items looked at once: if one of those holds a list after all, every list is copied item by
    item."""
    out = dict(last)
    flat = []
    for key, value in last.items():
        if isinstance(value, list):
            if value and isinstance(value[0], list):
                out[key] = [list(x) if isinstance(x, list) else x for x in value]
            else:
                out[key] = value[:]
                flat.append(value)
    if flat and not set(map(type, chain.from_iterable(flat))) <= _SCALARS:
        for key, value in last.items():
            if isinstance(value, list):
                out[key] = [list(x) if isinstance(x, list) else x for x in value]
    return out


def copy_last(last: Mapping[str, Any] | None) -> JsonDict | None:
    """A copy of a round's reveal (the "round_end" event data) that shares no list with it."""
    if last is None:
        return None
    plan = _PLAN[0]
    if plan[0] is not last:
        flat: list[str] = []
        nested: list[str] = []
        mixed: list[str] = []
        for key, value in last.items():
            if isinstance(value, list):
                # Most lists hold only scalars (sums, scores, the discard pile): a slice copies them at C speed.
                types = set(map(type, value))
                (flat if types <= _SCALARS else nested if types == _LIST else mixed).append(key)
        plan = _PLAN[0] = (last, tuple(flat), tuple(nested), tuple(mixed))
    _, flat_keys, nested_keys, mixed_keys = plan
    out = dict(last)
    for key in flat_keys:
        out[key] = last[key][:]
    for key in nested_keys:  # the hands
        out[key] = [cards[:] for cards in last[key]]
    for key in mixed_keys:
        out[key] = [list(x) if isinstance(x, list) else x for x in last[key]]
    return out
