"""Athletic Games actions: interned singletons in a fixed action space.

Ids: `play` card c on pile p = c*5 + p (0..299); `fill` card c into empty pile p = 300 + c*5 + p (300..599);
`move` from pile a to pile b = 600 + a*4 + (b if b < a else b - 1) (600..619); `end` = 620.
Text forms count piles from 1: `play 7r 3`, `fill 7r 2`, `move 1 4`, `end`. JSON and ids count piles from 0.
"""

from __future__ import annotations

import re
from typing import Any

from podium.core.contract import Action, JsonDict
from podium.core.errors import MalformedAction
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, NUM_VALUES, SPORT_LETTERS, SPORT_NAMES, TEXT, parse_card

PLAY, FILL, MOVE, END = range(4)
KIND_NAMES: tuple[str, ...] = ("play", "fill", "move", "end")
FILL_BASE = NUM_CARDS * NUM_PILES
MOVE_BASE = 2 * FILL_BASE
END_ID = MOVE_BASE + NUM_PILES * (NUM_PILES - 1)
NUM_ACTIONS = END_ID + 1
FORMS = "play CARD PILE, fill CARD PILE, move FROM TO, end (CARD like 7r = red 7; piles 1..5)"


class AthleticAction(Action):
    """One step of a turn. Never build one yourself: use `PLAYS`, `FILLS`, `MOVES`, `END_ACTION` or the parsers."""

    __slots__ = ("_id", "card", "kind", "pile", "source")

    kind: int
    card: int  # -1 for move and end
    pile: int  # destination pile, 0-based; -1 for end
    source: int  # source pile of a move, -1 otherwise

    def __init__(self, action_id: int, kind: int, card: int, pile: int, source: int) -> None:
        self._id = action_id
        self.kind = kind
        self.card = card
        self.pile = pile
        self.source = source

    @property
    def id(self) -> int:
        return self._id

    def text(self) -> str:
        if self.kind == MOVE:
            return f"move {self.source + 1} {self.pile + 1}"
        if self.kind == END:
            return "end"
        return f"{KIND_NAMES[self.kind]} {TEXT[self.card]} {self.pile + 1}"

    def to_json(self) -> JsonDict:
        if self.kind == MOVE:
            return {"type": "move", "from": self.source, "to": self.pile}
        if self.kind == END:
            return {"type": "end"}
        return {"type": KIND_NAMES[self.kind], "card": TEXT[self.card], "pile": self.pile}

    def __repr__(self) -> str:
        return f"AthleticAction({self.text()!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (action_from_id, (self._id,))


def _build() -> tuple[AthleticAction, ...]:
    out = [AthleticAction(c * NUM_PILES + p, PLAY, c, p, -1) for c in range(NUM_CARDS) for p in range(NUM_PILES)]
    out += [
        AthleticAction(FILL_BASE + c * NUM_PILES + p, FILL, c, p, -1)
        for c in range(NUM_CARDS)
        for p in range(NUM_PILES)
    ]
    for a in range(NUM_PILES):
        for b in range(NUM_PILES):
            if a != b:
                out.append(AthleticAction(MOVE_BASE + a * (NUM_PILES - 1) + (b if b < a else b - 1), MOVE, -1, b, a))
    out.append(AthleticAction(END_ID, END, -1, -1, -1))
    assert [a.id for a in out] == list(range(NUM_ACTIONS))
    return tuple(out)


ACTIONS: tuple[AthleticAction, ...] = _build()
END_ACTION = ACTIONS[END_ID]


def play_action(card: int, pile: int) -> AthleticAction:
    return ACTIONS[card * NUM_PILES + pile]


def fill_action(card: int, pile: int) -> AthleticAction:
    return ACTIONS[FILL_BASE + card * NUM_PILES + pile]


def move_action(source: int, dest: int) -> AthleticAction:
    return ACTIONS[MOVE_BASE + source * (NUM_PILES - 1) + (dest if dest < source else dest - 1)]


def action_from_id(action_id: int) -> AthleticAction:
    """The action numbered `action_id` (0..620); raises `MalformedAction` for anything else (a bool included)."""
    if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < NUM_ACTIONS:
        raise MalformedAction(f"no Athletic Games action has id {action_id!r}; ids are 0..{NUM_ACTIONS - 1}")
    return ACTIONS[action_id]


