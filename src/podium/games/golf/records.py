"""Reading untrusted data into a Golf position: a stored state (`to_dict`'s, `read_state`) and a view (`view_sampler`,
for `determinize`: the view's position with the cards its viewer cannot know dealt at random).

It checks what it reads with `podium.core.checks` (ints are ints, in range; lists of the right length; card ids)
and builds through the position's one constructor. The class to build is passed in (`GolfState`), so that this
module does not import the rules engine, which reads records through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import chain
from operator import itemgetter
from typing import Any, TypeVar

from podium.core.checks import (
    boolean,
    integer,
    integer_rows,
    integers,
    mapping,
    memoized,
    optional_integer,
)
from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.golf.cards import DECK_SIZE, parse_card
from podium.games.golf.config import GolfConfig
from podium.games.golf.position import GolfPosition
from podium.games.golf.rules import (
    END_NAMES,
    MAX_PLAYERS,
    OWNER,
    PHASE_OF,
    PUBLIC,
    UNSEEN,
    GolfPhase,
    Rules,
    copy_last,
    copy_stored,
    rules_for,
)

S = TypeVar("S", bound=GolfPosition)

_LAST_CARD = DECK_SIZE - 1
_DECK = list(range(DECK_SIZE))
_INT = {int}
_LIST = {list}
_KNOWN = {UNSEEN, OWNER, PUBLIC}
_END_FIELDS = tuple((k, f"ends.{k}") for k in END_NAMES)
# The stored fields `_read_valid` reads, in its order (one look-up each, all in C).
_POSITION_FIELDS = itemgetter(
    "round", "first_player", "phase", "current_player", "hands", "known", "stock", "discard", "drawn"
)
_ROUND_FIELDS = itemgetter("taken", "closer", "final_left", "turns", "totals", "history", "last_round", "ends", "rng")
_stored_config = memoized(GolfConfig.from_stored)  # configs are immutable: states read with the same one share it
_view_config = memoized(GolfConfig.from_options)
_MID_TURN = (GolfPhase.DRAWN, GolfPhase.KNOCK, GolfPhase.FLIP)
_BEFORE_TURNS = (GolfPhase.PEEK, GolfPhase.INITIAL_FLIP)


def read_state(cls: type[S], data: Mapping[str, Any]) -> S:
    """The state `to_dict` wrote, checked field by field; `RecordError` names the first field that is wrong.
    (Missing keys and wrong types deeper down surface as KeyError / TypeError, which `State.from_dict` reports.)"""
    if (data.__class__ is not dict and not isinstance(data, Mapping)) or data.get("game") != "golf":
        raise RecordError("not a golf state (expected an object with game = 'golf')")
    config = _stored_config(data["config"])
    n = integer(data["num_players"], "num_players", 2, MAX_PLAYERS)
    r = rules_for(config, n)
    state = _read_valid(cls, data, r)
    return _read_checked(cls, data, r) if state is None else state


def _read_valid(cls: type[S], data: Mapping[str, Any], r: Rules) -> S | None:
    """The state, if every field is as `to_dict` writes it; else None, and `_read_checked` reads the data again and
    names the first field that is wrong (so a bad record gets the same error either way). Every check of
    `_read_checked` is made here too, in bulk: the scalar fields' types in one chained comparison, the card lists as
    one deck, the number lists by their types as a set and their extremes."""
    try:
        round_, first, phase_text, current, hands, known, stock, discard, drawn = _POSITION_FIELDS(data)
        taken, closer, final_left, turns, totals, history, last, ends, rng_state = _ROUND_FIELDS(data)
        saved = data.get("round_turns")
        counts = [ends["knock"], ends["stock"], ends["all_face_up"], ends.get("turn_limit", 0)]
    except (KeyError, TypeError, AttributeError):
        return None
    n = r.n
    size = n * r.slots
    phase = PHASE_OF.get(phase_text) if phase_text.__class__ is str else None
    if not (
        round_.__class__ is first.__class__ is final_left.__class__ is turns.__class__ is int
        and 1 <= round_ <= r.rounds
        and first == (round_ - 1) % n
        and 0 <= final_left <= n
        and turns >= 0
        and phase is not None
        and (phase is not GolfPhase.PEEK or r.peek_choose)
        and (phase is not GolfPhase.INITIAL_FLIP or r.six)
        and (current.__class__ is int and 0 <= current < n if phase is not GolfPhase.OVER else current is None)
        and (closer is None or (closer.__class__ is int and 0 <= closer < n))
        and taken.__class__ is bool
        and (drawn is None) == (phase is not GolfPhase.DRAWN)
        and ends.__class__ is dict
        and set(map(type, counts)) == _INT
        and min(counts) >= 0
        and (last is None or last.__class__ is dict)
        and hands.__class__ is stock.__class__ is discard.__class__ is known.__class__ is totals.__class__ is list
        and history.__class__ is list
        and len(hands) == len(known) == size
        and len(totals) == n
    ):
        return None
    if history and ({*map(type, history)} != _LIST or {*map(len, history)} != {n}):
        return None
    every = hands + stock + discard
    if drawn is not None:
        every.append(drawn)
    # every number an int (one look at all their types), the cards one deck, each known flag one of the three
    if set(map(type, chain(every, known, totals, *history))) != _INT or sorted(every) != _DECK:
        return None
    flags = set(known)
    if not flags <= _KNOWN or (r.six and OWNER in flags):
        return None
    try:
        round_turns = (
            _saved_round_turns(r, phase, round_, turns, len(stock))
            if saved is None
            else _round_turns(saved, r, phase, turns)
        )
        rng = Rng.from_state(rng_state)
    except (RecordError, ValueError):
        return None
    return cls(
        r,
        hands=hands[:],
        known=known[:],
        stock=stock[:],
        discard=discard[:],
        drawn=drawn,
        taken=taken and drawn is not None,  # stale outside the "drawn" phase
        phase=phase,
        current=current,
        first=first,
        round=round_,
        closer=closer,
        final_left=final_left,
        totals=totals[:],
        history=[row[:] for row in history],
        last=None if last is None else copy_stored(last),
        ends=counts,
        turns=turns,
        round_turns=round_turns,
        rng=rng,
    )


def _read_checked(cls: type[S], data: Mapping[str, Any], r: Rules) -> S:
    """The state, checked field by field: `RecordError` names the first field that is wrong."""
    n = r.n
    size = n * r.slots
    round_ = integer(data["round"], "round", 1, r.rounds)
    first = integer(data["first_player"], "first_player", 0, n - 1)
    if first != (round_ - 1) % n:
        raise RecordError("first_player does not match the round (G-3.4)")
    phase = _phase(data["phase"], r)
    current = optional_integer(data["current_player"], "current_player", 0, n - 1)
    if (current is None) != (phase is GolfPhase.OVER):
        raise RecordError("current_player must be null exactly when the phase is 'over'")
    hands, stock, discard = data["hands"], data["stock"], data["discard"]
    drawn = data["drawn"]
    every = hands + stock + discard if hands.__class__ is stock.__class__ is discard.__class__ is list else None
    if every is not None and drawn is not None:
        every.append(drawn)
    deck = every is not None and len(hands) == size and set(map(type, every)) == _INT and sorted(every) == _DECK
    if deck:
        # One deck of ints, in the right places: each list is valid, as the checks below would find one by one.
        hands, stock, discard = hands[:], stock[:], discard[:]
        known = integers(data["known"], "known", UNSEEN, PUBLIC, length=size)
        if r.six and OWNER in known:
            raise RecordError("six-card cards are face up or face down, never known to their owner only")
    else:
        hands = integers(hands, "hands", 0, _LAST_CARD, length=size)
        known = integers(data["known"], "known", UNSEEN, PUBLIC, length=size)
        if r.six and OWNER in known:
            raise RecordError("six-card cards are face up or face down, never known to their owner only")
        stock = integers(stock, "stock", 0, _LAST_CARD)
        discard = integers(discard, "discard", 0, _LAST_CARD)
        drawn = optional_integer(drawn, "drawn", 0, _LAST_CARD)
    if (drawn is not None) != (phase is GolfPhase.DRAWN):
        raise RecordError("drawn must be a card exactly when the phase is 'drawn'")
    taken = boolean(data["taken"], "taken") and drawn is not None  # stale outside the "drawn" phase
    if not deck and sorted(hands + stock + discard + ([] if drawn is None else [drawn])) != _DECK:
        raise RecordError("the cards are not exactly one 52-card deck")
    totals = integers(data["totals"], "totals", length=n)
    history = integer_rows(data["history"], "history", n)
    last = data["last_round"]
    if last is not None:
        mapping(last, "last_round")
    ends = mapping(data["ends"], "ends")
    # A state saved before G-5.3 has no turn-limit count: no round of it ended that way.
    counts = [integer(ends.get(k, 0) if k == "turn_limit" else ends[k], name, 0) for k, name in _END_FIELDS]
    turns = integer(data["turns"], "turns", 0)
    saved = data.get("round_turns")
    round_turns = (
        _saved_round_turns(r, phase, round_, turns, len(stock))
        if saved is None
        else _round_turns(saved, r, phase, turns)
    )
    return cls(
        r,
        hands=hands,
        known=known,
        stock=stock,
        discard=discard,
        drawn=drawn,
        taken=taken,
        phase=phase,
        current=current,
        first=first,
        round=round_,
        closer=optional_integer(data["closer"], "closer", 0, n - 1),
        final_left=integer(data["final_left"], "final_left", 0, n),
        totals=totals,
        history=history,
        last=copy_last(last),
        ends=counts,
        turns=turns,
        round_turns=round_turns,
        rng=Rng.from_state(data["rng"]),
    )


def _phase(value: Any, r: Rules) -> GolfPhase:
    if not isinstance(value, str) or value not in PHASE_OF:
        raise RecordError(f"phase must be one of {', '.join(GolfPhase)}, not {value!r}")
    phase = PHASE_OF[value]
    if (phase is GolfPhase.PEEK and not r.peek_choose) or (phase is GolfPhase.INITIAL_FLIP and not r.six):
        raise RecordError(f"phase {value!r} is impossible with these options")
    return phase


def _saved_round_turns(r: Rules, phase: GolfPhase, round_: int, turns: int, stock: int) -> int:
    """The round's turn count for a state saved before G-5.3, which did not keep one. Round 1's is the game's; in a
    later round every card drawn from the stock was a turn, so that count is a lower bound. Kept below the limit as
    a state of this engine would be: a round found past it ends with the turn being (or about to be) played."""
    drawn = DECK_SIZE - r.n * r.slots - 1 - stock
    count = turns if round_ == 1 else drawn
    if phase in _MID_TURN:
        return max(1, min(count, r.turn_limit))
    if phase in _BEFORE_TURNS:
        return 0
    return min(count, r.turn_limit - 1)


def _round_turns(value: Any, r: Rules, phase: GolfPhase, turns: int) -> int:
    """Check a saved round turn count against the phase and the limit (G-5.3)."""
    count = integer(value, "round_turns", 0, turns)
    if phase in _BEFORE_TURNS and count:
        raise RecordError("round_turns must be 0 before the round's first turn")
    if phase in _MID_TURN and not 1 <= count <= r.turn_limit:
        raise RecordError(f"round_turns = {count} is impossible in the middle of a turn (1..{r.turn_limit})")
    if phase is GolfPhase.START and count >= r.turn_limit:
        raise RecordError(f"round_turns = {count}: the round would have ended after turn {r.turn_limit} (G-5.3)")
    return count


def view_sampler(cls: type[S], view: Mapping[str, Any]) -> Callable[[Rng], S]:
    """`determinize` in two steps: read and check the view (once), then deal (per sample) the cards the viewer cannot
    know uniformly at random into the places they cannot see (other players' unseen or privately seen cards, the
    viewer's unseen cards, the stock, a card someone else drew), keeping everything the view shows. The counts and
    scores are taken as the view has them. A view not even shaped like a Golf view raises KeyError, TypeError or
    ValueError, which `GolfGame.determinizer` reports as RecordError."""
    if view.get("game") != "golf":
        raise RecordError("not a golf view")
    config = _view_config(view["config"])
    n = integer(view["num_players"], "num_players", 2, MAX_PLAYERS)
    optional_integer(view["player"], "player", 0, n - 1)
    r = rules_for(config, n)
    slots = r.slots
    known: list[int] = []
    hands: list[int] = []
    view_hands = view["hands"]
    public = view["public"]
    owner_knows = view["owner_knows"]
    for q in range(n):
        for s in range(slots):
            text = view_hands[q][s]
            known.append(PUBLIC if public[q][s] else OWNER if owner_knows[q][s] else UNSEEN)
            hands.append(-1 if text is None else parse_card(text))
    discard = [parse_card(t) for t in view["discard"]]
    phase = PHASE_OF[view["phase"]]
    drawn = -1
    if phase is GolfPhase.DRAWN and view["drawn"] is not None:
        drawn = parse_card(view["drawn"])
    seen = {c for c in hands if c >= 0}
    seen.update(discard)
    if drawn >= 0:
        seen.add(drawn)
    unknown = [c for c in range(DECK_SIZE) if c not in seen]
    deal_drawn = phase is GolfPhase.DRAWN and drawn < 0
    hidden = [i for i, c in enumerate(hands) if c < 0]  # dealt in this order, from the end of the shuffled cards
    if len(unknown) - deal_drawn - len(hidden) != view["stock_size"]:
        raise RecordError(f"the view's cards do not add up to a deck (stock_size {view['stock_size']})")
    taken = view["drawn_from"] == "discard"
    current = view["current_player"]
    first = view["first_player"]
    round_ = view["round"]
    closer = view["went_out"] if r.six else view["knocker"]
    final_left = view["final_turns_left"]
    totals = list(view["scores"])
    history = [list(s) for s in view["round_scores"]]  # its rows shared by the samples, as by clones: never changed
    last = copy_last(view["last_round"])
    ends = [view["round_ends"][name] for name in END_NAMES]
    turns = view["turns"]
    round_turns = view["round_turns"]

    # Everything but the dealt cards, built once; each sample is a copy of it (list slices) with its own deal.
    proto = cls(
        r,
        hands=hands,
        known=known,
        stock=[],
        discard=discard,
        drawn=None if drawn < 0 else drawn,
        taken=taken,
        phase=phase,
        current=current,
        first=first,
        round=round_,
        closer=closer,
        final_left=final_left,
        totals=totals,
        history=history,
        last=last,
        ends=ends,
        turns=turns,
        round_turns=round_turns,
        rng=Rng(0),
    )

    def sample(rng: Rng) -> S:
        stock = unknown[:]
        rng.shuffle(stock)
        return proto.dealt(hidden, stock, deal_drawn, Rng(rng.next_u64()))

    return sample
