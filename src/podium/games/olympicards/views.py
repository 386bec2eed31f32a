"""What each player may know of an Olympicards game: the view as a `TypedDict` (still plain JSON), and how a state
builds it.

The view's keys are documented once, here, for every reader (the heuristic, the terminal renderer; the web renderer
and docs/protocol.md read the same JSON). The builders are a part of the state (`OlympicardsViews`, which the state
inherits), so that they read its own storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from podium.games.olympicards.cards import NO_CARD, TEXT
from podium.games.olympicards.phase import OlympicardsPhase, PhaseName
from podium.games.olympicards.scoring import (
    MEDAL_NAMES,
    NO_MEDAL,
    award,
    award_text,
    points,
    withdrawals_per_sport,
)
from podium.games.olympicards.sports import SportJson
from podium.games.olympicards.table import OlympicardsTable

if TYPE_CHECKING:
    from podium.core.contract import View
    from podium.games.olympicards.config import Config


class SportView(SportJson):
    """The sport being played (or decided on): the sport card's fields and its place in the sport set."""

    index: int


class LastPlayView(TypedDict):
    player: int
    cards: tuple[str, ...]


class AwardView(TypedDict):
    """What the next player to withdraw gets (O-6, O-7)."""

    cards: int
    medal: str | None
    start_card: bool
    medal_to: Literal["other", "withdrawer"]  # with two players the medal goes to the other player
    text: str


class MedalsView(TypedDict):
    gold: int
    silver: int
    bronze: int


class OlympicardsView(TypedDict):
    """An Olympicards view. Cards are written as text (`7r`), sports by name; seats are 0-based. Plain JSON: every
    array is a tuple (JSON arrays; `json` and `orjson` write tuples as arrays), shared between views: a view's dicts
    are its own, its arrays immutable (see tests/sim/test_view_copies.py)."""

    game: Literal["olympicards"]
    config: dict[str, Any]
    num_players: int
    player: int | None  # the viewer's seat; None for a spectator
    current_player: int | None
    is_over: bool
    phase: PhaseName
    sport_number: int  # 1..9 while a sport is on; the number of sports played once over
    sport: SportView | None  # None once over
    round: int  # the current sport's round, from 1
    round_order: tuple[int, ...]  # the seats of this round, in order
    turn: int  # index into round_order of the player to move
    target: str | None  # the round's target card in a flip sport
    start_player: int  # the holder of the start player card
    sport_pile: tuple[str | None, ...]  # top first; postponed (face-up) cards by name, face-down ones None
    sports_done: tuple[str, ...]
    sport_rounds: tuple[int, ...]  # rounds each finished sport took
    postponed: int  # sport cards postponed so far
    hand: tuple[str, ...] | None  # the viewer's cards; None for a spectator
    hand_sizes: tuple[int, ...]
    plays: tuple[tuple[tuple[str, ...], ...], ...]  # per seat, the plays made in this sport
    last_play: tuple[tuple[str, ...] | None, ...]  # per seat, their last play in this sport
    last_any: LastPlayView | None  # the last play anyone made in this sport
    withdrawn: tuple[bool, ...]  # per seat, out of this sport (never with two players, O-7)
    withdrawals: tuple[int, ...]  # the seats that withdrew from this sport, in order
    next_award: AwardView | None  # None outside the play phase
    medals: tuple[MedalsView, ...]
    world_records: tuple[tuple[str, ...], ...]  # per seat, the sport cards kept for world records (O-8)
    points: tuple[int, ...]
    discard: tuple[str, ...]  # face up, oldest first
    draw_size: int
    hands: (
        tuple[tuple[str, ...], ...] | None
    )  # every hand: once the game is over (they break ties, O-8), and in full_view
    draw: NotRequired[tuple[str, ...]]  # full_view only: the draw pile, top first
    sport_pile_all: NotRequired[tuple[str, ...]]  # full_view only: the whole sport pile, top first


def typed_view(view: View) -> OlympicardsView:
    """An Olympicards view received as a plain `View` (what the contract passes to bots and renderers), typed."""
    return cast(OlympicardsView, view)


