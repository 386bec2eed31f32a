"""Athletic Games' figures in `podium report` (its `report` facet): medals per turn as the game goes on, reshuffles of
the centre (A-6) per game, and, in the bot ladder (where the report adds the `solver` bot, which places the most
cards it can each turn), the cards each bot places per turn and how often its turn wins a medal (A-5.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from podium.api.report import Figure, RulesReport, Series, Tally, messages_file
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Result

TURN_BIN = 10  # turns per bar of "medals per turn"
MAX_RESHUFFLES = 4  # the last bar holds this many or more


def _counts(counter: Counter[Any]) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


class AthleticTally(Tally):
    """The fairness run: medals and turns per band of `TURN_BIN` turns, reshuffles per game."""

    def __init__(self) -> None:
        self.turns: Counter[int] = Counter()  # band -> turns ended in it
        self.medals: Counter[int] = Counter()  # band -> medals won in it
        self.reshuffles: Counter[int] = Counter()
        self._band = 0

    def observe(self, player: int, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "turn_end":
                self._band = (int(event.data["turn"]) - 1) // TURN_BIN
                self.turns[self._band] += 1
            elif event.kind == "medal":  # told right after the turn that won it
                self.medals[self._band] += 1

    def finish(self, result: Result, lineup: Sequence[str]) -> None:
        self.reshuffles[min(MAX_RESHUFFLES, int(result.details["reshuffles"]))] += 1

    def merge(self, other: Self) -> Self:
        self.turns.update(other.turns)
        self.medals.update(other.medals)
        self.reshuffles.update(other.reshuffles)
        return self

    def to_json(self) -> dict[str, Any]:
        return {"turns": _counts(self.turns), "medals": _counts(self.medals), "reshuffles": _counts(self.reshuffles)}

    def figures(self) -> list[Figure]:
        bands = sorted(self.turns)
        labels = tuple(f"{b * TURN_BIN + 1}–{(b + 1) * TURN_BIN}" for b in bands)
        medals = Series(
            "athletic.medal_turns", tuple(self.medals[b] for b in bands), tuple(self.turns[b] for b in bands)
        )
        games = sum(self.reshuffles.values())
        counts = tuple(self.reshuffles[k] for k in range(MAX_RESHUFFLES + 1))
        shuffle_labels = (*(str(k) for k in range(MAX_RESHUFFLES)), f"{MAX_RESHUFFLES}+")
        return [
            Figure("athletic.medals", labels, (medals,), "athletic.share_turns", label_axis="athletic.turn"),
            Figure("athletic.reshuffles", shuffle_labels,
                   (Series("athletic.games", counts, (games,) * len(counts)),), "athletic.share_games",
                   label_axis="athletic.reshuffle_axis"),
        ]  # fmt: skip


class AthleticLadderTally(Tally):
    """The ladder: per bot, turns, cards placed and medal-winning turns (from `turn_end` and `medal` events)."""

    def __init__(self) -> None:
        self.turns: Counter[str] = Counter()
        self.placed: Counter[str] = Counter()
        self.medals: Counter[str] = Counter()
        self._seat: dict[int, list[int]] = {}

    def observe(self, player: int, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "turn_end":
                seat = self._seat.setdefault(int(event.data["player"]), [0, 0, 0])
                seat[0] += 1
                seat[1] += int(event.data["placed"])
            elif event.kind == "medal":
                self._seat.setdefault(int(event.data["player"]), [0, 0, 0])[2] += 1

    def finish(self, result: Result, lineup: Sequence[str]) -> None:
        for seat, (turns, placed, medals) in self._seat.items():
            self.turns[lineup[seat]] += turns
            self.placed[lineup[seat]] += placed
            self.medals[lineup[seat]] += medals
        self._seat = {}

    def merge(self, other: Self) -> Self:
        self.turns.update(other.turns)
        self.placed.update(other.placed)
        self.medals.update(other.medals)
        return self

    def to_json(self) -> dict[str, Any]:
        return {"turns": _counts(self.turns), "placed": _counts(self.placed), "medals": _counts(self.medals)}

    def figures(self) -> list[Figure]:
        bots = tuple(sorted(self.turns))
        per_turn = tuple(self.placed[b] / max(1, self.turns[b]) for b in bots)
        turns = tuple(self.turns[b] for b in bots)
        return [
            Figure("athletic.placed", bots, (Series("athletic.cards_per_turn", per_turn),), "athletic.cards_per_turn",
                   note="athletic.placed_note", label_axis="athletic.bot"),
            Figure("athletic.medal_bots", bots,
                   (Series("athletic.medal_turns", tuple(self.medals[b] for b in bots), turns),),
                   "athletic.share_turns", label_axis="athletic.bot"),
        ]  # fmt: skip


class AthleticReport(RulesReport):
    ladder_bots = ("solver",)
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = messages_file("podium.games.athletic")

    def tally(self, config: GameConfig, players: int) -> AthleticTally:
        return AthleticTally()

    def ladder_tally(self, config: GameConfig, players: int) -> AthleticLadderTally:
        return AthleticLadderTally()


REPORT = AthleticReport()
