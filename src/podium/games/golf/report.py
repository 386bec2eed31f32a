"""Golf's figures in `podium report` (its `report` facet): how rounds end, how often the knocker (six-card: the
player who went out) wins the round, round lengths in turns, and six-card column pairs (G-8.4) — all read from the
round's `round_end` event, which carries the rules' own verdicts (`ended_by`, `winners`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from podium.api.report import Figure, RulesReport, Series, Tally, messages_file
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Result
from podium.games.golf.cards import RANK_OF, parse_card
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import END_NAMES

ENDS = END_NAMES
OUTCOMES = ("won", "tied", "lost")
TURN_BINS = 12


class GolfTally(Tally):
    def __init__(self, six: bool, knock_is_a_turn: bool) -> None:
        self.six = six
        # G-4.1, G-4.2: a turn begins with a draw or a take, or with a knock where it replaces the draw
        self._starts = ("draw", "take", "knock") if knock_is_a_turn else ("draw", "take")
        self.ends: Counter[str] = Counter()
        self.knocks: Counter[str] = Counter()
        self.round_turns: Counter[int] = Counter()
        self.pairs: Counter[int] = Counter()
        self._turns = 0

    def observe(self, player: int, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind in self._starts:
                self._turns += 1
            elif event.kind == "round_end":
                self._round_end(event.data)

    def _round_end(self, data: Any) -> None:
        self.ends[str(data["ended_by"])] += 1
        self.round_turns[self._turns] += 1
        self._turns = 0
        closer = data["went_out"] if self.six else data["knocker"]
        winners = list(data["winners"])
        if closer is not None:
            self.knocks["lost" if closer not in winners else "won" if len(winners) == 1 else "tied"] += 1
        if self.six:
            for hand in data["hands"]:
                # the reveal shows every card; slots c and c+3 are a column (G-8.4)
                ranks = [RANK_OF[parse_card(text)] for text in hand]
                self.pairs[sum(1 for c in range(3) if ranks[c] == ranks[c + 3])] += 1

    def finish(self, result: Result, lineup: Sequence[str]) -> None:
        self._turns = 0

    def merge(self, other: Self) -> Self:
        self.ends.update(other.ends)
        self.knocks.update(other.knocks)
        self.round_turns.update(other.round_turns)
        self.pairs.update(other.pairs)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "ends": dict(sorted(self.ends.items())),
            "knocks": dict(sorted(self.knocks.items())),
            "round_turns": {str(k): self.round_turns[k] for k in sorted(self.round_turns)},
            "pairs": {str(k): self.pairs[k] for k in sorted(self.pairs)},
        }

    def figures(self) -> list[Figure]:
        rounds = sum(self.ends.values())
        knocked = sum(self.knocks.values())
        closer = "golf.went_out" if self.six else "golf.knocker"
        out = [
            Figure("golf.ends", ENDS,
                   (Series("golf.rounds", tuple(self.ends[e] for e in ENDS), (rounds,) * len(ENDS)),),
                   "golf.share_rounds", note="golf.ends_note", params={"rounds": rounds}),
            Figure(closer, OUTCOMES, (Series("golf.rounds", tuple(self.knocks[o] for o in OUTCOMES),
                                             (knocked,) * 3),), "golf.share_closed",
                   note="golf.closer_note", params={"rounds": knocked}),
        ]  # fmt: skip
        labels, counts = _binned(self.round_turns)
        out.append(Figure("golf.round_turns", labels, (Series("golf.rounds", counts, (rounds,) * len(counts)),),
                          "golf.share_rounds", label_axis="golf.turns"))  # fmt: skip
        if self.six:
            hands = sum(self.pairs.values())
            labels = tuple(str(k) for k in range(4))
            out.append(Figure("golf.pairs", labels,
                              (Series("golf.hands", tuple(self.pairs[k] for k in range(4)), (hands,) * 4),),
                              "golf.share_hands", label_axis="golf.pairs_axis"))  # fmt: skip
        return out


def _binned(hist: Counter[int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """At most `TURN_BINS` equal bins over the values of `hist`, labelled `low–high`."""
    if not hist:
        return (), ()
    low, high = min(hist), max(hist)
    width = max(1, -(-(high - low + 1) // TURN_BINS))
    labels, counts = [], []
    for start in range(low, high + 1, width):
        stop = min(high, start + width - 1)
        labels.append(str(start) if stop == start else f"{start}–{stop}")
        counts.append(sum(hist[v] for v in range(start, stop + 1)))
    return tuple(labels), tuple(counts)


class GolfReport(RulesReport):
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = messages_file("podium.games.golf")

    def tally(self, config: GameConfig, players: int) -> GolfTally:
        assert isinstance(config, GolfConfig)
        return GolfTally(config.variant == "six", config.knock == "instead")


REPORT = GolfReport()
