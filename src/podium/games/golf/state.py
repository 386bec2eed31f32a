"""Golf's rules (G-1 … G-8, rules.md): how a position changes, round by round.

A round goes: the initial choices (four-card `peek = "choose"`: two peeks per player; six-card: two flips per
player), one player after the other from the round's first player (G-3.4); then turns. A turn is a "start"
decision (draw / take / knock), a "drawn" decision (swap a slot / discard), then, in some variants, a "knock"
decision (`knock = "after"`: knock / pass) or a "flip" decision (`flip_on_discard`: flip a slot / pass).

The position's data (flat lists of small ints), its constructor and accessors are in `position.py`, its views in
`views.py` (`GolfViews`, the class between the two); reading a stored state or a view is in `records.py`, sums and
scores in `scoring.py`. Each rule is written once, in `_play` and the methods it calls: `apply` checks the action
first and collects the events, `step` and `step_in_round` (the bots' searches and playouts) play the same code
without either.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self, cast

from podium.core.contract import Event, JsonDict, Result
from podium.core.errors import GameNotOver, IllegalAction
from podium.core.rng import Rng
from podium.games.golf import records
from podium.games.golf.actions import (
    DRAW,
    FLIP,
    FLIPS,
    KNOCK,
    KNOCK_ACTION,
    PASS_ACTION,
    PEEKS,
    SWAP,
    GolfAction,
    slot_range,
)
from podium.games.golf.cards import CARD_TEXT, DECK_SIZE, shuffled_deck
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import (
    END_ALL_UP,
    END_KNOCK,
    END_NAMES,
    END_STOCK,
    END_TURN_LIMIT,
    MAX_PLAYERS,
    OWNER,
    P_DRAWN,
    P_FLIP,
    P_INITIAL_FLIP,
    P_KNOCK,
    P_OVER,
    P_PEEK,
    P_START,
    PUBLIC,
    UNSEEN,
    GolfPhase,
    copy_last,
    rules_for,
)
from podium.games.golf.scoring import hand_sum, round_scores, round_winners
from podium.games.golf.termination import GolfTermination
from podium.games.golf.views import GolfViews

_SEATS: tuple[frozenset[int], ...] = tuple(frozenset({p}) for p in range(MAX_PLAYERS))
# Events whose data depends only on (seat, card) are built once: apply creates them on every step otherwise.
_DRAW_EVENTS = tuple(Event("draw", {"player": p}) for p in range(MAX_PLAYERS))
_DRAWN_EVENTS = tuple(
    tuple(Event("drawn", {"player": p, "card": CARD_TEXT[c]}, _SEATS[p]) for c in range(DECK_SIZE))
    for p in range(MAX_PLAYERS)
)
_TAKE_EVENTS = tuple(
    tuple(Event("take", {"player": p, "card": CARD_TEXT[c]}) for c in range(DECK_SIZE)) for p in range(MAX_PLAYERS)
)
_DISCARD_EVENTS = tuple(
    tuple(Event("discard", {"player": p, "card": CARD_TEXT[c]}) for c in range(DECK_SIZE)) for p in range(MAX_PLAYERS)
)
_KNOCK_EVENTS = tuple(Event("knock", {"player": p}) for p in range(MAX_PLAYERS))
_PASS_EVENTS = tuple(Event("pass", {"player": p}) for p in range(MAX_PLAYERS))
_TURN_OVER = -2  # a rarer decision's transition: the turn is over (`GolfState._play` ends it)


class GolfState(GolfViews, game="podium.games.golf.game:GAME"):
    """A game of Golf in progress. Build one with `GAME.new_game(config, num_players, seed)`."""

    __slots__ = ()

    game: ClassVar[Any]  # the GolfGame (typed Any: this module cannot import its class)

    # ------------------------------------------------------------------ dealing

    @classmethod
    def new(cls, config: GolfConfig, num_players: int, seed: int) -> Self:
        """Round 1 dealt from `seed`: the table before any deal, then the deal every round starts with."""
        n = num_players
        state = cls(
            rules_for(config, n),
            hands=[],
            known=[],
            stock=[],
            discard=[],
            drawn=None,
            taken=False,
            phase=GolfPhase.START,
            current=0,
            first=0,
            round=1,
            closer=None,
            final_left=0,
            totals=[0] * n,
            history=[],
            last=None,
            ends=[0] * len(END_NAMES),
            turns=0,
            round_turns=0,
            rng=Rng(seed),
        )
        cls._deal(state, None)  # the first deal (the class dealing its new state)
        return state

    def _deal(self, events: list[Event] | None) -> None:
        """G-3: shuffle, deal `slots` cards face down to everyone, turn the stock's top card up."""
        r = self._r
        n = self.num_players
        size = n * r.slots
        deck = shuffled_deck(self._rng)
        self._hands = deck[:size]
        self._discard = [deck[-1]]
        self._stock = deck[size:-1]
        self._known = [UNSEEN] * size
        self.drawn = -1
        self.taken = False
        self._closer = -1
        self._final_left = 0
        self._cap = self._turns + r.turn_limit
        self._first = self._cur = (self.round - 1) % n  # G-3.4
        if events is not None:
            events.append(
                Event("deal", {"round": self.round, "first_player": self._first, "discard": CARD_TEXT[deck[-1]]})
            )
        if r.six:
            self.phase = P_INITIAL_FLIP  # G-8.1
        elif r.peek_choose:
            self.phase = P_PEEK  # G-3.3
        else:
            # G-3.3 peek = "near": everybody sees slots 0 and 1 at once.
            known = self._known
            hands = self._hands
            for p in range(n):
                for slot in (0, 1):
                    known[p * 4 + slot] = OWNER
                    if events is not None:
                        card = CARD_TEXT[hands[p * 4 + slot]]
                        events.append(Event("peek", {"player": p, "slot": slot, "card": card}, _SEATS[p]))
            self.phase = P_START

    # ------------------------------------------------------------------ contract: rules

    def legal_actions(self) -> list[GolfAction]:  # type: ignore[override]
        phase = self.phase
        if phase is P_START:
            return list(self._r.start_knock if self._closer < 0 else self._r.start_plain)
        if phase is P_DRAWN:
            return list(self._r.drawn_taken if self.taken else self._r.drawn_stock)
        if phase is P_KNOCK:
            return [KNOCK_ACTION, PASS_ACTION]
        if phase is P_OVER:
            return []
        slots = self._r.slots
        base = self._cur * slots
        known = self._known
        if phase is P_PEEK:
            return [PEEKS[s] for s in range(slots) if known[base + s] == UNSEEN]
        flips = [FLIPS[s] for s in range(slots) if known[base + s] == UNSEEN]
        if phase is P_FLIP and self._r.flip_mode == 1:
            flips.insert(0, PASS_ACTION)
        return flips

    # ------------------------------------------------------------------ contract: apply and step
    #
    # A move's rules are `_play`, shared by `apply` (which checks the action first and collects the events: `events`
    # a list) and `step` / `step_in_round` (no checks, no events: `events` None). It returns the seat to move next,
    # or, when the move ended the round (scored by `_score_round`), -1 - how it ended (END_KNOCK …); the reveal and
    # the next deal (or the game's end) follow in `_after_round`. The two decisions of every turn (a turn's start, a
    # card in hand) and the end of a turn are written in `_play` itself, the rarer decisions in a method each: a
    # playout plays tens of moves a round, and every call saved counts there.

    def apply(self, action: GolfAction) -> list[Event]:  # type: ignore[override]
        if action.__class__ is not GolfAction:
            raise IllegalAction(f"{action!r} is not a Golf action")
        if action not in self.legal_actions():
            raise self._illegal(action)
        events: list[Event] = []
        how = self._play(action, events)
        if how < 0:
            self._after_round(-1 - how, events)
        return events

    def step(self, action: GolfAction) -> None:  # type: ignore[override]
        how = self._play(action, None)
        if how < 0:
            self._after_round(-1 - how, None)

    def _play(self, action: GolfAction, events: list[Event] | None = None) -> int:
        """`action`'s rules for the current player; the seat to move next, or -1 - END_… when it ended the round."""
        phase = self.phase
        p = self._cur
        if phase is P_START:
            # G-4.1: draw from the stock or take the top discard; G-4.2 `knock = instead`: or knock, and every other
            # player has one more turn (G-5.1).
            self._turns += 1
            kind = action.kind
            if kind == DRAW:
                self.drawn = c = self._stock.pop()
                self.taken = False
                self.phase = P_DRAWN
                if events is not None:
                    events += (_DRAW_EVENTS[p], _DRAWN_EVENTS[p][c])
                return p
            if kind != KNOCK:
                self.drawn = c = self._discard.pop()
                self.taken = True
                self.phase = P_DRAWN
                if events is not None:
                    events.append(_TAKE_EVENTS[p][c])
                return p
            self._closer = p
            self._final_left = self.num_players
            if events is not None:
                events.append(_KNOCK_EVENTS[p])
        elif phase is P_DRAWN:
            # G-4.1: the card in hand is swapped for one of the player's cards (face up if it was taken, or in
            # six-card, G-8.2) or discarded; then the turn ends, unless a knock (G-4.2 `knock = after`) or a flip
            # (G-8.2 `flip_on_discard`) decision follows.
            r = self._r
            if action.kind == SWAP:
                slot = action.slot
                i = p * r.slots + slot
                hands = self._hands
                old = hands[i]
                placed = self.drawn
                hands[i] = placed
                public = r.six or self.taken
                known = self._known
                # G-8.3 below: only a card put over a face-down one can turn a hand's last card up
                was_down = known[i] == UNSEEN
                known[i] = PUBLIC if public else OWNER
                self._discard.append(old)
                self.drawn = -1
                if events is not None:
                    shown = CARD_TEXT[placed] if public else None
                    data = {"player": p, "slot": slot, "card": shown, "discarded": CARD_TEXT[old]}
                    events.append(Event("swap", data))
                if was_down and r.six and self._closer < 0 and UNSEEN not in known[p * 6 : p * 6 + 6]:
                    how = self._close_six(p)
                    if how >= 0:
                        return -1 - how
            else:
                c = self.drawn
                self._discard.append(c)
                self.drawn = -1
                if events is not None:
                    events.append(_DISCARD_EVENTS[p][c])
                if r.flip_mode and not self.taken and UNSEEN in self._known[p * 6 : p * 6 + 6]:
                    self.phase = P_FLIP
                    return p
            if r.knock_after and self._closer < 0 and self._stock and self._turns < self._cap:
                # G-4.2 knock = "after"; none once the stock has run out (G-5) or in the round's last turn (G-5.3):
                # the round ends with this turn either way.
                self.phase = P_KNOCK
                return p
        else:
            how = self._OTHER[phase](self, action, events)
            if how != _TURN_OVER:
                return self._cur if how == -1 else -1 - how
        # The turn of `p` is over: the round ends or the next player's turn starts.
        if not self._stock:
            # G-5.2: the last stock card was drawn this turn; this also cuts short a knock's owed final turns.
            return -1 - self._score_round(END_STOCK)
        left = self._final_left
        if left:
            # G-5.1 / G-8.3: after a close, every other player has exactly one more turn.
            left -= 1
            self._final_left = left
            if not left:
                return -1 - self._score_round(END_ALL_UP if self._r.six else END_KNOCK)
        if self._turns >= self._cap:
            # G-5.3: the round's last turn is over. Checked after the ends above, which win when they coincide.
            return -1 - self._score_round(END_TURN_LIMIT)
        self._cur = p = self._r.next_seat[p]
        self.phase = P_START
        return p

    def _setup_choice(self, action: GolfAction, events: list[Event] | None) -> int:
        """G-3.3 (four-card `peek = choose`: look at one of your cards) and G-8.1 (six-card: turn one face up), two
        each, one player after the other from the round's first player; then the first turn."""
        p = self._cur
        r = self._r
        slots = r.slots
        base = p * slots
        i = base + action.slot
        peek = self.phase is P_PEEK
        self._known[i] = OWNER if peek else PUBLIC
        if events is not None:
            data = {"player": p, "slot": action.slot, "card": CARD_TEXT[self._hands[i]]}
            events.append(Event("peek", data, _SEATS[p]) if peek else Event("flip", data))
        if self._known[base : base + slots].count(UNSEEN) == slots - 2:
            p = r.next_seat[p]
            self._cur = p
            if p == self._first:
                self.phase = P_START
        return -1

    def _knock_or_pass(self, action: GolfAction, events: list[Event] | None) -> int:
        """G-4.2 `knock = after`: knock (every other player has one more turn, G-5.1) or pass, ending the turn."""
        p = self._cur
        if action.kind == KNOCK:
            self._closer = p
            self._final_left = self.num_players
            if events is not None:
                events.append(_KNOCK_EVENTS[p])
        elif events is not None:
            events.append(_PASS_EVENTS[p])
        return _TURN_OVER

    def _flip_or_pass(self, action: GolfAction, events: list[Event] | None) -> int:
        """G-8.2 `flip_on_discard`: after discarding a drawn card, turn a face-down card up (or, `may`, pass)."""
        p = self._cur
        if action.kind == FLIP:
            i = p * 6 + action.slot
            self._known[i] = PUBLIC
            if events is not None:
                events.append(Event("flip", {"player": p, "slot": action.slot, "card": CARD_TEXT[self._hands[i]]}))
            if self._closer < 0 and UNSEEN not in self._known[p * 6 : p * 6 + 6]:
                how = self._close_six(p)
                if how >= 0:
                    return how
        elif events is not None:
            events.append(_PASS_EVENTS[p])
        return _TURN_OVER

    def _game_over(self, action: GolfAction, events: list[Event] | None) -> int:
        raise self._illegal(action)  # never reached: `apply` checks first, `step` takes legal actions only

    step_in_round = _play
    """`step`, stopping at the round's end, for searches whose horizon it is (the playouts score a round's end):
    `step_in_round(action)` returns the seat to move next, or a negative number when `action` ended the round (-1 -
    how it ended, an index of `rules.END_NAMES`). The round is then scored (`totals`, `history`, `round_ends`) but
    neither revealed (`last_round`) nor followed by the next deal or the game's end: the state is left fit only for
    reading its totals, and for nothing else (no further step). (`_play` itself, without a call around it: a playout
    makes tens of these a round.)"""

    # The rarer decisions' rules by phase (a turn's start and a card in hand are in `_play`): each returns -1 (the
    # decision was not a turn's last), _TURN_OVER (`_play` ends the turn) or END_… (the round ended).
    _OTHER: ClassVar[Mapping[GolfPhase, Callable[[GolfState, GolfAction, list[Event] | None], int]]] = {
        P_PEEK: _setup_choice,
        P_INITIAL_FLIP: _setup_choice,
        P_KNOCK: _knock_or_pass,
        P_FLIP: _flip_or_pass,
        P_OVER: _game_over,
    }

    def _close_six(self, p: int) -> int:
        """G-8.3: `p` has all six cards face up: with `final_turns` every player (`p` included: this turn counts)
        has one more turn, else the round ends at once (returns END_ALL_UP, else -1)."""
        self._closer = p
        if not self._r.final_turns:
            return self._score_round(END_ALL_UP)
        self._final_left = self.num_players
        return -1

    def _sums(self) -> list[int]:
        """G-5: every hand's sum (G-8.4: six-card by columns)."""
        r = self._r
        slots = r.slots
        hands = self._hands
        values = r.values
        six = r.six
        sums = []
        for b in range(0, self.num_players * slots, slots):
            sums.append(hand_sum(hands[b : b + slots], values, six))
        return sums

    def _score_round(self, how: int) -> int:
        """G-5: the lowest sum wins the round; G-6 / G-8.5 its scores, added to the totals. Returns `how`, the way it
        ended (END_KNOCK …)."""
        scores = round_scores(self._sums(), self._r.relative)
        totals = self._totals
        for p, score in enumerate(scores):
            totals[p] += score
        self._history.append(scores)
        self._ends[how] += 1
        self.drawn = -1
        return how

    def _after_round(self, how: int, events: list[Event] | None) -> None:
        """After a round's scores (`_score_round`): all cards turn face up (G-5, the reveal), then the next deal or
        the game's end."""
        r = self._r
        slots = r.slots
        hands = self._hands
        sums = self._sums()
        winners = round_winners(sums)
        totals = self._totals
        closer = None if self._closer < 0 else self._closer
        data: JsonDict = {
            "round": self.round,
            "hands": [[CARD_TEXT[c] for c in hands[b : b + slots]] for b in range(0, len(hands), slots)],
            "sums": sums,
            "scores": self._history[-1],
            "totals": list(totals),
            "winners": winners,
            "ended_by": END_NAMES[how],
            "knocker": None if r.six else closer,
            "went_out": closer if r.six else None,
            # G-7: the discard pile is public; the next deal replaces it, so the reveal keeps it (else a card
            # discarded by the round's last swap would be told in an event and shown in no view)
            "discard": [CARD_TEXT[c] for c in self._discard],
        }
        self._last = data
        if events is not None:
            # The event gets its own copy: a consumer writing into it must not rewrite the state's reveal (and so
            # later views and records).
            events.append(Event("round_end", cast(JsonDict, copy_last(data))))
        if self.round >= r.rounds:
            self.phase = P_OVER
            self._cur = -1
            self._known = [PUBLIC] * len(hands)
            if events is not None:
                events.append(Event("game_over", {"totals": list(totals), "winners": self.result().winners}))
            return
        self.round += 1
        self._deal(events)

    def _illegal(self, action: GolfAction) -> IllegalAction:
        phase = self.phase
        if phase is P_OVER:
            return IllegalAction(f"{action.text()} is not possible: the game is over")
        legal = ", ".join(a.text() for a in self.legal_actions())
        if action.slot >= self._r.slots:
            return IllegalAction(
                f"{action.text()} does not exist: slots are {slot_range(self._r.slots, 1)}; legal now: {legal}"
            )
        why = {
            P_PEEK: "look at one of their own cards they have not seen yet (G-3.3)",
            P_INITIAL_FLIP: "turn one of their face-down cards face up (G-8.1)",
            P_START: "draw from the stock, take the top discard"
            + (" or knock" if self._r.knock_instead and self._closer < 0 else ""),
            P_DRAWN: "swap the card in hand for one of theirs, or discard it"
            + (" (a card taken from the discard pile must be swapped in)" if self.taken and self._r.must_swap else ""),
            P_KNOCK: "knock or pass, ending the turn (G-4.2)",
            P_FLIP: "turn one of their face-down cards face up" + (" or pass" if self._r.flip_mode == 1 else ""),
        }[phase]
        if action.kind == KNOCK and self._closer >= 0 and not self._r.six:
            why += " (someone has knocked already: one knock per round, G-4.2)"
        # No seat number: the message reaches players, and seats are counted differently on screens and in records.
        return IllegalAction(f"{action.text()} is not allowed now: the player to move must {why}; legal now: {legal}")

    # ------------------------------------------------------------------ contract: views

    def result(self) -> Result:
        if self._cur >= 0:
            raise GameNotOver(f"the game is in round {self.round} of {self._r.rounds}")
        totals = self._totals
        return Result.from_keys(
            totals,
            totals,
            GolfTermination.ROUNDS_COMPLETE,
            lower_is_better=True,
            details={
                "rounds": len(self._history),
                "turns": self._turns,
                "knock_ends": self._ends[END_KNOCK],
                "stock_ends": self._ends[END_STOCK],
                "all_face_up_ends": self._ends[END_ALL_UP],
                "turn_limit_ends": self._ends[END_TURN_LIMIT],
            },
        )

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        return records.read_state(cls, data)
