"""Golf's actions: interned singletons in a fixed action space shared by both variants.

Ids: 0 draw, 1 take, 2 discard, 3 knock, 4 pass, 5..10 swap slot 0..5, 11..16 peek slot 0..5, 17..22 flip slot 0..5.
Text forms count slots from 1 (`swap 3`); JSON and ids count from 0.
"""

from __future__ import annotations

from typing import Any

from podium.core.contract import Action, JsonDict
from podium.core.errors import MalformedAction

MAX_SLOTS = 6

DRAW, TAKE, DISCARD, KNOCK, PASS, SWAP, PEEK, FLIP = range(8)
KIND_NAMES: tuple[str, ...] = ("draw", "take", "discard", "knock", "pass", "swap", "peek", "flip")
_SLOT_BASE = {SWAP: 5, PEEK: 11, FLIP: 17}
NUM_ACTIONS = 5 + 3 * MAX_SLOTS


class GolfAction(Action):
    """One Golf decision. Never build one yourself: use the module's singletons (`DRAW_ACTION`, `SWAPS[k]` …)
    or `action_from_id`, so that identity comparison is enough."""

    __slots__ = ("_id", "kind", "slot")

    kind: int
    slot: int  # 0-based, -1 for actions without a slot

    def __init__(self, action_id: int, kind: int, slot: int) -> None:
        self._id = action_id
        self.kind = kind
        self.slot = slot

    @property
    def id(self) -> int:
        return self._id

    def text(self) -> str:
        name = KIND_NAMES[self.kind]
        return name if self.slot < 0 else f"{name} {self.slot + 1}"

    def to_json(self) -> JsonDict:
        if self.slot < 0:
            return {"type": KIND_NAMES[self.kind]}
        return {"type": KIND_NAMES[self.kind], "slot": self.slot}

    def __repr__(self) -> str:
        return f"GolfAction({self.text()!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # Unpickling (e.g. in a worker process) must give back the interned singleton.
        return (_by_id, (self._id,))


def _build() -> tuple[GolfAction, ...]:
    out = [GolfAction(kind, kind, -1) for kind in (DRAW, TAKE, DISCARD, KNOCK, PASS)]
    for kind in (SWAP, PEEK, FLIP):
        out += [GolfAction(_SLOT_BASE[kind] + slot, kind, slot) for slot in range(MAX_SLOTS)]
    return tuple(out)


ACTIONS: tuple[GolfAction, ...] = _build()
DRAW_ACTION, TAKE_ACTION, DISCARD_ACTION, KNOCK_ACTION, PASS_ACTION = ACTIONS[:5]
SWAPS: tuple[GolfAction, ...] = ACTIONS[5:11]
PEEKS: tuple[GolfAction, ...] = ACTIONS[11:17]
FLIPS: tuple[GolfAction, ...] = ACTIONS[17:23]
_SLOTTED = {SWAP: SWAPS, PEEK: PEEKS, FLIP: FLIPS}
_NAMES: dict[str, int] = {name: kind for kind, name in enumerate(KIND_NAMES)}
_ALIASES: dict[str, str] = {
    "d": "draw", "stock": "draw", "t": "take", "x": "discard", "k": "knock", "p": "pass", "end": "pass",
    "s": "swap", "f": "flip", "look": "peek", "turn": "flip",
}  # fmt: skip

FORMS = "draw, take, discard, knock, pass, swap N, peek N, flip N (N = slot 1..4, or 1..6 in six-card Golf)"
_FORMS_OF = {
    4: "draw, take, discard, knock, pass, swap N, peek N (N = slot 1..4)",
    6: "draw, take, discard, pass, swap N, flip N (N = slot 1..6)",
}


def forms(slots: int | None = None) -> str:
    """The text forms of the actions, for Golf with `slots` cards per player (4 or 6), or for either (None)."""
    return _FORMS_OF.get(slots, FORMS) if slots is not None else FORMS


def slot_range(slots: int | None, first: int) -> str:
    """The slot numbers of the game being played, counted from `first` (1 in text, 0 in JSON)."""
    if slots is None:
        return f"{first}..{first + 3} in four-card Golf, {first}..{first + 5} in six-card"
    return f"{first}..{first + slots - 1} in {'six' if slots == 6 else 'four'}-card Golf"


