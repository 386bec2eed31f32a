"""A Golf position: its data, the one constructor, read-only accessors, copies and records (`GolfState` in
`state.py` adds the rules that change it).

Hands are one flat list (`hands[seat * slots + slot]`), with a parallel list of what is known about each card:
`UNSEEN` nobody has seen it, `OWNER` its owner has (peeked or placed it, four-card), `PUBLIC` everybody has (taken
from the discard pile and swapped in, or lying face up in six-card). That is all the hidden-information
bookkeeping the views, `shuffle_hidden` and `determinize` need (G-4, G-7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from podium.core.contract import JsonDict, State
from podium.core.rng import Rng
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import (
    END_NAMES,
    OWNER,
    P_DRAWN,
    UNSEEN,
    GolfPhase,
    Rules,
    copy_last,
    visible_at,
)


class GolfPosition(State):
    """Where a game of Golf stands. Bots, views and records read it through the read-only accessors (`hands`,
    `known`, `seen(viewer, seat)` …): the lists they return are the position's own, typed as `Sequence` so that
    nothing outside changes them; only the rules (`GolfState.apply` and `step`) do. Within a round they are the same
    lists from one move to the next (changed in place; a deal makes new ones), so a playout may keep them."""

    __slots__ = (
        "_cap",
        "_closer",
        "_cur",
        "_discard",
        "_ends",
        "_final_left",
        "_first",
        "_hands",
        "_history",
        "_known",
        "_last",
        "_r",
        "_rng",
        "_stock",
        "_totals",
        "_turns",
        "drawn",
        "num_players",
        "phase",
        "round",
        "taken",
    )

    _r: Rules
    num_players: int
    # Read by the bots at every decision of every playout, so plain attributes rather than properties (in Python 3.11
    # a property read is a call: 4% of a four-card search's instructions for `phase` and `drawn` alone). Like the
    # accessors, they are for reading: only the rules write them.
    phase: GolfPhase  # whose decision is what (G-3 … G-8)
    drawn: int  # the card in hand in the "drawn" phase, else -1
    taken: bool  # in the "drawn" phase: the card in hand came from the discard pile (so everybody has seen it)
    round: int  # the round being played (1-based: the hole)
    _hands: list[int]  # hands[seat * slots + slot]
    _known: list[int]  # UNSEEN / OWNER / PUBLIC, parallel to _hands
    _stock: list[int]  # top = last
    _discard: list[int]  # top = last
    _cur: int  # -1 once the game is over
    _first: int  # the round's first player (G-3.4)
    _closer: int  # four-card: who knocked; six-card: who first had all cards face up; -1 = nobody yet
    _final_left: int  # turns left in the round once someone closed it (including the closer's own), 0 = not closing
    _totals: list[int]
    _history: list[list[int]]  # each finished round's scores
    _last: JsonDict | None  # the last finished round's reveal (the "round_end" event data)
    _ends: list[int]  # rounds ended by knock / stock / all face up / turn limit
    _turns: int  # turns in the whole game
    _cap: int  # G-5.3: the round ends after the turn that brings `_turns` to this (round start + round_turn_limit)
    _rng: Rng

    def __init__(
        self,
        rules: Rules,
        *,
        hands: list[int],
        known: list[int],
        stock: list[int],
        discard: list[int],
        drawn: int | None,
        taken: bool,
        phase: GolfPhase,
        current: int | None,
        first: int,
        round: int,
        closer: int | None,
        final_left: int,
        totals: list[int],
        history: list[list[int]],
        last: JsonDict | None,
        ends: list[int],
        turns: int,
        round_turns: int,
        rng: Rng,
    ) -> None:
        """The one way to build a state (`GolfState.new`, `records.read_state` and `records.view_sampler`). It
        takes the lists as they are and checks nothing: the callers deal or check them. `ends` counts the rounds
        ended each way of END_NAMES; `round_turns` is the turns begun in this round (G-5.3)."""
        self._r = rules
        self.num_players = rules.n
        self._hands = hands
        self._known = known
        self._stock = stock
        self._discard = discard
        self.drawn = -1 if drawn is None else drawn
        self.taken = taken
        self.phase = phase
        self._cur = -1 if current is None else current
        self._first = first
        self.round = round
        self._closer = -1 if closer is None else closer
        self._final_left = final_left
        self._totals = totals
        self._history = history
        self._last = last
        self._ends = ends
        self._turns = turns
        self._cap = turns - round_turns + rules.turn_limit
        self._rng = rng

    # ------------------------------------------------------------------ read-only accessors (bots, views, records)

    @property
    def rules(self) -> Rules:
        """The precomputed rules of this config and player count (slots, card values, options)."""
        return self._r

    @property
    def hands(self) -> Sequence[int]:
        """Every hand card, `hands[seat * slots + slot]` (the sampled world's truth for a bot; views use `seen`)."""
        return self._hands

    @property
    def known(self) -> Sequence[int]:
        """What is known about each card of `hands`: UNSEEN, OWNER or PUBLIC (G-7)."""
        return self._known

    @property
    def stock(self) -> Sequence[int]:
        """The stock, top = last."""
        return self._stock

    @property
    def discard(self) -> Sequence[int]:
        """The discard pile, top = last."""
        return self._discard

    @property
    def first_player(self) -> int:
        """The round's first player (G-3.4)."""
        return self._first

    @property
    def closer(self) -> int | None:
        """Four-card: who knocked this round; six-card: who first had all cards face up; None: nobody yet."""
        return None if self._closer < 0 else self._closer

    @property
    def final_turns_left(self) -> int:
        """Turns left in the round once someone closed it, the current one included (0: not closing)."""
        return self._final_left

    @property
    def totals(self) -> Sequence[int]:
        return self._totals

    @property
    def history(self) -> Sequence[Sequence[int]]:
        """Each finished round's scores."""
        return self._history

    @property
    def last_round(self) -> Mapping[str, Any] | None:
        """The last finished round's reveal (the "round_end" event data)."""
        return self._last

    @property
    def round_ends(self) -> Sequence[int]:
        """How many rounds ended each way, in the order of END_NAMES."""
        return self._ends

    @property
    def turns(self) -> int:
        """Turns begun in the whole game."""
        return self._turns

    def seen(self, viewer: int | None, seat: int) -> list[int]:
        """`seat`'s cards as `viewer` sees them (None = a spectator), -1 for each card they cannot know (G-7):
        public cards, and their own cards they have seen (`visible_at`)."""
        slots = self._r.slots
        base = seat * slots
        hands = self._hands
        known = self._known
        level = visible_at(viewer, seat)
        return [hands[i] if known[i] >= level else -1 for i in range(base, base + slots)]

    # ------------------------------------------------------------------ contract: queries

    @property
    def config(self) -> GolfConfig:
        return self._r.config

    @property
    def current_player(self) -> int | None:
        cur = self._cur
        return None if cur < 0 else cur

    @property
    def is_over(self) -> bool:
        return self._cur < 0

    @property
    def round_turns(self) -> int:
        """Turns begun in the current round, all players together (G-5.3); the last round's once the game is over."""
        return self._turns - self._cap + self._r.turn_limit

    def all_cards(self) -> list[int]:
        cards = self._hands + self._stock + self._discard
        if self.drawn >= 0:
            cards.append(self.drawn)
        return cards

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        """Reshuffle every card `player` cannot know, straight from the rules: the stock, face-down cards nobody
        has seen, other players' cards only their owner has seen, and a card someone else drew from the stock."""
        slots = self._r.slots
        places = [
            i
            for i, k in enumerate(self._known)
            if k == UNSEEN or (k == OWNER and (player is None or i // slots != player))
        ]
        hands = self._hands
        hidden = [hands[i] for i in places] + self._stock
        hidden_drawn = self.phase is P_DRAWN and not self.taken and player != self._cur
        if hidden_drawn:
            hidden.append(self.drawn)
        rng.shuffle(hidden)
        return self.dealt(places, hidden, hidden_drawn, self._rng.clone())

    def dealt(
        self, places: Sequence[int], cards: list[int], drawn: bool, rng: Rng, hands: list[int] | None = None
    ) -> Self:
        """A copy of this position with other cards where a player cannot know them: `cards` dealt from their end,
        first the card in hand when `drawn`, then the hand places `places` in order; what is left of `cards` is the
        copy's stock (`cards` itself) and `rng` its generator; `hands`, the copy's hands before that deal (a copy of
        this position's by default). For `shuffle_hidden` and the searches' samplers (`records.view_sampler`,
        `bots/beliefs.py`): the caller deals the cards it took out, so that the copy keeps one deck."""
        hands = self._hands[:] if hands is None else hands
        pop = cards.pop
        card = pop() if drawn else self.drawn
        for i in places:
            hands[i] = pop()
        twin = self.__class__.__new__(self.__class__)
        twin.__setstate__(
            (self._r, self.num_players, hands, self._known[:], cards, self._discard[:], card, self.taken,
             self.phase, self._cur, self._first, self.round, self._closer, self._final_left, self._totals[:],
             self._history[:], self._last, self._ends[:], self._turns, self._cap, rng)
        )  # fmt: skip
        return twin

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        # The inner lists of `_history` are never changed once appended, nor `_last` once built: shared.
        twin.__setstate__(
            (self._r, self.num_players, self._hands[:], self._known[:], self._stock[:], self._discard[:],
             self.drawn, self.taken, self.phase, self._cur, self._first, self.round, self._closer,
             self._final_left, self._totals[:], self._history[:], self._last, self._ends[:], self._turns, self._cap,
             self._rng.clone())
        )  # fmt: skip
        return twin

    def __getstate__(self) -> tuple[Any, ...]:
        """Every field, in the order `__setstate__` takes them (pickling; `clone` and `dealt` hand a new position
        its fields through `__setstate__`, so that no position writes another's)."""
        return (
            self._r, self.num_players, self._hands, self._known, self._stock, self._discard, self.drawn, self.taken,
            self.phase, self._cur, self._first, self.round, self._closer, self._final_left, self._totals,
            self._history, self._last, self._ends, self._turns, self._cap, self._rng,
        )  # fmt: skip

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (
            self._r, self.num_players, self._hands, self._known, self._stock, self._discard, self.drawn, self.taken,
            self.phase, self._cur, self._first, self.round, self._closer, self._final_left, self._totals,
            self._history, self._last, self._ends, self._turns, self._cap, self._rng,
        ) = state  # fmt: skip

    def to_dict(self) -> JsonDict:
        return {
            "game": "golf",
            "config": self._r.config_json(),
            "num_players": self.num_players,
            "round": self.round,
            "first_player": self._first,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "hands": self._hands[:],
            "known": self._known[:],
            "stock": self._stock[:],
            "discard": self._discard[:],
            "drawn": None if self.drawn < 0 else self.drawn,
            "taken": self.taken and self.drawn >= 0,  # stale outside the "drawn" phase
            "closer": None if self._closer < 0 else self._closer,
            "final_left": self._final_left,
            "totals": self._totals[:],
            "history": [list(s) for s in self._history],
            "last_round": copy_last(self._last),
            "ends": dict(zip(END_NAMES, self._ends, strict=True)),
            "turns": self._turns,
            "round_turns": self.round_turns,
            "rng": self._rng.get_state(),
        }
