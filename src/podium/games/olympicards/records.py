"""An Olympicards state as stored data: `to_dict`'s JSON, and reading it back with the strict checks of
`podium.core.checks` (a stored state is untrusted input: `"5"`, `5.9` or `True` is no seat, card or count).

The format is stable (records and saved tables hold it): cards are kinds 0..44, sports indices into the config's
sport set, the phase its number (`OlympicardsPhase`). The writer is a part of the state (`OlympicardsRecords`, which
the state inherits).
A record as `to_dict` writes it is read in one bulk pass (`_read_valid`); anything unusual is read again field by
field (`_read_checked`), which names the first field that is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any, Self, TypeVar

from podium.core import checks
from podium.core.contract import JsonDict
from podium.core.errors import ConfigError, RecordError
from podium.core.rng import Rng
from podium.games.olympicards.cards import NO_CARD, NUM_KINDS, cards_of, full_deck
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.plays import Play
from podium.games.olympicards.scoring import AWARDS
from podium.games.olympicards.sports import BUILTIN_SETS, MAX_PLAY
from podium.games.olympicards.table import OlympicardsTable, TableFields

MAX_PLAYERS = max(AWARDS)  # O-6 gives the awards for up to this many players
_MEDAL_COUNT = 9  # more medals of one kind than sports is impossible
_ROUNDS = 10**6  # a sport's round count cannot get near this
_POSTPONED = 100  # every sport card but the last may be postponed, once per turn-over: far below this

S = TypeVar("S", bound=OlympicardsTable)


class StateFields(TableFields):
    """The arguments of `OlympicardsState`'s constructor, as read from a stored state."""

    config: Config
    num_players: int
    rng: Rng
    hands: list[list[int]]


class OlympicardsRecords(OlympicardsTable):
    """The state as stored data: a part of the state (which inherits it), so that it writes its own storage."""

    __slots__ = ()

    def to_dict(self) -> JsonDict:
        """The whole state as JSON: `read_state` builds it back exactly, generator included."""
        return {
            "game": "olympicards",
            "config": self._config.to_dict(),
            "num_players": self.num_players,
            "rng": self._rng.get_state(),
            "hands": [cards_of(h) for h in self._hands],
            "draw": list(self._draw),
            "discard": list(self._discard),
            "pile": list(self._pile),
            "pile_up": list(self._pile_up),
            "done": list(self._done),
            "records": [list(r) for r in self._records],
            "medals": [list(m) for m in self._medals],
            "sport": self._sport,
            "phase": int(self._phase),
            "start": self._start,
            "round": self._round,
            "order": list(self._order),
            "pos": self._pos,
            "target": self._target,
            "plays": [[list(play) for play in plays] for plays in self._plays],
            "last": list(self._last) if self._last is not None else None,
            "last_player": self._last_player,
            "out": list(self._out),
            "withdrawals": list(self._withdrawals),
            "sport_rounds": list(self._sport_rounds),
            "postponed": self._postponed,
        }

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        return read_state(cls, data)


def read_state(cls: type[S], data: Mapping[str, Any]) -> S:
    """The state `write_state` wrote; `RecordError` naming the first field that is wrong."""
    if (data.__class__ is not dict and not isinstance(data, Mapping)) or data.get("game") != "olympicards":
        raise RecordError('not an Olympicards state (missing "game": "olympicards")')
    state = _read_valid(cls, data)
    return _read_checked(cls, data) if state is None else state


def _read_checked(cls: type[S], data: Mapping[str, Any]) -> S:
    """The state, checked field by field: `RecordError` names the first field that is wrong."""
    try:
        fields = _read_fields(data)
    except RecordError as exc:
        raise RecordError(f"not a valid Olympicards state: {exc}") from None
    return cls.from_parts(**fields)


