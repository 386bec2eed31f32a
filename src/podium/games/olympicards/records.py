"""An Olympicards state as stored data: `to_dict`'s JSON, and reading it back with the strict checks of
`podium.core.checks` (a stored state is untrusted input: `"5"`, `5.9` or `True` is no seat, card or count).

The format is stable (records and saved tables hold it): cards are kinds 0..44, sports indices into the config's
sport set, the phase its number (`OlympicardsPhase`). The writer reads the state's storage: it is part of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, TypedDict

from podium.core import checks
from podium.core.contract import JsonDict
from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.olympicards.cards import NO_CARD, NUM_KINDS, cards_of, full_deck
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.plays import Play
from podium.games.olympicards.scoring import AWARDS
from podium.games.olympicards.sports import BUILTIN_SETS, MAX_PLAY

if TYPE_CHECKING:
    from podium.games.olympicards.state import OlympicardsState

MAX_PLAYERS = max(AWARDS)  # O-6 gives the awards for up to this many players
_MEDAL_COUNT = 9  # more medals of one kind than sports is impossible
_ROUNDS = 10**6  # a sport's round count cannot get near this
_POSTPONED = 100  # every sport card but the last may be postponed, once per turn-over: far below this


class StateFields(TypedDict):
    """The arguments of `OlympicardsState`'s constructor, as read from a stored state."""

    config: Config
    num_players: int
    rng: Rng
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    pile: list[int]
    pile_up: list[bool]
    done: list[int]
    records: list[list[int]]
    medals: list[list[int]]
    phase: OlympicardsPhase
    sport: int
    start: int
    round_no: int
    order: list[int]
    pos: int
    target: int
    plays: list[list[Play]]
    last: Play | None
    last_player: int
    out: list[bool]
    withdrawals: list[int]
    sport_rounds: list[int]
    postponed: int


def write_state(state: OlympicardsState) -> JsonDict:
    """The whole state as JSON: `read_state` builds it back exactly, generator included."""
    return {
        "game": "olympicards",
        "config": state._config.to_dict(),
        "num_players": state.num_players,
        "rng": state._rng.get_state(),
        "hands": [cards_of(h) for h in state._hands],
        "draw": list(state._draw),
        "discard": list(state._discard),
        "pile": list(state._pile),
        "pile_up": list(state._pile_up),
        "done": list(state._done),
        "records": [list(r) for r in state._records],
        "medals": [list(m) for m in state._medals],
        "sport": state._sport,
        "phase": int(state._phase),
        "start": state._start,
        "round": state._round,
        "order": list(state._order),
        "pos": state._pos,
        "target": state._target,
        "plays": [[list(play) for play in plays] for plays in state._plays],
        "last": list(state._last) if state._last is not None else None,
        "last_player": state._last_player,
        "out": list(state._out),
        "withdrawals": list(state._withdrawals),
        "sport_rounds": list(state._sport_rounds),
        "postponed": state._postponed,
    }


def read_state(data: Mapping[str, Any]) -> StateFields:
    """The constructor's arguments from `write_state`'s JSON; `RecordError` naming the first field that is wrong."""
    if not isinstance(data, Mapping) or data.get("game") != "olympicards":
        raise RecordError('not an Olympicards state (missing "game": "olympicards")')
    try:
        fields = _read(data)
    except RecordError as exc:
        raise RecordError(f"not a valid Olympicards state: {exc}") from None
    return fields


def _read(data: Mapping[str, Any]) -> StateFields:
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
