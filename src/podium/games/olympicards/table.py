"""What lies on the table of an Olympicards game, as the engine stores it: the cards (hands, draw pile, discard), the
sport pile, medals and world records, and the current sport's round, plays and withdrawals.

`OlympicardsTable` holds the storage, its one constructor, copying and the read-only accessors; its views (views.py)
and records (records.py) are tables too, and `OlympicardsState` (state.py) inherits them with the rules that change
the table. The storage is read only by these classes' own methods; bots, encoders, renderers and tests read a game
through the accessors and the views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self, TypedDict, Unpack

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


class TableFields(TypedDict):
    """The parts of a table besides its config, players, generator and hands, as the constructor takes them. Cards
    are kinds (0..44), sports indices into the config's sport set; `draw` has its top card last, `pile` (the sport
    pile) its top first, `records` the sport cards kept for world records; `plays`, `last`, `out` and `withdrawals`
    are about the current sport, `order` and `pos` about its current round."""

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


class OlympicardsTable:
    """An Olympicards position. Built by `OlympicardsState.new` (a new deal), `from_dict` (a stored state) and
    `Olympicards.determinize` (a state consistent with a view) through `from_parts`; a copy (`clone`) and a stored
    state read in one bulk pass (records.py, `_read_valid`) through the constructor itself, which sets every field."""

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

    @classmethod
    def from_parts(
        cls,
        config: Config,
        num_players: int,
        rng: Rng,
        *,
        hands: Sequence[Sequence[int]],
        **fields: Unpack[TableFields],
    ) -> Self:
        """A state from all of its parts (`TableFields`); the state owns the lists it is given. `hands` lists each
        seat's cards."""
        return cls(config, num_players, rng, [counts_of(cards) for cards in hands], [len(c) for c in hands], **fields)

    def __init__(
        self,
        config: Config,
        num_players: int,
        rng: Rng,
        hands: list[list[int]],
        sizes: list[int],
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
        """Every field, in positional order, the hands as count arrays with their sizes: the one way `from_parts`, a
        copy (`clone`) and a stored state's bulk reader (records.py) set them, so a new field is added in one place
        (the conformance suite plays on from a clone and a stored copy, and compares them)."""
        self._config = config
        self._set: SportSet = config.sport_set
        self.num_players = num_players
        self._rng = rng
        self._hands = hands  # count arrays: plays are found by kind
        self._sizes = sizes
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

    # The storage itself, typed read-only (no copy: the encoders read them at every step); a caller never changes them.

    @property
    def start_player(self) -> int:
        """The holder of the start player card."""
        return self._start

    @property
    def sport_index(self) -> int:
        """The current sport's index in the sport set, -1 once the game is over."""
        return self._sport

    @property
    def sports_done(self) -> Sequence[int]:
        """The sports played (indices), in order."""
        return self._done

    @property
    def sport_pile(self) -> Sequence[int]:
        """The sport pile (indices), top first; `pile_face_up` says which cards are face up (postponed)."""
        return self._pile

    @property
    def pile_face_up(self) -> Sequence[bool]:
        return self._pile_up

    @property
    def postponed(self) -> int:
        """How many sport cards have been postponed."""
        return self._postponed

    @property
    def round_number(self) -> int:
        """The current sport's round (1 for its first), 0 between sports."""
        return self._round

    @property
    def round_order(self) -> Sequence[int]:
        """The seats of the current round, in playing order; `turn` is the place of the player to move."""
        return self._order

    @property
    def turn(self) -> int:
        return self._pos

    @property
    def target(self) -> int:
        """The round's target card (a kind), or `NO_CARD`."""
        return self._target

    @property
    def hand_sizes(self) -> Sequence[int]:
        return self._sizes

    def hand_counts(self, player: int) -> Sequence[int]:
        """The player's cards as counts per kind."""
        return self._hands[player]

    @property
    def seat_plays(self) -> Sequence[Sequence[Play]]:
        """Per seat, its plays in the current sport, in order."""
        return self._plays

    @property
    def last_play(self) -> Play | None:
        """The current sport's last play by anyone (`last_player`'s), or None."""
        return self._last

    @property
    def last_player(self) -> int:
        return self._last_player

    @property
    def withdrawn(self) -> Sequence[bool]:
        """Per seat, out of the current sport (never with two players, O-7)."""
        return self._out

    @property
    def withdrawals(self) -> Sequence[int]:
        """The seats that withdrew from the current sport, in order."""
        return self._withdrawals

    @property
    def medals(self) -> Sequence[Sequence[int]]:
        """Per seat: gold, silver, bronze."""
        return self._medals

    @property
    def world_records(self) -> Sequence[Sequence[int]]:
        """Per seat, the sport cards (indices) kept for world records."""
        return self._records

    @property
    def discard(self) -> Sequence[int]:
        """The discard pile, face up, in the order the cards arrived."""
        return self._discard

    @property
    def draw_size(self) -> int:
        return len(self._draw)

    def hand(self, player: int) -> list[int]:
        """The player's cards as a sorted list of kinds."""
        return cards_of(self._hands[player])

    def hand_size(self, player: int) -> int:
        return self._sizes[player]

    def points(self, player: int) -> int:
        return points(self._medals[player], len(self._records[player]))

    # ------------------------------------------------------------------ copying

    def clone(self) -> Self:
        """An independent copy, through the constructor's positional fields rather than `from_parts` (which would
        recount the hands): search bots clone once per simulation."""
        return type(self)(
            self._config, self.num_players, self._rng.clone(), [h[:] for h in self._hands], self._sizes[:],
            self._draw[:], self._discard[:], self._pile[:], self._pile_up[:], self._done[:], [r[:] for r in
            self._records], [m[:] for m in self._medals], self._phase, self._sport, self._start, self._round,
            self._order[:], self._pos, self._target, [p[:] for p in self._plays], self._last, self._last_player,
            self._out[:], self._withdrawals[:], self._sport_rounds[:], self._postponed,
        )  # fmt: skip  # plays are tuples: sharing them is safe
