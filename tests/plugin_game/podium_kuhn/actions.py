"""Kuhn poker's two actions (K-3): `pass` (check, or fold facing a bet) and `bet` (bet, or call facing a bet).

Ids: 0 pass, 1 bet. JSON: `{"type": "pass"}`. The words check/fold and call are accepted for typing.
"""

from __future__ import annotations

from typing import Any

from podium.core.contract import Action, JsonDict
from podium.core.errors import MalformedAction

FORMS = "pass (also check, fold) or bet (also call)"
NAMES: tuple[str, ...] = ("pass", "bet")


class KuhnAction(Action):
    """Never build one: use `PASS`, `BET` or `ACTIONS[id]`, so that identity comparison is enough."""

    __slots__ = ("_id",)

    def __init__(self, action_id: int) -> None:
        self._id = action_id

    @property
    def id(self) -> int:
        return self._id

    def text(self) -> str:
        return NAMES[self._id]

    def to_json(self) -> JsonDict:
        return {"type": NAMES[self._id]}

    def __repr__(self) -> str:
        return f"KuhnAction({self.text()!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # Unpickling (a worker process of a simulation) must give back the interned singleton.
        return (action_from_id, (self._id,))


ACTIONS: tuple[KuhnAction, ...] = (KuhnAction(0), KuhnAction(1))
PASS, BET = ACTIONS
NUM_ACTIONS = len(ACTIONS)
_WORDS = {"pass": PASS, "check": PASS, "fold": PASS, "bet": BET, "call": BET}


def parse_action(text: str) -> KuhnAction:
    if isinstance(text, str):
        found = _WORDS.get(text.strip().lower())
        if found is not None:
            return found
    raise MalformedAction(f"{text!r} is not a Kuhn poker action; actions are: {FORMS}")


def action_from_json(data: Any) -> KuhnAction:
    if not isinstance(data, dict) or set(data) != {"type"} or data["type"] not in NAMES:
        raise MalformedAction(f"{data!r} is not a Kuhn poker action; expected {{'type': 'pass'}} or {{'type': 'bet'}}")
    return ACTIONS[NAMES.index(data["type"])]


def action_from_id(action_id: int) -> KuhnAction:
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
        raise MalformedAction(f"{action_id!r} is no Kuhn poker action id; ids are 0 (pass) and 1 (bet)")
    return ACTIONS[action_id]
