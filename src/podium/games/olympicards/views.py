"""What each player may know of an Olympicards game: the view as a `TypedDict` (still plain JSON), and how a state
builds it.

The view's keys are documented once, here, for every reader (the heuristic, the terminal renderer; the web renderer
and docs/protocol.md read the same JSON). The builders read the state's storage: they are part of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from podium.games.olympicards.cards import NO_CARD, TEXT
from podium.games.olympicards.phase import OlympicardsPhase, PhaseName
from podium.games.olympicards.scoring import (
    AWARDS,
    MEDAL_NAMES,
    MEDAL_POINTS,
    NO_MEDAL,
    TWO_PLAYER_AWARDS,
    WORLD_RECORD_POINTS,
    award_text,
)
from podium.games.olympicards.sports import SportJson

if TYPE_CHECKING:
    from podium.core.contract import View
    from podium.games.olympicards.config import Config
    from podium.games.olympicards.state import OlympicardsState


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
_GOLD, _SILVER, _BRONZE = MEDAL_POINTS
_RECORD = WORLD_RECORD_POINTS
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

    def __init__(self, kit: _Kit, state: OlympicardsState) -> None:
        names = kit.names
        phase = self.phase = state._phase
        postponed = self.postponed = state._postponed
        done = self.done = state._done[:]
        sport_rounds = self.sport_rounds = state._sport_rounds[:]
        pile = self.pile = state._pile[:]
        pile_up = self.pile_up = state._pile_up[:]
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

    def __init__(self, kit: _Kit, state: OlympicardsState, old: _Medals | None) -> None:
        names = kit.names
        state_rows = state._medals
        state_records = state._records
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
        withdrawals = state._withdrawals
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
        gold * _GOLD + silver * _SILVER + bronze * _BRONZE + _RECORD * len(kept),
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
        awards = TWO_PLAYER_AWARDS if two else AWARDS.get(n, ())
        self.awards = tuple(
            [
                {
                    "cards": award.cards,
                    "medal": MEDAL_NAMES[award.medal] if award.medal != NO_MEDAL else None,
                    "start_card": award.start_card,
                    "medal_to": "other" if two else "withdrawer",
                    "text": award_text(award, two_player=two),
                }
                for award in awards
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


def player_view(state: OlympicardsState, player: int | None) -> OlympicardsView:
    # The state's own fields, read directly (this module is part of the engine; the accessors are calls).
    config = state._config
    n = state.num_players
    key = id(config) * 8 + n  # at most 7 players
    kit = _KITS.get(key)
    if kit is None or kit.config is not config:  # the kit holds its config: an id is not reused while it is kept
        if len(_KITS) >= 64:
            _KITS.clear()
        kit = _KITS[key] = _Kit(config, n)
    phase = state._phase
    part = kit.sports_part
    if (part is None or part.phase is not phase or part.pile != state._pile or part.done != state._done
            or part.postponed != state._postponed or part.pile_up != state._pile_up
            or part.sport_rounds != state._sport_rounds):  # fmt: skip
        part = kit.sports_part = _Sports(kit, state)
    view = part.template.copy()
    view["config"] = kit.config_json.copy()
    view["player"] = player
    if phase is _PLAY:
        view["current_player"] = state._order[state._pos]
        view["next_award"] = kit.awards[len(state._withdrawals)].copy()
    elif phase is _DECIDE:
        view["current_player"] = state._start
    sport = state._sport
    if sport >= 0:
        view["sport"] = kit.sports[sport].copy()
    view["round"] = state._round
    view["round_order"] = tuple(state._order)
    view["turn"] = state._pos
    view["start_player"] = state._start
    target = state._target
    if target != NO_CARD:
        view["target"] = TEXT[target]
    if player is not None:
        counts = state._hands[player]
        seen = kit.hands[player]
        if seen is None or seen[0] != counts:
            seen = kit.hands[player] = (counts[:], _hand_texts(counts))
        view["hand"] = seen[1]
    view["hand_sizes"] = tuple(state._sizes)
    plays = kit.plays
    if plays is None or plays.src != state._plays:
        plays = kit.plays = _Plays(state._plays, plays, state._last_player)
    view["plays"] = plays.plays
    view["last_play"] = plays.last
    last = state._last
    if last is not None:
        view["last_any"] = {"player": state._last_player, "cards": _play_texts(last)}
    view["withdrawn"] = tuple(state._out)
    view["withdrawals"] = tuple(state._withdrawals)
    medals = kit.medals
    if medals is None or medals.rows != state._medals or medals.records != state._records:
        medals = kit.medals = _Medals(kit, state, medals)
    view["medals"] = tuple(map(dict.copy, medals.medals))
    view["world_records"] = medals.world_records
    view["points"] = medals.points
    discard = state._discard
    known, texts = kit.discard
    view["discard"] = texts if discard == known else kit.discard_texts(discard)
    view["draw_size"] = len(state._draw)
    if phase is _OVER:
        view["hands"] = _hands(state)  # shown at the end: they break ties (O-8)
    return cast(OlympicardsView, view)


def full_view(state: OlympicardsState) -> OlympicardsView:
    """The spectator's view with every card shown: all hands, the draw pile (top first) and the sport pile."""
    view = player_view(state, None)
    names = state._set.sports
    view["hands"] = _hands(state)
    view["draw"] = _texts(state._draw[::-1])
    view["sport_pile_all"] = tuple([names[s].name for s in state._pile])
    return view


def _hands(state: OlympicardsState) -> tuple[Texts, ...]:
    return tuple(map(_hand_texts, state._hands))