# How views share what they are made of: a view is built for every decision of a bot that reads one. Every array of
# a view is a tuple (JSON writes tuples as arrays; `orjson` too) of immutable values (strings, ints, None, tuples of
# them), shared between views; each view gets its own dicts (itself, config, sport, last_any, next_award and each
# seat's medals). The parts kept between calls (`_Kit`, one per config and number of players) are objects never
# changed once made: a newer one replaces an older one whole, so a view made in another thread at the same time reads
# one consistent set of parts. Each is checked against the state's own lists (equal content, not identity: the same
# kit serves every game with that config, viewed in any order), so a view says what the state says.

_DECIDE, _PLAY, _OVER = OlympicardsPhase.DECIDE, OlympicardsPhase.PLAY, OlympicardsPhase.OVER
_TEXT_OF = TEXT.__getitem__

Texts = tuple[str, ...]


def _hand_texts(counts: list[int]) -> Texts:
    """A hand's cards as text, sorted by kind (as `OlympicardsTable.hand` lists them)."""
    out = tuple(compress(TEXT, counts))  # the kinds held, in kind order
    if len(out) == sum(counts):
        return out
    return tuple([TEXT[k] for k, count in enumerate(counts) for _ in range(count)])  # a kind held twice


def _texts(kinds: list[int]) -> Texts:
    """Cards as text (one `itemgetter` call: mapping `TEXT.__getitem__` costs several times more per card)."""
    if len(kinds) > 1:
        return cast(Texts, itemgetter(*kinds)(TEXT))
    return (TEXT[kinds[0]],) if kinds else ()


class _PlayTexts(dict[tuple[int, ...], Texts]):
    """A play's cards as text, written the first time the play is seen (`_play_texts(play)`)."""

    def __missing__(self, play: tuple[int, ...]) -> Texts:
        if len(self) >= 4096:
            self.clear()
        texts = self[play] = tuple(map(_TEXT_OF, play))
        return texts


_play_texts = _PlayTexts().__getitem__


class _Sports:
    """The parts of a view that change only when a sport card is turned, decided on or a sport ends, and what they
    were made of (copies of the state's lists): `template` has every key of a view in order, with those parts set."""

    __slots__ = ("done", "phase", "pile", "pile_up", "postponed", "sport_rounds", "template")

    def __init__(
        self,
        kit: _Kit,
        phase: OlympicardsPhase,
        postponed: int,
        done: list[int],
        sport_rounds: list[int],
        pile: list[int],
        pile_up: list[bool],
    ) -> None:
        names = kit.names
        self.phase = phase
        self.postponed = postponed
        done = self.done = done[:]
        sport_rounds = self.sport_rounds = sport_rounds[:]
        pile = self.pile = pile[:]
        pile_up = self.pile_up = pile_up[:]
        over = phase is _OVER
        template = self.template = kit.template.copy()
        template["is_over"] = over
        template["phase"] = phase.label
        template["sport_number"] = len(done) + (0 if over else 1)
        template["sport_pile"] = tuple([names[s] if up else None for s, up in zip(pile, pile_up, strict=True)])
        template["sports_done"] = tuple(map(names.__getitem__, done))
        template["sport_rounds"] = tuple(sport_rounds)
        template["postponed"] = postponed


class _Medals:
    """Each seat's medals (`medals`, a dict per seat, copied into each view), world records and points, and what they
    were made of (copies of the state's lists). They change when a player withdraws with a medal: only the seat
    that got it (the withdrawer, or with two players the other player, O-7) is made again."""

    __slots__ = ("medals", "points", "records", "rows", "world_records")

    medals: tuple[dict[str, int], ...]
    points: tuple[int, ...]
    records: list[list[int]]
    rows: list[list[int]]
    world_records: tuple[Texts, ...]

    def __init__(
        self,
        kit: _Kit,
        state_rows: list[list[int]],
        state_records: list[list[int]],
        withdrawals: list[int],
        old: _Medals | None,
    ) -> None:
        names = kit.names
        n = len(state_rows)
        if old is None or len(old.rows) != n:
            self.rows = rows = list(map(list.copy, state_rows))
            self.records = records = list(map(list.copy, state_records))
            made = [_seat_medals(names, row, kept) for row, kept in zip(rows, records, strict=True)]
            self.medals = tuple([m for m, _, _ in made])
            self.points = tuple([p for _, p, _ in made])
            self.world_records = tuple([w for _, _, w in made])
            return
        rows = old.rows[:]
        records = old.records[:]
        medals = list(old.medals)
        points = list(old.points)
        world_records = list(old.world_records)
        seat = withdrawals[-1] if withdrawals else -1
        seats: Sequence[int] = ((seat, 1 - seat) if n == 2 else (seat,)) if 0 <= seat < n else ()
        for q in seats:  # the seat that got a medal, most likely (a sport's last withdrawal also ends it)
            rows[q] = state_rows[q][:]
            records[q] = state_records[q][:]
        if rows != state_rows or records != state_records:  # else seat by seat
            old_rows = old.rows
            old_records = old.records
            seats = [q for q in range(n) if old_rows[q] != state_rows[q] or old_records[q] != state_records[q]]
            for q in seats:
                rows[q] = state_rows[q][:]
                records[q] = state_records[q][:]
        for q in seats:
            medals[q], points[q], world_records[q] = _seat_medals(names, rows[q], records[q])
        self.rows = rows
        self.records = records
        self.medals = tuple(medals)
        self.points = tuple(points)
        self.world_records = tuple(world_records)


