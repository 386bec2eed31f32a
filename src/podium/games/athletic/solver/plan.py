"""The solver's answer: how many hand cards a turn can place at most, and the actions of a turn that places them."""

from __future__ import annotations

from dataclasses import dataclass, field

from podium.games.athletic.actions import AthleticAction


@dataclass
class Plan:
    """`placed` cards can be placed (the proven maximum) by `actions` (the turn, without `end`)."""

    placed: int
    hand_size: int
    actions: list[AthleticAction] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def clears_hand(self) -> bool:
        return self.hand_size > 0 and self.placed == self.hand_size

    def steps(self) -> list[str]:
        return [a.text() for a in self.actions]


def describe(plan: Plan) -> str:
    """One line: how many cards the plan places and its steps."""
    if not plan.actions:
        return f"no card can be placed (0 of {plan.hand_size}); end the turn"
    medal = " (the whole hand: a medal)" if plan.clears_hand else ""
    return f"places {plan.placed} of {plan.hand_size}{medal}: " + ", ".join(plan.steps())
