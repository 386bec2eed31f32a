"""What lies on the table of an Olympicards game, as the engine stores it: the cards (hands, draw pile, discard), the
sport pile, medals and world records, and the current sport's round, plays and withdrawals.

`OlympicardsTable` holds the storage, its one constructor, copying and the read-only accessors; the rules that change
it are `OlympicardsState` (state.py), which is a table. The storage is private to the engine (the state, the view and
record modules); bots, renderers and tests read a game through the accessors and the views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from podium.games.olympicards.cards import cards_of, counts_of
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.scoring import points
from podium.games.olympicards.sports import Sport, SportSet

if TYPE_CHECKING:
    from collections.abc import Sequence

    from podium.core.rng import Rng
    from podium.games.olympicards.plays import Play

# Module constants: an enum member read through its class costs a lookup, and current_player is on the hot path.
_DECIDE, _PLAY = OlympicardsPhase.DECIDE, OlympicardsPhase.PLAY


class OlympicardsTable:
    """An Olympicards position. Built by `OlympicardsState.new` (a new deal), `from_dict` (a stored state) and
    `Olympicards.determinize` (a state consistent with a view), all through this constructor; except a copy (`clone`)
    and a stored state read in one bulk pass (records.py, `_read_valid`), which set the fields themselves."""

    __slots__ = (
        "_config",
        "_discard",
        "_done",
        "_draw",
        "_hands",
        "_last",
        "_last_player",
        "_medals",
        "_order",
        "_out",
        "_phase",
        "_pile",
        "_pile_up",
        "_plays",
        "_pos",
        "_postponed",
        "_records",
        "_rng",
        "_round",
        "_set",
        "_sizes",
        "_sport",
        "_sport_rounds",
        "_start",
        "_target",
        "_withdrawals",
        "num_players",
    )

    def __init__(
        self,
        config: Config,
        num_players: int,
        rng: Rng,
        *,
        hands: Sequence[Sequence[int]],
        draw: list[int],
        discard: list[int],
        pile: list[int],
        pile_up: list[bool],
        done: list[int],
        records: list[list[int]],
        medals: list[list[int]],
        phase: OlympicardsPhase,
        sport: int,
        start: int,
        round_no: int,
        order: list[int],
        pos: int,
        target: int,
        plays: list[list[Play]],
        last: Play | None,
        last_player: int,
        out: list[bool],
        withdrawals: list[int],
        sport_rounds: list[int],
        postponed: int,
    ) -> None:
        """A state from all of its parts; the state owns the lists it is given. Cards are kinds (0..44), sports
        indices into the config's sport set; `hands` lists each seat's cards, `draw` has its top card last, `pile`
        (the sport pile) its top first, `records` the sport cards kept for world records; `plays`, `last`, `out` and
        `withdrawals` are about the current sport, `order` and `pos` about its current round."""
        self._config = config
        self._set: SportSet = config.sport_set
        self.num_players = num_players
        self._rng = rng
        self._hands = [counts_of(cards) for cards in hands]  # count arrays: plays are found by kind
        self._sizes = [len(cards) for cards in hands]
        self._draw = draw
        self._discard = discard  # face up, in the order the cards arrived
        self._pile = pile
        self._pile_up = pile_up  # face up (postponed) or not
        self._done = done  # the sports played, in order
        self._records = records
        self._medals = medals  # per seat: gold, silver, bronze
        self._phase = phase
        self._sport = sport  # -1 once the game is over
        self._start = start  # the holder of the start player card
        self._round = round_no
        self._order = order
        self._pos = pos
        self._target = target
        self._plays = plays
        self._last = last
        self._last_player = last_player
        self._out = out
        self._withdrawals = withdrawals
        self._sport_rounds = sport_rounds  # rounds each finished sport took
        self._postponed = postponed

    # ------------------------------------------------------------------ reading the table

    @property
    def config(self) -> Config:
        return self._config

    @property
    def sport_set(self) -> SportSet:
        return self._set

    @property
    def phase(self) -> OlympicardsPhase:
        return self._phase

    @property
    def current_sport(self) -> Sport | None:
        return self._set.sports[self._sport] if self._sport >= 0 else None

    @property
    def current_player(self) -> int | None:
        if self._phase is _PLAY:
            return self._order[self._pos]
        if self._phase is _DECIDE:
            return self._start
        return None

    @property
    def sports_played(self) -> int:
        """How many sports are over."""
        return len(self._done)

    @property
    def sports_left(self) -> int:
        """How many sport cards are still in the pile (the current sport's card is not)."""
        return len(self._pile)

    @property
    def withdrawal_count(self) -> int:
        """How many withdrawals the current sport has had."""
        return len(self._withdrawals)

    def hand(self, player: int) -> list[int]:
        """The player's cards as a sorted list of kinds."""
        return cards_of(self._hands[player])

    def hand_size(self, player: int) -> int:
        return self._sizes[player]

    def points(self, player: int) -> int:
        return points(self._medals[player], len(self._records[player]))

    # ------------------------------------------------------------------ copying

    def clone(self) -> Self:
        """An independent copy. Field by field rather than through the constructor (which would recount the hands):
        search bots clone once per simulation. A field added to the constructor is added here and to records.py too
        (the conformance suite plays on from a clone and from a stored copy, and compares them with the original)."""
        twin = type(self).__new__(type(self))
        twin._config = self._config
        twin._set = self._set
        twin.num_players = self.num_players
        twin._rng = self._rng.clone()
        twin._hands = [h[:] for h in self._hands]
        twin._sizes = self._sizes[:]
        twin._draw = self._draw[:]
        twin._discard = self._discard[:]
        twin._pile = self._pile[:]
        twin._pile_up = self._pile_up[:]
        twin._done = self._done[:]
        twin._records = [r[:] for r in self._records]
        twin._medals = [m[:] for m in self._medals]
        twin._sport = self._sport
        twin._phase = self._phase
        twin._start = self._start
        twin._round = self._round
        twin._order = self._order[:]
        twin._pos = self._pos
        twin._target = self._target
        twin._plays = [p[:] for p in self._plays]  # plays are tuples: sharing them is safe
        twin._last = self._last
        twin._last_player = self._last_player
        twin._out = self._out[:]
        twin._withdrawals = self._withdrawals[:]
        twin._sport_rounds = self._sport_rounds[:]
        twin._postponed = self._postponed
        return twin