def _pile(raw: Any, what: str, base: int) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = -1
    if isinstance(raw, bool) or not base <= value < NUM_PILES + base:
        raise MalformedAction(f"{what} {raw!r} is not a pile; piles are {base}..{NUM_PILES - 1 + base}")
    return value - base


_ALIASES = {"p": "play", "f": "fill", "m": "move", "e": "end", "pass": "end", "stop": "end", "done": "end"}
_SHAPES = {"play": "play CARD PILE, e.g. play 7r 3 (piles 1..5)", "fill": "fill CARD PILE, e.g. fill 7r 3 (piles 1..5)",
           "move": "move FROM TO, e.g. move 1 4 (piles 1..5)", "end": "end, with nothing after it"}  # fmt: skip
_VALUE_SPORT = re.compile(r"(\d+)([a-z]+)|([a-z]+)(\d+)")
_SPORTS = f"sports are {' '.join(SPORT_LETTERS)} ({' '.join(SPORT_NAMES)})"


def _text_card(word: str) -> int:
    """The card written `word`, or an error naming the part that is wrong (the sport, the value, or the shape)."""
    try:
        return parse_card(word)
    except ValueError:
        pass
    shape = _VALUE_SPORT.fullmatch(word)
    if shape is None:
        missing = "its sport" if word.isdigit() else "its value" if word.isalpha() else "a value and a sport"
        raise MalformedAction(f"{word!r} is not a card: it needs {missing}, e.g. 7r; {_SPORTS}")
    digits, sport = (shape[1], shape[2]) if shape[1] else (shape[4], shape[3])
    if not (len(sport) == 1 and sport in SPORT_LETTERS) and sport not in SPORT_NAMES:
        raise MalformedAction(f"no sport {sport!r} in {word!r}; {_SPORTS}")
    raise MalformedAction(f"no card value {int(digits)} in {word!r}; values are 1..{NUM_VALUES}")


def _text_pile(word: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= NUM_PILES:
        raise MalformedAction(f"no pile {word}; piles are 1..{NUM_PILES}")
    return int(word) - 1


def parse_action(text: str) -> AthleticAction:
    """`play 7r 3`, `fill 7r 3`, `move 1 4`, `end` (piles from 1). Raises `MalformedAction` for text that is no
    action, naming the mistake precisely (the sport, the value, the pile, or the shape of the action); whether the
    action is legal now is `AthleticState.apply`'s question."""
    words = text.strip().lower().split()
    if not words:
        raise MalformedAction(f"empty action; actions are: {FORMS}")
    kind = _ALIASES.get(words[0], words[0])
    if kind not in _SHAPES:
        raise MalformedAction(f"{text.strip()!r} is not an action; actions are: {FORMS}")
    if len(words) != {"end": 1, "move": 3}.get(kind, 3):
        raise MalformedAction(f"{text.strip()!r}: write {_SHAPES[kind]}")
    try:
        if kind == "end":
            return END_ACTION
        if kind == "move":
            source, dest = _text_pile(words[1]), _text_pile(words[2])
            if source == dest:
                raise MalformedAction("a move needs two different piles")
            return move_action(source, dest)
        card, pile = _text_card(words[1]), _text_pile(words[2])
    except MalformedAction as exc:
        raise MalformedAction(f"{text.strip()!r}: {exc}") from None
    return play_action(card, pile) if kind == "play" else fill_action(card, pile)


def action_from_json(data: Any) -> AthleticAction:
    """From `{"type": "play", "card": "7r", "pile": 2}`, `fill` alike, `{"type": "move", "from": 0, "to": 3}` or
    `{"type": "end"}` (piles from 0); raises `MalformedAction` naming what is wrong."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, not {data!r}")
    kind = data.get("type")
    try:
        if kind == "end":
            return END_ACTION
        if kind == "move":
            source, dest = _pile(data.get("from"), "from", 0), _pile(data.get("to"), "to", 0)
            if source == dest:
                raise MalformedAction("a move needs two different piles")
            return move_action(source, dest)
        if kind in ("play", "fill"):
            raw = data.get("card")
            try:
                card = parse_card(raw) if isinstance(raw, str) else -1
            except ValueError:
                card = -1
            if card < 0:
                raise MalformedAction(f"{raw!r} is not a card")
            pile = _pile(data.get("pile"), "pile", 0)
            return play_action(card, pile) if kind == "play" else fill_action(card, pile)
    except MalformedAction as exc:
        raise MalformedAction(f"bad action {data!r}: {exc}") from None
    raise MalformedAction(f"bad action {data!r}: type must be play, fill, move or end")
