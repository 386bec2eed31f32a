"""Reading a stored Athletic Games state (`AthleticState.to_dict`'s form) strictly, field by field.

A stored state is untrusted input. Every field is checked with the shared readers of `podium.core.checks`
(integers are ints, not `"5"`, `5.9` or `True`; ranges; lists of the right length) and every card must be written
exactly as `to_dict` writes it (`7r`); a bad field raises `RecordError` naming it and what is allowed. The state
itself is then built by `AthleticState`'s one constructor.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain as chained
from typing import TYPE_CHECKING, Any, TypeVar

from podium.core import checks
from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, TEXT
from podium.games.athletic.config import AthleticConfig

if TYPE_CHECKING:
    from podium.games.athletic.state import AthleticState

S = TypeVar("S", bound="AthleticState")

MIN_PLAYERS = 2
MAX_PLAYERS = 5
REASONS = ("medals", "turn_limit")  # why a game ended
_BY_TEXT = {text: c for c, text in enumerate(TEXT)}
_CARD_OF = _BY_TEXT.__getitem__  # mapped over a list in C: KeyError for a text that is no card, TypeError if unhashable
_INT = {int}
_LIST = {list}
_config = checks.memoized(AthleticConfig.from_options)  # configs are immutable: states read alike share one


def card(value: Any, name: str) -> int:
    """A card written as `to_dict` writes it: value then sport letter, e.g. `7r` or `10p`."""
    found = _BY_TEXT.get(value) if isinstance(value, str) else None
    if found is None:
        raise RecordError(
            f"{name} must be a card written like 7r or 10p (values 1..10, sports r g b y o p), not {value!r}"
        )
    return found


def cards(value: Any, name: str) -> list[int]:
    if value.__class__ is list:
        try:  # every item a card's text (only a str can equal one): the common case, without a call per card
            return list(map(_CARD_OF, value))
        except (KeyError, TypeError):
            pass  # not a card, or unhashable: named below
    return [card(item, f"{name}[{i}]") for i, item in enumerate(checks.sequence(value, name))]


def _card_lists(value: Any, name: str, length: int) -> list[list[int]]:
    """`length` lists of cards (the hands, the piles): `cards` of each, without a call per list in the common case."""
    lists = checks.sequence(value, name, length)
    if all(item.__class__ is list for item in lists):
        try:
            return [list(map(_CARD_OF, item)) for item in lists]
        except (KeyError, TypeError):
            pass  # named below
    return [cards(item, f"{name}[{i}]") for i, item in enumerate(lists)]


def read_state(cls: type[S], data: Mapping[str, Any]) -> S:
    if data.get("game") != "athletic":
        raise RecordError(f"not an Athletic Games state (game={data.get('game')!r})")
    config = _config(checks.mapping(data["config"], "config"))
    n = checks.integer(data["num_players"], "num_players", MIN_PLAYERS, MAX_PLAYERS)
    state = _read_valid(cls, data, config, n)
    return _read_checked(cls, data, config, n) if state is None else state


def _read_valid(cls: type[S], data: Mapping[str, Any], config: AthleticConfig, n: int) -> S | None:
    """The state, if every field is as `to_dict` writes it; else None, and `_read_checked` reads the data again and
    names the first field that is wrong (so a bad record gets the same error either way). Every check of
    `_read_checked` is made here too, in bulk: the scalar fields' types in one chained comparison, each list's items'
    cards in one `map`; the state is built from the checked values, its `_LAZY` structures left to their first use."""
    try:
        hands_in, piles_in, draw_in = data["hands"], data["piles"], data["draw"]
        first, current, reason = data["first_player"], data["current"], data["reason"]
        reshuffles, turn, placed = data["reshuffles"], data["turn"], data["placed"]
        cards_placed, medal_turns, medals = data["cards_placed"], data["medal_turns"], data["medals"]
        epochs, chain_in, rng_state = data["epochs"], data["chain"], data["rng"]
    except KeyError:
        return None
    if not (
        first.__class__ is reshuffles.__class__ is turn.__class__ is placed.__class__ is int
        and cards_placed.__class__ is medal_turns.__class__ is int
        and 0 <= first < n
        and reshuffles >= 0
        and 1 <= turn <= config.max_turns
        and 0 <= placed <= NUM_CARDS
        and cards_placed >= 0
        and medal_turns >= 0
        and (
            (reason is None and current.__class__ is int and 0 <= current < n)
            or (current is None and reason.__class__ is str and reason in REASONS)
        )
        and hands_in.__class__ is list
        and len(hands_in) == n
        and piles_in.__class__ is list
        and len(piles_in) == NUM_PILES
        and draw_in.__class__ is list
        and {*map(type, hands_in), *map(type, piles_in)} == _LIST
        and medals.__class__ is list
        and len(medals) == n
        and set(map(type, medals)) == _INT
        and min(medals) >= 0
        and max(medals) <= config.medals_to_win
        and epochs.__class__ is dict
        and chain_in.__class__ is list
    ):
        return None
    try:  # every item a card's text (only a str can equal one)
        hands = [sorted(map(_CARD_OF, h)) for h in hands_in]
        piles = [list(map(_CARD_OF, p)) for p in piles_in]
        draw = list(map(_CARD_OF, draw_in))
    except (KeyError, TypeError):
        return None
    every = [*chained.from_iterable(hands), *chained.from_iterable(piles), *draw]
    if len(every) != NUM_CARDS or len(set(every)) != NUM_CARDS:  # card ids: 60 different ones are the deck
        return None
    epoch = [0] * NUM_CARDS
    if epochs:
        numbers = list(epochs.values())
        if set(map(type, numbers)) != _INT:
            return None
        distinct = set(numbers)  # a few reshuffles' numbers: the range checked on those
        if min(distinct) < 0 or max(distinct) > reshuffles:
            return None
        try:
            for text, k in epochs.items():
                epoch[_BY_TEXT[text]] = k
        except (KeyError, TypeError):
            return None
    chain: list[tuple[int, int]] = []  # (from, to) of each move since the last placement
    for move in chain_in:
        if move.__class__ is not list or len(move) != 2:
            return None
        source, target = move
        if not (source.__class__ is target.__class__ is int and 0 <= source < NUM_PILES and 0 <= target < NUM_PILES):
            return None
        chain.append((source, target))
    try:
        rng = Rng.from_state(rng_state)
        return cls(  # by position: keywords cost 5k instructions a read (3%, callgrind)
            config,
            hands,
            piles,
            draw,
            rng,
            first,
            current,
            turn,
            medals[:],
            epoch,
            reshuffles,
            placed,
            chain,
            reason,
            cards_placed,
            medal_turns,
            True,  # lazy: the structures `legal_actions` keeps are built when first asked for
        )
    except (ValueError, RecordError):  # a bad generator state, a move chain that does not fit: named below
        return None


def _read_checked(cls: type[S], data: Mapping[str, Any], config: AthleticConfig, n: int) -> S:
    """The state, checked field by field: `RecordError` names the first field that is wrong."""
    seat = n - 1
    hands = [sorted(h) for h in _card_lists(data["hands"], "hands", n)]
    piles = _card_lists(data["piles"], "piles", NUM_PILES)
    draw = cards(data["draw"], "draw")
    every = [*chained.from_iterable(hands), *chained.from_iterable(piles), *draw]
    # every item is a card id (0..59): 60 of them, all different, are the deck
    if len(every) != NUM_CARDS or len(set(every)) != NUM_CARDS:
        raise RecordError("the hands, piles and draw pile must hold each of the 60 cards exactly once")
    first = checks.integer(data["first_player"], "first_player", 0, seat)
    reason = data["reason"]
    if reason is None:
        current: int | None = checks.integer(data["current"], "current (the game is on)", 0, seat)
    elif reason in REASONS:
        if data["current"] is not None:
            raise RecordError(f"current must be null once the game is over, not {data['current']!r}")
        current = None
    else:
        raise RecordError(f"reason must be null (the game is on) or one of {', '.join(REASONS)}, not {reason!r}")
    reshuffles = checks.integer(data["reshuffles"], "reshuffles", 0)
    epoch = [0] * NUM_CARDS
    epochs = checks.mapping(data["epochs"], "epochs")
    numbers = list(epochs.values())
    try:  # the common case: card texts mapped to ints in range, checked in bulk
        found = list(map(_CARD_OF, epochs))
        fine = not numbers or (set(map(type, numbers)) == _INT and min(numbers) >= 0 and max(numbers) <= reshuffles)
    except (KeyError, TypeError):
        fine = False
    if fine:
        for c, k in zip(found, numbers, strict=True):
            epoch[c] = k
    else:
        for text, k in epochs.items():
            epoch[card(text, "a key of epochs")] = checks.integer(k, f"epochs[{text}]", 0, reshuffles)
    chain: list[tuple[int, int]] = []  # (from, to) of each move since the last placement
    for i, move in enumerate(checks.sequence(data["chain"], "chain")):
        source, target = checks.integers(move, f"chain[{i}]", 0, NUM_PILES - 1, length=2)
        chain.append((source, target))
    return cls(
        config,
        hands,
        piles,
        draw,
        Rng.from_state(data["rng"]),
        first_player=first,
        current=current,
        turn=checks.integer(data["turn"], "turn", 1, config.max_turns),
        medals=checks.integers(data["medals"], "medals", 0, config.medals_to_win, length=n),
        epoch=epoch,
        reshuffles=reshuffles,
        placed=checks.integer(data["placed"], "placed", 0, NUM_CARDS),
        chain=chain,
        reason=reason,
        cards_placed=checks.integer(data["cards_placed"], "cards_placed", 0),
        medal_turns=checks.integer(data["medal_turns"], "medal_turns", 0),
    )
