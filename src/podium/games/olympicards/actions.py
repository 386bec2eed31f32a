"""Olympicards actions: ``withdraw``, ``accept`` / ``postpone`` (the start player's choice for a new sport card, O-4)
and ``play CARDS`` (O-5), e.g. ``play 7r`` or ``play 3b 3g``.

A play is a multiset of card kinds (two copies of the same card are one choice), stored as a sorted tuple.
Action ids are one fixed numbering, the same for every config: 0 withdraw, 1 accept, 2 postpone, then the plays by
size (1 card, 2 cards, …) and, within a size, in lexicographic order of the sorted tuple. The ids are computed
(ranked/unranked) rather than tabulated, so the space of 4-card plays (~190,000) costs nothing until used; the
action space of a config ends after the plays of its sport set's largest play (`num_actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

from podium.core.contract import Action, JsonDict
from podium.core.errors import MalformedAction
from podium.games.olympicards.cards import COLOUR_NAMES, COLOURS, NUM_KINDS, NUM_VALUES, TEXT, parse_card
from podium.games.olympicards.sports import MAX_PLAY

WITHDRAW_ID = 0
ACCEPT_ID = 1
POSTPONE_ID = 2
FIRST_PLAY_ID = 3

# _WAYS[k][r]: multisets of size r over the kinds k..44, each kind at most twice.
_WAYS: list[list[int]] = [[0] * (MAX_PLAY + 1) for _ in range(NUM_KINDS + 1)]
_WAYS[NUM_KINDS][0] = 1
for _k in range(NUM_KINDS - 1, -1, -1):
    for _r in range(MAX_PLAY + 1):
        _WAYS[_k][_r] = sum(_WAYS[_k + 1][_r - c] for c in range(min(2, _r) + 1))
del _k, _r
# _OFFSET[s]: id of the first play of s cards; _OFFSET[MAX_PLAY + 1] is the end of the whole space.
_OFFSET: list[int] = [FIRST_PLAY_ID] * (MAX_PLAY + 2)
for _s in range(2, MAX_PLAY + 2):
    _OFFSET[_s] = _OFFSET[_s - 1] + _WAYS[0][_s - 1]
del _s


def space_size(max_cards: int) -> int:
    """Number of action ids when no play has more than `max_cards` cards."""
    return _OFFSET[max_cards + 1]


def _rank(cards: tuple[int, ...]) -> int:
    size = len(cards)
    counts = [0] * NUM_KINDS
    for k in cards:
        counts[k] += 1
    rank, remaining = 0, size
    for k in range(NUM_KINDS):
        if not remaining:
            break
        c = counts[k]
        # Lexicographic order of sorted tuples = larger counts of earlier kinds first.
        for bigger in range(c + 1, min(2, remaining) + 1):
            rank += _WAYS[k + 1][remaining - bigger]
        remaining -= c
    return _OFFSET[size] + rank


def _unrank(action_id: int) -> tuple[int, ...]:
    size = next(s for s in range(1, MAX_PLAY + 1) if action_id < _OFFSET[s + 1])
    rank, remaining = action_id - _OFFSET[size], size
    cards: list[int] = []
    for k in range(NUM_KINDS):
        if not remaining:
            break
        for c in range(min(2, remaining), -1, -1):
            block = _WAYS[k + 1][remaining - c]
            if rank < block:
                cards.extend([k] * c)
                remaining -= c
                break
            rank -= block
    return tuple(cards)


class OlyAction(Action):
    __slots__ = ("_id", "_text", "cards", "kind")

    def __init__(self, action_id: int, kind: str, cards: tuple[int, ...] = ()) -> None:
        self._id = action_id
        self.kind = kind
        self.cards = cards
        self._text = kind if not cards else "play " + " ".join(TEXT[k] for k in cards)

    @property
    def id(self) -> int:
        return self._id

    def text(self) -> str:
        return self._text

    def to_json(self) -> JsonDict:
        if self.kind == "play":
            return {"type": "play", "cards": [TEXT[k] for k in self.cards]}
        return {"type": self.kind}

    def __repr__(self) -> str:
        return f"OlyAction({self._text!r})"

    # Interned, but equal by id as well, so that actions survive copying between processes.
    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, OlyAction) and other.id == self._id)

    def __hash__(self) -> int:
        return self._id

    def __reduce__(self) -> tuple[Callable[[int], OlyAction], tuple[int]]:
        # A copy (pickled to a worker process and back, to Ray, deep-copied) is the interned action itself: the
        # engine compares the special actions by identity.
        return from_id, (self._id,)


WITHDRAW = OlyAction(WITHDRAW_ID, "withdraw")
ACCEPT = OlyAction(ACCEPT_ID, "accept")
POSTPONE = OlyAction(POSTPONE_ID, "postpone")
SPECIAL = (WITHDRAW, ACCEPT, POSTPONE)

_PLAYS: dict[tuple[int, ...], OlyAction] = {}


def play_action(cards: tuple[int, ...]) -> OlyAction:
    """The interned action playing these cards (`cards` sorted, 1..4 kinds, each at most twice)."""
    action = _PLAYS.get(cards)
    if action is None:
        action = _PLAYS[cards] = OlyAction(_rank(cards), "play", cards)
    return action


def play_actions(plays: Iterable[tuple[int, ...]]) -> list[Action]:
    """`play_action` of each play in id order, for the state's legal list (the engine's hot path): the interned
    actions are looked up without a Python call per play, and sorted without one."""
    interned = _PLAYS.get
    actions: list[Action] = [interned(cards) or play_action(cards) for cards in plays]
    actions.sort(key=_ID)
    return actions


_ID = attrgetter("_id")


def from_id(action_id: int) -> OlyAction:
    """The action numbered `action_id` in the space of every sport set; raises `MalformedAction` for anything else
    (`Olympicards.action_from_id` bounds it by the config's own space)."""
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < space_size(MAX_PLAY):
        raise MalformedAction(f"{action_id!r} is not an Olympicards action id")
    if action_id < FIRST_PLAY_ID:
        return SPECIAL[action_id]
    return play_action(_unrank(action_id))


_ALIASES = {
    "withdraw": WITHDRAW,
    "w": WITHDRAW,
    "pass": WITHDRAW,
    "accept": ACCEPT,
    "a": ACCEPT,
    "play": ACCEPT,  # "play" with no cards = play this sport card
    "postpone": POSTPONE,
    "p": POSTPONE,
}
FORMS = "'play CARDS' (e.g. 'play 7r' or 'play 3b 3g'), 'withdraw', 'accept', 'postpone'"


def parse(text: str) -> OlyAction:
    """`play 7r`, `play 3b 3g`, `withdraw`, `accept`, `postpone` (and their short forms); raises `MalformedAction`
    naming the wrong card or the forms. Whether the play follows the sport is `OlympicardsState.apply`'s question."""
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise MalformedAction(f"empty action; write {FORMS}")
    if len(words) == 1 and words[0] in _ALIASES:
        return _ALIASES[words[0]]
    if words[0] in {"play", "p"}:
        words = words[1:]
    elif not any(ch.isdigit() for ch in words[0]):  # a word, not a card: say what the actions are
        raise MalformedAction(f"{text.strip()!r} is not an action; write {FORMS}")
    return cards_action(words, text)


def _card_problem(word: str) -> str:
    """What is wrong with `word` as a card: the colour, the value, or its shape."""
    digits = "".join(ch for ch in word if ch.isdigit())
    letters = "".join(ch for ch in word if ch.isalpha())
    colours = f"colours are {' '.join(COLOURS)} ({' '.join(COLOUR_NAMES)})"
    if not digits or not letters or len(digits) + len(letters) != len(word):
        return f"{word!r} is not a card: write its value then its colour, e.g. 7r; {colours}"
    if letters not in COLOURS or len(letters) != 1:
        return f"no colour {letters!r} in {word!r}; {colours}"
    return f"no card value {int(digits)} in {word!r}; values are 1..{NUM_VALUES}"


def cards_action(words: list[str], original: Any) -> OlyAction:
    """The play of the cards written `words` (`original` is what the player sent, for errors); raises
    `MalformedAction` for a word that is no card, a play of no or too many cards, or three copies of a card."""
    try:
        cards = tuple(sorted(parse_card(w) for w in words))
    except ValueError:
        bad = next(w for w in words if not _parses(w))
        raise MalformedAction(f"{original!r}: {_card_problem(bad)}") from None
    if not 1 <= len(cards) <= MAX_PLAY:
        raise MalformedAction(f"{original!r}: a play has 1 to {MAX_PLAY} cards; write {FORMS}")
    if any(cards.count(k) > 2 for k in set(cards)):
        raise MalformedAction(f"{original!r}: there are only two copies of each card")
    return play_action(cards)


def _parses(word: str) -> bool:
    try:
        parse_card(word)
    except ValueError:
        return False
    return True


def from_json(data: Any) -> OlyAction:
    """From `{"type": "withdraw"}` (or accept, postpone) or `{"type": "play", "cards": ["3b", "3g"]}`; raises
    `MalformedAction` for anything else."""
    if isinstance(data, dict):
        kind = data.get("type")
        if kind in {"withdraw", "accept", "postpone"} and len(data) == 1:
            return _ALIASES[kind]
        if kind == "play" and isinstance(data.get("cards"), list) and all(isinstance(c, str) for c in data["cards"]):
            return cards_action(list(data["cards"]), data)
    raise MalformedAction(
        f"{data!r} is not an Olympicards action; expected {{'type': 'withdraw'|'accept'|'postpone'}}"
        " or {'type': 'play', 'cards': ['7r', ...]}"
    )
