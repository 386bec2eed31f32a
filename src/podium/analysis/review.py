"""`review(record, seat)`: each decision of one seat in a recorded game, against what `hard` would have played."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from podium.analysis.hint import Choice, hint, weighs_turns
from podium.core.contract import JsonDict, State
from podium.core.errors import PodiumError
from podium.core.record import Record


@dataclass(frozen=True)
class Moment:
    """One decision of the reviewed seat: at `ply` (the record's, from 0) it played `played` (a whole turn's steps
    where the bot weighs whole turns), where the bot would play `suggested`. `cost` is how much win share the
    choice gave away by the bot's estimate (best minus played, never below 0), None when the played choice was not
    among those the bot estimated."""

    ply: int
    played: tuple[str, ...]
    suggested: tuple[str, ...]
    played_share: float | None
    best_share: float | None
    choices: tuple[Choice, ...]

    @property
    def cost(self) -> float | None:
        if self.played_share is None or self.best_share is None:
            return None
        return max(0.0, self.best_share - self.played_share)

    @property
    def agrees(self) -> bool:
        return self.played == self.suggested

    def to_json(self) -> JsonDict:
        return {
            "ply": self.ply,
            "played": list(self.played),
            "suggested": list(self.suggested),
            "played_share": self.played_share,
            "best_share": self.best_share,
            "cost": self.cost,
            "choices": [c.to_json() for c in self.choices],
        }


@dataclass(frozen=True)
class Review:
    """The reviewed `seat` (from 0, as in the record) and its `moments` in the order they were played."""

    game: str
    seat: int
    moments: tuple[Moment, ...]

    def costliest(self, count: int = 5) -> list[Moment]:
        """The moments that gave away the most win share, costliest first (moments without an estimate last out)."""
        costly = [m for m in self.moments if m.cost is not None and m.cost > 0]
        return sorted(costly, key=lambda m: (-(m.cost or 0.0), m.ply))[:count]

    def to_json(self, costliest: int = 5) -> JsonDict:
        """The review as a server would send it: the moments in play order, and the plies of the costliest."""
        return {
            "game": self.game,
            "seat": self.seat,
            "moments": [m.to_json() for m in self.moments],
            "costliest": [m.ply for m in self.costliest(costliest)],
        }


def review(
    record: Record, seat: int, *, bot: str = "hard", progress: Callable[[int, int], None] | None = None
) -> Review:
    """The decisions of `seat` in `record`, each compared with the bot's. A decision is one action, or where the bot
    weighs whole turns, the seat's run of actions from the start of its turn. Deterministic: the bot's seed is the
    record's seed plus the ply. Each decision is weighed from what the seat was shown then (`hint` reads
    `shown_view`: playing from memory, not the cards the player had to remember). `progress(done, total)` is told
    after each decision."""
    if not 0 <= seat < record.num_players:
        raise PodiumError(f"the record has seats 0 to {record.num_players - 1}, not {seat}")
    states: list[State] = [record.start()]
    players: list[int] = []
    texts: list[str] = []
    for step in record.replay():
        states.append(step.state.clone())
        players.append(step.player)
        texts.append(step.action.text())
    turns = weighs_turns(states[0], bot)
    # A decision starts at each of the seat's actions, or with whole turns at the first action of each of its turns.
    starts = [p for p, mover in enumerate(players) if mover == seat and not (turns and p and players[p - 1] == seat)]
    moments: list[Moment] = []
    for done, ply in enumerate(starts):
        if progress is not None:
            progress(done, len(starts))
        if len(states[ply].legal_actions()) == 1:
            continue  # an only move is no decision
        choices = hint(states[ply], seat, bot=bot, seed=record.seed + ply, top=1_000)
        length = 1
        if turns:  # the seat's run of actions in this turn is the decision
            while ply + length < len(players) and players[ply + length] == seat:
                length += 1
        played = tuple(texts[ply : ply + length])
        suggested = next(c for c in choices if c.chosen)
        played_share = next((c.share for c in choices if c.steps == played), None)
        if played_share is None and not turns:
            played_share = next((c.share for c in choices if c.steps[0] == played[0]), None)
        moments.append(Moment(ply, played, suggested.steps, played_share, suggested.share, tuple(choices[:3])))
    if progress is not None:
        progress(len(starts), len(starts))
    return Review(record.game, seat, tuple(moments))