def _seat_medals(names: tuple[str, ...], row: list[int], kept: list[int]) -> tuple[dict[str, int], int, Texts]:
    """A seat's medals as a dict, its points (O-8, as `scoring.points` counts them) and its world records' names."""
    gold, silver, bronze = row
    return (
        {"gold": gold, "silver": silver, "bronze": bronze},
        points(row, len(kept)),
        tuple(map(names.__getitem__, kept)) if kept else (),
    )


class _Plays:
    """The current sport's plays as texts, per seat (`plays`), each seat's last one (`last`), and what they were made
    of (`src`: the state's lists, copied; they share the plays, which are tuples). After a play only the seat that
    played is made again."""

    __slots__ = ("last", "plays", "src")

    src: list[list[tuple[int, ...]]]
    plays: tuple[tuple[Texts, ...], ...]
    last: tuple[Texts | None, ...]

    def __init__(self, plays: list[list[tuple[int, ...]]], old: _Plays | None, mover: int) -> None:
        n = len(plays)
        if old is not None and 0 <= mover < n and len(old.src) == n:
            src = old.src[:]
            src[mover] = plays[mover][:]
            if src == plays:  # the mover's plays alone changed
                made = tuple(map(_play_texts, plays[mover]))
                texts = list(old.plays)
                texts[mover] = made
                last = list(old.last)
                last[mover] = made[-1] if made else None
                self.src = src
                self.plays = tuple(texts)
                self.last = tuple(last)
                return
        self.src = list(map(list.copy, plays))
        if any(plays):
            self.plays = tuple([tuple(map(_play_texts, seat)) for seat in plays])
            self.last = tuple([made[-1] if made else None for made in self.plays])
        else:  # a new sport
            self.plays = ((),) * n
            self.last = (None,) * n


class _Kit:
    """What the views of one config and number of players are made of, kept between calls: the config's JSON, each
    sport's view and each withdrawal's award (copied into each view), the sports' names, the template of a view, and
    the latest `_Sports`, `_Medals`, `_Plays`, discard pile's texts and each seat's hand texts (with copies of what
    they were made of), each replaced whole when a state differs."""

    __slots__ = ("awards", "config", "config_json", "discard", "hands", "medals", "names", "plays", "sports",
                 "sports_part", "template")  # fmt: skip

    def __init__(self, config: Config, n: int) -> None:
        self.config = config
        self.config_json = config.to_dict()
        sports = config.sport_set.sports
        self.names = tuple(sport.name for sport in sports)
        self.sports = tuple([{**sport.to_json(), "index": index} for index, sport in enumerate(sports)])
        two = n == 2
        awards = [award(n, index) for index in range(withdrawals_per_sport(n))]
        self.awards = tuple(
            [
                {
                    "cards": prize.cards,
                    "medal": MEDAL_NAMES[prize.medal] if prize.medal != NO_MEDAL else None,
                    "start_card": prize.start_card,
                    "medal_to": "other" if two else "withdrawer",
                    "text": award_text(prize, two_player=two),
                }
                for prize in awards
            ]
        )
        self.template: dict[str, Any] = {
            "game": "olympicards", "config": None, "num_players": n, "player": None, "current_player": None,
            "is_over": False, "phase": "", "sport_number": 0, "sport": None, "round": 0, "round_order": (), "turn": 0,
            "target": None, "start_player": 0, "sport_pile": (), "sports_done": (), "sport_rounds": (),
            "postponed": 0, "hand": None, "hand_sizes": (), "plays": (), "last_play": (), "last_any": None,
            "withdrawn": (), "withdrawals": (), "next_award": None, "medals": (), "world_records": (), "points": (),
            "discard": (), "draw_size": 0, "hands": None,
        }  # fmt: skip
        self.sports_part: _Sports | None = None
        self.medals: _Medals | None = None
        self.plays: _Plays | None = None
        self.discard: tuple[list[int], Texts] = ([], ())
        self.hands: list[tuple[list[int], Texts] | None] = [None] * n

    def discard_texts(self, discard: list[int]) -> Texts:
        """The discard pile's texts, oldest first: those made last with the cards put on the pile since (a round's
        target, a sport's plays), or all made again (after a reshuffle)."""
        known, texts = self.discard
        size = len(known)
        grew = len(discard) > size and discard[:size] == known
        texts = texts + _texts(discard[size:]) if grew else _texts(discard)
        self.discard = (discard[:], texts)
        return texts


