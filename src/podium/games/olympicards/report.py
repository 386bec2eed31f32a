"""Olympicards' figures in `podium report` (its `report` facet), per sport card of the rules' sport set (a user's
`--sports` file too): how often it is played and postponed (O-4.2), the medals and world records it gives (O-6..O-8),
who withdraws first by position in the round's order (O-5.2), and a flag on the cards that never or always decide a
game. A sport card decides a game when the points it gave change who has the most points: without them, the set of
players with the most points (O-8, before its tie-breaks) would differ."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from podium.api.report import Figure, RulesReport, Series, Tally, messages_file
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Result
from podium.games.olympicards.config import Config
from podium.games.olympicards.scoring import MEDAL_NAMES, points

MIN_GAMES_TO_FLAG = 20  # a card played in fewer games is not flagged: too few to tell "never" from "rarely"


def _one_medal(medal: str) -> int:
    """O-8: the points of one medal (the rule's own function, for a hand of one medal)."""
    return points([int(medal == name) for name in MEDAL_NAMES], 0)


WORLD_RECORD = points([0, 0, 0], 1)


def _table(counter: Counter[str]) -> dict[str, int]:
    return dict(sorted(counter.items()))


class OlympicardsTally(Tally):
    def __init__(self, sports: Sequence[str], players: int) -> None:
        self.sports = tuple(sports)
        self.games = 0
        self.played: Counter[str] = Counter()
        self.postponed: Counter[str] = Counter()
        self.medals: dict[str, Counter[str]] = {name: Counter() for name in MEDAL_NAMES}
        self.records: Counter[str] = Counter()
        self.games_with: Counter[str] = Counter()  # games in which the card was played
        self.decisive: Counter[str] = Counter()
        self.first_out: Counter[int] = Counter()  # position in the round's order of each sport's first withdrawer
        self.gold_won: Counter[str] = Counter()  # games whose winner took the card's gold
        self.players = players
        self._sport = ""
        self._order: list[int] = []
        self._first_done = False
        self._points: dict[str, list[int]] = {}
        self._gold: dict[str, int] = {}

    def observe(self, player: int, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "sport":
                self._sport = str(data["sport"])
                self.played[self._sport] += 1
                self._points.setdefault(self._sport, [0] * self.players)
                self._first_done = False
            elif kind == "postpone":
                self.postponed[str(data["sport"])] += 1
            elif kind == "round":
                self._order = [int(p) for p in data["order"]]
            elif kind == "withdraw" and not self._first_done:
                self._first_done = True
                who = int(data["player"])
                self.first_out[self._order.index(who) if who in self._order else 0] += 1
            elif kind == "medal":
                self.medals[str(data["medal"])][self._sport] += 1
                if data["medal"] == MEDAL_NAMES[0]:
                    self._gold[self._sport] = int(data["player"])
                self._points[self._sport][int(data["player"])] += _one_medal(str(data["medal"]))
            elif kind == "world_record":
                self.records[self._sport] += 1
                self._points[self._sport][int(data["player"])] += WORLD_RECORD

    def finish(self, result: Result, lineup: Sequence[str]) -> None:
        self.games += 1
        scores = list(result.scores)
        top = _leaders(scores)
        for sport, gained in self._points.items():
            self.games_with[sport] += 1
            if _leaders([s - g for s, g in zip(scores, gained, strict=True)]) != top:
                self.decisive[sport] += 1
        for sport, player in self._gold.items():
            self.gold_won[sport] += int(player in result.winners)
        self._points = {}
        self._gold = {}

    def merge(self, other: Self) -> Self:
        self.games += other.games
        for mine, theirs in (
            (self.played, other.played),
            (self.postponed, other.postponed),
            (self.records, other.records),
            (self.games_with, other.games_with),
            (self.decisive, other.decisive),
            (self.gold_won, other.gold_won),
        ):
            mine.update(theirs)
        for name in MEDAL_NAMES:
            self.medals[name].update(other.medals[name])
        self.first_out.update(other.first_out)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "played": _table(self.played),
            "postponed": _table(self.postponed),
            "medals": {name: _table(c) for name, c in self.medals.items()},
            "world_records": _table(self.records),
            "games_with": _table(self.games_with),
            "decisive": _table(self.decisive),
            "first_withdrawal": {str(k): self.first_out[k] for k in sorted(self.first_out)},
            "gold_to_winner": _table(self.gold_won),
        }

    def flags(self) -> dict[str, str]:
        out = {}
        for sport in self.sports:
            n = self.games_with[sport]
            if n >= MIN_GAMES_TO_FLAG and self.decisive[sport] == 0:
                out[sport] = "oly.never"
            elif n >= MIN_GAMES_TO_FLAG and self.decisive[sport] == n:
                out[sport] = "oly.always"
        return out

    def figures(self) -> list[Figure]:
        sports = self.sports
        games = (self.games,) * len(sports)
        played = tuple(self.played[s] for s in sports)
        offered = tuple(self.played[s] + self.postponed[s] for s in sports)
        medals = tuple(Series(f"oly.{name}", tuple(float(self.medals[name][s]) / max(1, self.played[s])
                                                    for s in sports)) for name in MEDAL_NAMES)  # fmt: skip
        positions = tuple(range(self.players))
        firsts = sum(self.first_out.values())
        return [
            Figure("oly.played", sports, (Series("oly.games_played", played, games),
                                          Series("oly.postponed", tuple(self.postponed[s] for s in sports), offered)),
                   "oly.share", label_axis="oly.sport"),
            Figure("oly.medals", sports, medals, "oly.per_play", label_axis="oly.sport"),
            Figure("oly.gold_won", sports,
                   (Series("oly.gold_winner", tuple(self.gold_won[s] for s in sports),
                           tuple(self.games_with[s] for s in sports)),),
                   "oly.share", label_axis="oly.sport"),
            Figure("oly.records", sports, (Series("oly.record", tuple(self.records[s] for s in sports), played),),
                   "oly.share", label_axis="oly.sport"),
            Figure("oly.decisive", sports,
                   (Series("oly.decided", tuple(self.decisive[s] for s in sports),
                           tuple(self.games_with[s] for s in sports)),),
                   "oly.share", note="oly.decisive_note", params={"min": MIN_GAMES_TO_FLAG}, flags=self.flags(),
                   label_axis="oly.sport"),
            Figure("oly.first_out", tuple(f"{p + 1}." for p in positions),
                   (Series("oly.first", tuple(self.first_out[p] for p in positions), (firsts,) * len(positions)),),
                   "oly.share", label_axis="oly.position"),
        ]  # fmt: skip


def _leaders(scores: Sequence[int]) -> frozenset[int]:
    best = max(scores)
    return frozenset(p for p, s in enumerate(scores) if s == best)


class OlympicardsReport(RulesReport):
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = messages_file("podium.games.olympicards")

    def tally(self, config: GameConfig, players: int) -> OlympicardsTally:
        assert isinstance(config, Config)
        return OlympicardsTally([sport.name for sport in config.sport_set.sports], players)


REPORT = OlympicardsReport()