def _by_id(action_id: int) -> GolfAction:
    return ACTIONS[action_id]


def action_from_id(action_id: int) -> GolfAction:
    """The action numbered `action_id` (0..22, either variant); raises `MalformedAction` for anything else."""
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
        raise MalformedAction(f"{action_id!r} is no Golf action id; ids are 0..{NUM_ACTIONS - 1}")
    return ACTIONS[action_id]


def _make(kind_name: str, slot: int | None, original: object, slots: int | None, first: int) -> GolfAction:
    """The action `kind_name` on `slot` (0-based), or `MalformedAction`. `first` is how `original` counts slots: 1 for
    text, whose errors list the text forms, 0 for JSON."""
    hint = f"actions are: {forms(slots)}" if first else "JSON counts slots from 0"
    kind = _NAMES.get(kind_name)
    if kind is None:
        named = hint if first else f"'type' is one of {', '.join(KIND_NAMES)}"
        raise MalformedAction(f"{original!r} is not a Golf action; {named}")
    if kind in _SLOTTED:
        if slot is None or not 0 <= slot < (slots or MAX_SLOTS):
            raise MalformedAction(f"{original!r}: {kind_name} needs a slot {slot_range(slots, first)}; {hint}")
        return _SLOTTED[kind][slot]
    if slot is not None:
        raise MalformedAction(f"{original!r}: {kind_name} takes no slot; {hint}")
    return ACTIONS[kind]


def parse_action(text: str, slots: int | None = None) -> GolfAction:
    """The action written as `text`: `draw`, `take`, `discard`, `knock`, `pass`, `swap 3`, `peek 1`, `flip 2`
    (slots from 1; case and spacing free; `swap3`, single letters d/t/x/k/p/s/f and a bare slot number for swap).
    With `slots` (the game's cards per player, 4 or 6) a slot beyond them is refused and the errors name them.
    Raises `MalformedAction` (listing the forms); whether the action is legal now is `GolfState.apply`'s question."""
    if not isinstance(text, str):
        raise MalformedAction(f"{text!r} is not a Golf action; actions are: {forms(slots)}")
    words = text.strip().lower().split()
    if len(words) == 1 and words[0][-1:].isdigit() and not words[0].isdigit():
        head = words[0].rstrip("0123456789")
        words = [head, words[0][len(head) :]]
    if len(words) == 1 and words[0].isdigit():
        words = ["swap", words[0]]
    if not words or len(words) > 2:
        raise MalformedAction(f"{text!r} is not a Golf action; actions are: {forms(slots)}")
    name = _ALIASES.get(words[0], words[0])
    if name not in _NAMES:
        raise MalformedAction(f"{text!r} is not a Golf action; actions are: {forms(slots)}")
    slot: int | None = None
    if len(words) == 2:
        if not words[1].isdigit():
            raise MalformedAction(
                f"{text!r}: the slot must be a number {slot_range(slots, 1)}; actions are: {forms(slots)}"
            )
        slot = int(words[1]) - 1
    return _make(name, slot, text, slots, 1)


def action_from_json(data: Any, slots: int | None = None) -> GolfAction:
    """From `{"type": "swap", "slot": 2}` (slot 0-based) or `{"type": "draw"}`. With `slots` (4 or 6) a slot beyond
    the game's cards is refused and the errors name them. Raises `MalformedAction`: a wrong shape (not an object, an
    unknown type or key, a slot that is no integer or out of range) is never an illegal move."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedAction(f"{data!r} is not a Golf action; expected e.g. {{'type': 'swap', 'slot': 0}}")
    if set(data) - {"type", "slot"}:
        raise MalformedAction(
            f"{data!r} has unknown keys; a Golf action has 'type' and, for swap, peek and flip, 'slot'"
        )
    slot = data.get("slot")
    if slot is not None and (isinstance(slot, bool) or not isinstance(slot, int)):
        raise MalformedAction(f"{data!r}: 'slot' must be an integer {slot_range(slots, 0)}; JSON counts slots from 0")
    return _make(data["type"].strip().lower(), slot, data, slots, 0)