def _read_valid(cls: type[S], data: Mapping[str, Any]) -> S | None:
    """The state, if every field is as `write_state` writes it; else None, and `_read_checked` reads the data again
    and names the first field that is wrong, so a bad record gets the same error either way. Every check of
    `_read_fields` is made here too, in bulk: the scalar fields' types in one chained comparison and their ranges
    inline, the types of every number in the lists in one look, the cards as one deck (so each is a kind), the other
    numbers' ranges by one `min` and a `max` per kind of number (sports, seats, medal counts, round counts)."""
    try:
        config_in, n, rng_state, hands_in, draw, discard = (
            data["config"],
            data["num_players"],
            data["rng"],
            data["hands"],
            data["draw"],
            data["discard"],
        )
        pile, pile_up, done, records_in, medals_in, sport = (
            data["pile"],
            data["pile_up"],
            data["done"],
            data["records"],
            data["medals"],
            data["sport"],
        )
        phase_no, start, round_no, order, pos, target = (
            data["phase"],
            data["start"],
            data["round"],
            data["order"],
            data["pos"],
            data["target"],
        )
        plays_in, last, last_player, out, withdrawals, sport_rounds, postponed = (
            data["plays"],
            data["last"],
            data["last_player"],
            data["out"],
            data["withdrawals"],
            data["sport_rounds"],
            data["postponed"],
        )
        config = _config(config_in)
    except (RecordError, ConfigError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None  # named by `_read_checked`
    if not (
        n.__class__ is rng_state.__class__ is sport.__class__ is phase_no.__class__ is start.__class__ is int
        and round_no.__class__ is pos.__class__ is target.__class__ is last_player.__class__ is int
        and postponed.__class__ is int
        and 2 <= n <= MAX_PLAYERS
        and 0 <= rng_state < _RNG_STATES
        and 0 <= phase_no < _PHASE_COUNT
        and -1 <= sport <= (last_sport := len(config.sport_set.sports) - 1)
        and 0 <= start < n
        and 0 <= round_no <= _ROUNDS
        and -1 <= last_player < n
        and 0 <= postponed <= _POSTPONED
        and hands_in.__class__ is draw.__class__ is discard.__class__ is pile.__class__ is pile_up.__class__ is list
        and done.__class__ is records_in.__class__ is medals_in.__class__ is order.__class__ is list
        and plays_in.__class__ is out.__class__ is withdrawals.__class__ is sport_rounds.__class__ is list
        and (last is None or last.__class__ is list)
        and len(hands_in) == len(records_in) == len(medals_in) == len(plays_in) == len(out) == n
        and len(pile_up) == len(pile)
        and 0 <= pos <= max(len(order) - 1, 0)
        and {*map(type, hands_in), *map(type, records_in), *map(type, medals_in), *map(type, plays_in)} == _LIST
        and {*map(len, medals_in)} == _MEDAL_ROW
        and {*map(type, pile_up), *map(type, out)} <= _BOOL
    ):
        return None
    phase = _PHASES[phase_no]
    if phase is not OlympicardsPhase.OVER and (sport < 0 or (phase is OlympicardsPhase.PLAY and not order)):
        return None  # "no sport in play"
    every_play = [*chain.from_iterable(plays_in)]
    if every_play and (
        {*map(type, every_play)} != _LIST or min(map(len, every_play)) < 1 or max(map(len, every_play)) > MAX_PLAY
    ):
        return None
    if last is not None and not 1 <= len(last) <= MAX_PLAY:
        return None
    cards = [*draw, *discard, *chain.from_iterable(hands_in), *chain.from_iterable(every_play)]
    sports = [*pile, *done, *chain.from_iterable(records_in)]
    seats = order + withdrawals
    counts = [*chain.from_iterable(medals_in)]
    others = [*sports, *seats, *counts, *sport_rounds, *(last or ())]
    # every number an int (one look at all their types); the cards, with the target, one deck (so each is a kind,
    # and the target a kind or none); the other numbers 0 or more
    if {*map(type, cards), *map(type, others)} != _INT or min(others) < 0:
        return None
    if target != NO_CARD:
        cards.append(target)
    cards.sort()
    if (
        cards != _DECK
        or (sports and max(sports) > last_sport)
        or (seats and max(seats) >= n)
        or max(counts) > _MEDAL_COUNT
        or (sport_rounds and max(sport_rounds) > _ROUNDS)
        or (last and max(last) >= NUM_KINDS)
    ):
        return None
    hands = []
    for held in hands_in:
        kinds = [0] * NUM_KINDS
        for k in held:
            kinds[k] += 1
        hands.append(kinds)
    # Built as `clone` builds a copy (table.py), with the fields in positional order: `from_parts`'s keyword arguments
    # cost more than the rest of the build.
    return cls(
        config, n, Rng.from_state(rng_state), hands, [*map(len, hands_in)], draw[:], discard[:], pile[:], pile_up[:],
        done[:], [r[:] for r in records_in], [m[:] for m in medals_in], phase, sport, start, round_no, order[:], pos,
        target, [[tuple(play) for play in plays] for plays in plays_in], None if last is None else tuple(last),
        last_player, out[:], withdrawals[:], sport_rounds[:], postponed,
    )  # fmt: skip


def _read_fields(data: Mapping[str, Any]) -> StateFields:
    config = _config(data["config"])
    n = checks.integer(data["num_players"], "num_players", 2, MAX_PLAYERS)
    last_sport = len(config.sport_set.sports) - 1
    last_seat = n - 1
    phase = OlympicardsPhase(checks.integer(data["phase"], "phase", min(OlympicardsPhase), max(OlympicardsPhase)))
    order = checks.integers(data["order"], "order", 0, last_seat)
    pile = checks.integers(data["pile"], "pile", 0, last_sport)
    fields = StateFields(
        config=config,
        num_players=n,
        rng=Rng.from_state(checks.integer(data["rng"], "rng", 0, 2**64 - 1)),
        hands=checks.integer_rows(data["hands"], "hands", None, 0, NUM_KINDS - 1, rows=n),
        draw=_cards(data["draw"], "draw"),
        discard=_cards(data["discard"], "discard"),
        pile=pile,
        pile_up=_booleans(data["pile_up"], "pile_up", len(pile)),
        done=checks.integers(data["done"], "done", 0, last_sport),
        records=checks.integer_rows(data["records"], "records", None, 0, last_sport, rows=n),
        medals=checks.integer_rows(data["medals"], "medals", 3, 0, _MEDAL_COUNT, rows=n),
        phase=phase,
        sport=checks.integer(data["sport"], "sport", -1, last_sport),
        start=checks.integer(data["start"], "start", 0, last_seat),
        round_no=checks.integer(data["round"], "round", 0, _ROUNDS),
        order=order,
        pos=checks.integer(data["pos"], "pos", 0, max(len(order) - 1, 0)),
        target=checks.integer(data["target"], "target", NO_CARD, NUM_KINDS - 1),
        plays=_seat_plays(data["plays"], n),
        last=_play(data["last"], "last") if data["last"] is not None else None,
        last_player=checks.integer(data["last_player"], "last_player", -1, last_seat),
        out=_booleans(data["out"], "out", n),
        withdrawals=checks.integers(data["withdrawals"], "withdrawals", 0, last_seat),
        sport_rounds=checks.integers(data["sport_rounds"], "sport_rounds", 0, _ROUNDS),
        postponed=checks.integer(data["postponed"], "postponed", 0, _POSTPONED),
    )
    if phase is not OlympicardsPhase.OVER and (fields["sport"] < 0 or (phase is OlympicardsPhase.PLAY and not order)):
        raise RecordError("no sport in play")
    cards = [*fields["draw"], *fields["discard"], *(k for hand in fields["hands"] for k in hand)]
    cards += [k for plays in fields["plays"] for play in plays for k in play]
    if fields["target"] != NO_CARD:
        cards.append(fields["target"])
    if sorted(cards) != _DECK:
        raise RecordError("the cards are not the 90 performance cards")
    return fields


_DECK = sorted(full_deck())
_BOOL = {bool}
_INT = {int}
_LIST = {list}
_MEDAL_ROW = {3}  # gold, silver, bronze
_PHASES = tuple(OlympicardsPhase)  # by number
_PHASE_COUNT = len(_PHASES)
_RNG_STATES = 2**64
_builtin_config = checks.memoized(Config.from_stored)


def _config(value: Any) -> Config:
    """The stored config; remembered when its sports are a built-in set (a sports file may change between reads)."""
    stored = checks.mapping(value, "config")
    sports = stored.get("sports")
    if sports is None or (sports.__class__ is str and sports in BUILTIN_SETS):
        return _builtin_config(stored)
    return Config.from_stored(stored)


def _seat_plays(value: Any, n: int) -> list[list[Play]]:
    """Every seat's plays in the current sport."""
    seats = checks.sequence(value, "plays", n)
    if all(plays.__class__ is list for plays in seats):
        every = list(chain.from_iterable(seats))
        if all(play.__class__ is list and 0 < len(play) <= MAX_PLAY for play in every):
            cards = list(chain.from_iterable(every))
            if not cards or (set(map(type, cards)) == _INT and min(cards) >= 0 and max(cards) < NUM_KINDS):
                return [[tuple(play) for play in plays] for plays in seats]
    return [_plays(plays, f"plays[{p}]") for p, plays in enumerate(seats)]


def _plays(value: Any, name: str) -> list[Play]:
    """A seat's plays in the current sport: each 1..MAX_PLAY cards."""
    plays = checks.sequence(value, name)
    if all(play.__class__ is list and 0 < len(play) <= MAX_PLAY for play in plays):
        cards = list(chain.from_iterable(plays))
        if not cards or (set(map(type, cards)) == _INT and min(cards) >= 0 and max(cards) < NUM_KINDS):
            return [tuple(play) for play in plays]
    return [_play(play, f"{name}[{i}]") for i, play in enumerate(plays)]


def _cards(value: Any, name: str) -> list[int]:
    return checks.integers(value, name, 0, NUM_KINDS - 1)


def _play(value: Any, name: str) -> Play:
    cards = _cards(value, name)
    if not 1 <= len(cards) <= MAX_PLAY:
        raise RecordError(f"{name} must be a play of 1..{MAX_PLAY} cards, not of {len(cards)}")
    return tuple(cards)


def _booleans(value: Any, name: str, length: int) -> list[bool]:
    if value.__class__ is list and len(value) == length and set(map(type, value)) <= _BOOL:
        return value[:]
    return [checks.boolean(item, f"{name}[{i}]") for i, item in enumerate(checks.sequence(value, name, length))]
