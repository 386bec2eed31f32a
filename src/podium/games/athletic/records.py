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