_KITS: dict[int, _Kit] = {}


class OlympicardsViews(OlympicardsTable):
    """What each seat may see: a part of the state (which inherits it), so that it reads its own storage."""

    __slots__ = ()

    def view(self, player: int | None) -> View:
        config = self._config
        n = self.num_players
        key = id(config) * 8 + n  # at most 7 players
        kit = _KITS.get(key)
        if kit is None or kit.config is not config:  # the kit holds its config: an id is not reused while it is kept
            if len(_KITS) >= 64:
                _KITS.clear()
            kit = _KITS[key] = _Kit(config, n)
        phase = self._phase
        part = kit.sports_part
        if (part is None or part.phase is not phase or part.pile != self._pile or part.done != self._done
                or part.postponed != self._postponed or part.pile_up != self._pile_up
                or part.sport_rounds != self._sport_rounds):  # fmt: skip
            part = kit.sports_part = _Sports(
                kit, phase, self._postponed, self._done, self._sport_rounds, self._pile, self._pile_up
            )
        view = part.template.copy()
        view["config"] = kit.config_json.copy()
        view["player"] = player
        if phase is _PLAY:
            view["current_player"] = self._order[self._pos]
            view["next_award"] = kit.awards[len(self._withdrawals)].copy()
        elif phase is _DECIDE:
            view["current_player"] = self._start
        sport = self._sport
        if sport >= 0:
            view["sport"] = kit.sports[sport].copy()
        view["round"] = self._round
        view["round_order"] = tuple(self._order)
        view["turn"] = self._pos
        view["start_player"] = self._start
        target = self._target
        if target != NO_CARD:
            view["target"] = TEXT[target]
        if player is not None:
            counts = self._hands[player]
            seen = kit.hands[player]
            if seen is None or seen[0] != counts:
                seen = kit.hands[player] = (counts[:], _hand_texts(counts))
            view["hand"] = seen[1]
        view["hand_sizes"] = tuple(self._sizes)
        plays = kit.plays
        if plays is None or plays.src != self._plays:
            plays = kit.plays = _Plays(self._plays, plays, self._last_player)
        view["plays"] = plays.plays
        view["last_play"] = plays.last
        last = self._last
        if last is not None:
            view["last_any"] = {"player": self._last_player, "cards": _play_texts(last)}
        view["withdrawn"] = tuple(self._out)
        view["withdrawals"] = tuple(self._withdrawals)
        medals = kit.medals
        if medals is None or medals.rows != self._medals or medals.records != self._records:
            medals = kit.medals = _Medals(kit, self._medals, self._records, self._withdrawals, medals)
        view["medals"] = tuple(map(dict.copy, medals.medals))
        view["world_records"] = medals.world_records
        view["points"] = medals.points
        discard = self._discard
        known, texts = kit.discard
        view["discard"] = texts if discard == known else kit.discard_texts(discard)
        view["draw_size"] = len(self._draw)
        if phase is _OVER:
            view["hands"] = self._hand_texts_all()  # shown at the end: they break ties (O-8)
        return view

    def full_view(self) -> View:
        """The spectator's view with every card shown: all hands, the draw pile (top first) and the sport pile."""
        view = typed_view(self.view(None))
        names = self._set.sports
        view["hands"] = self._hand_texts_all()
        view["draw"] = _texts(self._draw[::-1])
        view["sport_pile_all"] = tuple([names[s].name for s in self._pile])
        return cast("View", view)

    def _hand_texts_all(self) -> tuple[Texts, ...]:
        return tuple(map(_hand_texts, self._hands))
