"""Golf's rules (G-1 … G-8, rules.md): a round-by-round state machine over flat lists of small ints.

A round goes: the initial choices (four-card `peek = "choose"`: two peeks per player; six-card: two flips per
player), one player after the other from the round's first player (G-3.4); then turns. A turn is a "start"
decision (draw / take / knock), a "drawn" decision (swap a slot / discard), then, in some variants, a "knock"
decision (`knock = "after"`: knock / pass) or a "flip" decision (`flip_on_discard`: flip a slot / pass).

Hands are one flat list (`hands[seat * slots + slot]`), with a parallel list of what is known about each card:
0 nobody has seen it, 1 its owner has (peeked or placed it, four-card), 2 everybody has (taken from the discard
pile and swapped in, or lying face up in six-card). That is all the hidden-information bookkeeping the views,
`shuffle_hidden` and `determinize` need (G-4, G-7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from podium.core.contract import Event, JsonDict, Result, State, View
from podium.core.errors import GameNotOver, IllegalAction, RecordError
from podium.core.rng import Rng
from podium.games.golf.actions import (
    DISCARD,
    DISCARD_ACTION,
    DRAW,
    DRAW_ACTION,
    FLIP,
    FLIPS,
    KNOCK,
    KNOCK_ACTION,
    PASS,
    PASS_ACTION,
    PEEK,
    PEEKS,
    SWAP,
    SWAPS,
    TAKE,
    TAKE_ACTION,
    GolfAction,
    slot_range,
)
from podium.games.golf.cards import CARD_TEXT, DECK_SIZE, RANK_NAMES, shuffled_deck
from podium.games.golf.config import GolfConfig
from podium.games.golf.scoring import card_values, hand_sum, round_scores
from podium.games.golf.termination import GolfTermination

P_PEEK, P_INITIAL_FLIP, P_START, P_DRAWN, P_KNOCK, P_FLIP, P_OVER = range(7)
PHASE_NAMES: tuple[str, ...] = ("peek", "initial_flip", "start", "drawn", "knock", "flip", "over")
_PHASE_OF: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}

UNSEEN, OWNER, PUBLIC = 0, 1, 2

END_KNOCK, END_STOCK, END_ALL_UP, END_TURN_LIMIT = range(4)
END_NAMES: tuple[str, ...] = ("knock", "stock", "all_face_up", "turn_limit")
# G-5.3 `round_turn_limit = 0`: a turn cap no game reaches, so that the end-of-turn check stays one comparison.
_UNLIMITED = 1 << 62

MAX_PLAYERS = 5
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


class Rules:
    """What a (config, player count) pair means for the engine, precomputed once and shared by every state."""

    __slots__ = (
        "config",
        "drawn_stock",
        "drawn_taken",
        "final_turns",
        "flip_mode",
        "knock_after",
        "knock_instead",
        "must_swap",
        "n",
        "next_seat",
        "peek_choose",
        "relative",
        "rounds",
        "six",
        "slots",
        "start_knock",
        "start_plain",
        "turn_limit",
        "values",
    )

    def __init__(self, config: GolfConfig, n: int) -> None:
        self.config = config
        self.n = n
        self.six = config.six
        self.slots = config.slots
        self.values = card_values(config.value_table)
        self.peek_choose = not self.six and config.peek == "choose"
        self.knock_instead = not self.six and config.knock == "instead"
        self.knock_after = not self.six and config.knock == "after"
        self.must_swap = config.must_swap_taken
        self.flip_mode = ("no", "may", "must").index(config.flip_on_discard) if self.six else 0
        self.final_turns = config.final_turns
        self.relative = config.relative_scoring
        self.rounds = config.rounds
        self.turn_limit = config.round_turn_limit or _UNLIMITED
        self.next_seat = tuple((p + 1) % n for p in range(n))
        swaps = SWAPS[: self.slots]
        self.start_plain = (DRAW_ACTION, TAKE_ACTION)
        self.start_knock = (DRAW_ACTION, TAKE_ACTION, KNOCK_ACTION) if self.knock_instead else self.start_plain
        self.drawn_stock = (DISCARD_ACTION, *swaps)
        self.drawn_taken = swaps if self.must_swap else self.drawn_stock


_RULES: dict[tuple[GolfConfig, int], Rules] = {}


def rules_for(config: GolfConfig, n: int) -> Rules:
    key = (config, n)
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) > 256:
            _RULES.clear()
        rules = _RULES[key] = Rules(config, n)
    return rules


class GolfState(State):
    """A game of Golf in progress. Build one with `GAME.new_game(config, num_players, seed)`."""

    __slots__ = (
        "_cap",
        "_closer",
        "_cur",
        "_discard",
        "_drawn",
        "_ends",
        "_final_left",
        "_first",
        "_hands",
        "_history",
        "_known",
        "_last",
        "_phase",
        "_r",
        "_rng",
        "_round",
        "_stock",
        "_taken",
        "_totals",
        "_turns",
        "num_players",
    )

    _r: Rules
    num_players: int
    _hands: list[int]  # hands[seat * slots + slot]
    _known: list[int]  # UNSEEN / OWNER / PUBLIC, parallel to _hands
    _stock: list[int]  # top = last
    _discard: list[int]  # top = last
    _drawn: int  # the card in hand during the "drawn" phase, else -1
    _taken: bool  # the drawn card came from the discard pile (so everybody saw it)
    _phase: int
    _cur: int  # -1 once the game is over
    _first: int  # the round's first player (G-3.4)
    _round: int  # 1-based hole number
    _closer: int  # four-card: who knocked; six-card: who first had all cards face up; -1 = nobody yet
    _final_left: int  # turns left in the round once someone closed it (including the closer's own), 0 = not closing
    _totals: list[int]
    _history: list[list[int]]  # each finished round's scores
    _last: JsonDict | None  # the last finished round's reveal (the "round_end" event data)
    _ends: list[int]  # rounds ended by knock / stock / all face up
    _turns: int  # turns in the whole game
    _cap: int  # G-5.3: the round ends after the turn that brings `_turns` to this (round start + round_turn_limit)
    _rng: Rng

    game: ClassVar[Any]  # set in podium.games.golf.game

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, config: GolfConfig, num_players: int, seed: int) -> GolfState:
        state = cls.__new__(cls)
        state._r = rules_for(config, num_players)
        state.num_players = num_players
        state._rng = Rng(seed)
        state._totals = [0] * num_players
        state._history = []
        state._last = None
        state._ends = [0, 0, 0, 0]
        state._turns = 0
        state._round = 1
        state._deal([])
        return state

    def _deal(self, events: list[Event]) -> None:
        """G-3: shuffle, deal `slots` cards face down to everyone, turn the stock's top card up."""
        r = self._r
        n = self.num_players
        size = n * r.slots
        deck = shuffled_deck(self._rng)
        self._hands = deck[:size]
        self._discard = [deck[-1]]
        self._stock = deck[size:-1]
        self._known = [UNSEEN] * size
        self._drawn = -1
        self._taken = False
        self._closer = -1
        self._final_left = 0
        self._cap = self._turns + r.turn_limit
        self._first = self._cur = (self._round - 1) % n  # G-3.4
        events.append(
            Event("deal", {"round": self._round, "first_player": self._first, "discard": CARD_TEXT[deck[-1]]})
        )
        if r.six:
            self._phase = P_INITIAL_FLIP  # G-8.1
        elif r.peek_choose:
            self._phase = P_PEEK  # G-3.3
        else:
            # G-3.3 peek = "near": everybody sees slots 0 and 1 at once.
            known = self._known
            hands = self._hands
            for p in range(n):
                for slot in (0, 1):
                    known[p * 4 + slot] = OWNER
                    events.append(
                        Event("peek", {"player": p, "slot": slot, "card": CARD_TEXT[hands[p * 4 + slot]]}, _SEATS[p])
                    )
            self._phase = P_START

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
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def round(self) -> int:
        return self._round

    @property
    def round_turns(self) -> int:
        """Turns begun in the current round, all players together (G-5.3); the last round's once the game is over."""
        return self._turns - self._cap + self._r.turn_limit

    def legal_actions(self) -> list[GolfAction]:  # type: ignore[override]
        phase = self._phase
        if phase == P_START:
            return list(self._r.start_knock if self._closer < 0 else self._r.start_plain)
        if phase == P_DRAWN:
            return list(self._r.drawn_taken if self._taken else self._r.drawn_stock)
        if phase == P_KNOCK:
            return [KNOCK_ACTION, PASS_ACTION]
        if phase == P_OVER:
            return []
        slots = self._r.slots
        base = self._cur * slots
        known = self._known
        if phase == P_PEEK:
            return [PEEKS[s] for s in range(slots) if known[base + s] == UNSEEN]
        flips = [FLIPS[s] for s in range(slots) if known[base + s] == UNSEEN]
        if phase == P_FLIP and self._r.flip_mode == 1:
            flips.insert(0, PASS_ACTION)
        return flips

    # ------------------------------------------------------------------ contract: apply

    def apply(self, action: GolfAction) -> list[Event]:  # type: ignore[override]
        if action.__class__ is not GolfAction:
            raise IllegalAction(f"{action!r} is not a Golf action")
        phase = self._phase
        kind = action.kind
        p = self._cur
        r = self._r

        if phase == P_START:  # G-4.1 / G-4.2
            if kind == DRAW:
                c = self._stock.pop()
                self._drawn = c
                self._taken = False
                self._phase = P_DRAWN
                self._turns += 1
                return [_DRAW_EVENTS[p], _DRAWN_EVENTS[p][c]]
            if kind == TAKE:
                c = self._discard.pop()
                self._drawn = c
                self._taken = True
                self._phase = P_DRAWN
                self._turns += 1
                return [_TAKE_EVENTS[p][c]]
            if kind == KNOCK and r.knock_instead and self._closer < 0:
                self._turns += 1
                self._closer = p
                self._final_left = self.num_players
                events = [_KNOCK_EVENTS[p]]
                self._end_turn(p, events)
                return events
            raise self._illegal(action)

        if phase == P_DRAWN:  # G-4.1, G-8.2
            if kind == SWAP:
                slot = action.slot
                if slot >= r.slots:
                    raise self._illegal(action)
                i = p * r.slots + slot
                hands = self._hands
                old = hands[i]
                placed = self._drawn
                hands[i] = placed
                public = r.six or self._taken
                self._known[i] = PUBLIC if public else OWNER
                self._discard.append(old)
                self._drawn = -1
                events = [
                    Event(
                        "swap",
                        {
                            "player": p,
                            "slot": slot,
                            "card": CARD_TEXT[placed] if public else None,
                            "discarded": CARD_TEXT[old],
                        },
                    )
                ]
                if r.six and self._closer < 0 and self._all_up(p) and self._close_six(p, events):
                    return events
            elif kind == DISCARD and not (self._taken and r.must_swap):
                c = self._drawn
                self._discard.append(c)
                self._drawn = -1
                events = [_DISCARD_EVENTS[p][c]]
                if r.flip_mode and not self._taken and UNSEEN in self._known[p * 6 : p * 6 + 6]:
                    self._phase = P_FLIP
                    return events
            else:
                raise self._illegal(action)
            if r.knock_after and self._closer < 0 and self._stock and self._turns < self._cap:
                # G-4.2 knock = "after"; none once the stock has run out (G-5) or in the round's last turn (G-5.3):
                # the round ends with this turn either way.
                self._phase = P_KNOCK
                return events
            self._end_turn(p, events)
            return events

        if phase == P_KNOCK:  # G-4.2 knock = "after"
            if kind == KNOCK:
                self._closer = p
                self._final_left = self.num_players
                events = [_KNOCK_EVENTS[p]]
            elif kind == PASS:
                events = [_PASS_EVENTS[p]]
            else:
                raise self._illegal(action)
            self._end_turn(p, events)
            return events

        if phase == P_FLIP:  # G-8.2 flip_on_discard
            if kind == FLIP and action.slot < 6 and self._known[p * 6 + action.slot] == UNSEEN:
                i = p * 6 + action.slot
                self._known[i] = PUBLIC
                events = [Event("flip", {"player": p, "slot": action.slot, "card": CARD_TEXT[self._hands[i]]})]
                if self._closer < 0 and self._all_up(p) and self._close_six(p, events):
                    return events
            elif kind == PASS and r.flip_mode == 1:
                events = [_PASS_EVENTS[p]]
            else:
                raise self._illegal(action)
            self._end_turn(p, events)
            return events

        if phase in (P_PEEK, P_INITIAL_FLIP):  # G-3.3, G-8.1
            slots = r.slots
            base = p * slots
            wanted = PEEK if phase == P_PEEK else FLIP
            if kind != wanted or action.slot >= slots or self._known[base + action.slot] != UNSEEN:
                raise self._illegal(action)
            i = base + action.slot
            c = self._hands[i]
            if phase == P_PEEK:
                self._known[i] = OWNER
                events = [Event("peek", {"player": p, "slot": action.slot, "card": CARD_TEXT[c]}, _SEATS[p])]
            else:
                self._known[i] = PUBLIC
                events = [Event("flip", {"player": p, "slot": action.slot, "card": CARD_TEXT[c]})]
            if self._known[base : base + slots].count(UNSEEN) == slots - 2:
                p = r.next_seat[p]
                self._cur = p
                if p == self._first:
                    self._phase = P_START
            return events

        raise self._illegal(action)

    def _all_up(self, p: int) -> bool:
        return UNSEEN not in self._known[p * 6 : p * 6 + 6]

    def _close_six(self, p: int, events: list[Event]) -> bool:
        """G-8.3: `p` has all six cards face up. Returns True if the round ended at once (final_turns = false)."""
        if not self._r.final_turns:
            self._closer = p
            self._end_round(END_ALL_UP, events)
            return True
        self._closer = p
        self._final_left = self.num_players
        return False

    def _end_turn(self, p: int, events: list[Event]) -> None:
        if not self._stock:
            # G-5.2: the last stock card was drawn this turn; this also cuts short a knock's owed final turns.
            self._end_round(END_STOCK, events)
            return
        left = self._final_left
        if left:
            # G-5.1 / G-8.3: after a close, every other player has exactly one more turn.
            left -= 1
            self._final_left = left
            if not left:
                self._end_round(END_ALL_UP if self._r.six else END_KNOCK, events)
                return
        if self._turns >= self._cap:
            # G-5.3: the round's last turn is over. Checked after the ends above, which win when they coincide.
            self._end_round(END_TURN_LIMIT, events)
            return
        self._cur = self._r.next_seat[p]
        self._phase = P_START

    def _end_round(self, how: int, events: list[Event]) -> None:
        """G-5: all cards turn face up, the lowest sum wins; G-6 / G-8.5 scoring; then the next deal or the end."""
        r = self._r
        n = self.num_players
        slots = r.slots
        hands = self._hands
        cards = [hands[p * slots : p * slots + slots] for p in range(n)]
        sums = [hand_sum(hand, r.values, r.six) for hand in cards]
        scores, winners = round_scores(sums, r.relative)
        totals = self._totals
        for p in range(n):
            totals[p] += scores[p]
        self._history.append(scores)
        self._ends[how] += 1
        closer = None if self._closer < 0 else self._closer
        data: JsonDict = {
            "round": self._round,
            "hands": [[CARD_TEXT[c] for c in hand] for hand in cards],
            "sums": sums,
            "scores": scores,
            "totals": list(totals),
            "winners": winners,
            "ended_by": END_NAMES[how],
            "knocker": None if r.six else closer,
            "went_out": closer if r.six else None,
        }
        self._last = data
        events.append(Event("round_end", data))
        self._drawn = -1
        if self._round >= r.rounds:
            self._phase = P_OVER
            self._cur = -1
            self._known = [PUBLIC] * len(hands)
            events.append(Event("game_over", {"totals": list(totals), "winners": self.result().winners}))
            return
        self._round += 1
        self._deal(events)

    def _illegal(self, action: GolfAction) -> IllegalAction:
        phase = self._phase
        if phase == P_OVER:
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
            + (" (a card taken from the discard pile must be swapped in)" if self._taken and self._r.must_swap else ""),
            P_KNOCK: "knock or pass, ending the turn (G-4.2)",
            P_FLIP: "turn one of their face-down cards face up" + (" or pass" if self._r.flip_mode == 1 else ""),
        }[phase]
        if action.kind == KNOCK and self._closer >= 0 and not self._r.six:
            why += f" (seat {self._closer} has knocked: one knock per round, G-4.2)"
        return IllegalAction(f"{action.text()} is not allowed now: seat {self._cur} must {why}; legal now: {legal}")

    # ------------------------------------------------------------------ contract: views

    def _visible(self, player: int | None) -> list[bool]:
        """Which hand cards `player` may know (None = spectator): public ones, and their own they have seen."""
        slots = self._r.slots
        out = [k == PUBLIC for k in self._known]
        if player is not None:
            base = player * slots
            for s in range(base, base + slots):
                if self._known[s] == OWNER:
                    out[s] = True
        return out

    def view(self, player: int | None) -> View:
        """Everything `player` may know (G-7). Beyond the common keys: `variant`, `slots` (4 or 6; six-card slots
        0..2 are the top row), `values` (rank -> value), `round` (the hole, 1-based), `rounds`, `first_player`,
        `phase` (peek / initial_flip / start / drawn / knock / flip / over), `stock_size`, `discard` (bottom to
        top), `discard_top`, `drawn` + `drawn_from` (the card in hand, null unless the viewer may see it),
        per seat and slot `hands` (card text or null), `public` (known to all), `face_up` (six-card),
        `owner_knows` (the owner has seen it — public knowledge too); `knocker` (four-card) / `went_out`
        (six-card), `final_turns_left` (turns left in the round once it is closing, the current one included),
        `scores` (running totals), `round_scores` (per finished round), `last_round` (the last reveal: hands,
        sums, scores, totals, winners, ended_by: knock / stock / all_face_up / turn_limit), `round_ends` (counts by
        how rounds ended), `turns` (in the game), `round_turns` (begun in this round, the current one included; the
        round ends after turn `config.round_turn_limit`, G-5.3)."""
        n = self.num_players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"no seat {player!r} in a {n}-player game")
        r = self._r
        slots = r.slots
        visible = self._visible(player)
        known = self._known
        hands = self._hands
        rows = range(n)
        phase = self._phase
        drawn: str | None = None
        drawn_from: str | None = None
        if phase == P_DRAWN:
            drawn_from = "discard" if self._taken else "stock"
            if self._taken or player == self._cur:
                drawn = CARD_TEXT[self._drawn]
        closer = None if self._closer < 0 else self._closer
        return {
            "game": "golf",
            "config": r.config.to_dict(),
            "num_players": n,
            "player": player,
            "current_player": self.current_player,
            "is_over": self._cur < 0,
            "variant": "six" if r.six else "four",
            "slots": slots,
            "values": dict(zip(RANK_NAMES, r.config.value_table, strict=True)),
            "round": self._round,
            "rounds": r.rounds,
            "first_player": self._first,
            "phase": PHASE_NAMES[phase],
            "stock_size": len(self._stock),
            "discard": [CARD_TEXT[c] for c in self._discard],
            "discard_top": CARD_TEXT[self._discard[-1]] if self._discard else None,
            "drawn": drawn,
            "drawn_from": drawn_from,
            "hands": [
                [CARD_TEXT[hands[i]] if visible[i] else None for i in range(q * slots, q * slots + slots)] for q in rows
            ],
            "public": [[known[i] == PUBLIC for i in range(q * slots, q * slots + slots)] for q in rows],
            "face_up": [[r.six and known[i] == PUBLIC for i in range(q * slots, q * slots + slots)] for q in rows],
            "owner_knows": [[known[i] != UNSEEN for i in range(q * slots, q * slots + slots)] for q in rows],
            "knocker": None if r.six else closer,
            "went_out": closer if r.six else None,
            "final_turns_left": self._final_left,
            "scores": list(self._totals),
            "round_scores": [list(s) for s in self._history],
            "last_round": _copy_last(self._last),
            "round_ends": dict(zip(END_NAMES, self._ends, strict=True)),
            "turns": self._turns,
            "round_turns": self.round_turns,
        }

    def full_view(self) -> View:
        """The spectator's view with every card shown: all hands, the card in hand and the stock (top first)."""
        view = self.view(None)
        slots = self._r.slots
        hands = self._hands
        view["hands"] = [[CARD_TEXT[c] for c in hands[q * slots : q * slots + slots]] for q in range(self.num_players)]
        if self._drawn >= 0:
            view["drawn"] = CARD_TEXT[self._drawn]
        view["stock"] = [CARD_TEXT[c] for c in reversed(self._stock)]
        return view

    def result(self) -> Result:
        if self._cur >= 0:
            raise GameNotOver(f"the game is in round {self._round} of {self._r.rounds}")
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

    # ------------------------------------------------------------------ contract: cards, copies, records

    def all_cards(self) -> list[int]:
        cards = self._hands + self._stock + self._discard
        if self._drawn >= 0:
            cards.append(self._drawn)
        return cards

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        """Reshuffle every card `player` cannot know, straight from the rules: the stock, face-down cards nobody
        has seen, other players' cards only their owner has seen, and a card someone else drew from the stock."""
        twin = self.clone()
        slots = self._r.slots
        places = [
            i
            for i, k in enumerate(self._known)
            if k == UNSEEN or (k == OWNER and (player is None or i // slots != player))
        ]
        hidden = [twin._hands[i] for i in places] + twin._stock
        hidden_drawn = self._phase == P_DRAWN and not self._taken and player != self._cur
        if hidden_drawn:
            hidden.append(twin._drawn)
        rng.shuffle(hidden)
        if hidden_drawn:
            twin._drawn = hidden.pop()
        for i in places:
            twin._hands[i] = hidden.pop()
        twin._stock = hidden
        return twin

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin._r = self._r
        twin.num_players = self.num_players
        twin._hands = self._hands[:]
        twin._known = self._known[:]
        twin._stock = self._stock[:]
        twin._discard = self._discard[:]
        twin._drawn = self._drawn
        twin._taken = self._taken
        twin._phase = self._phase
        twin._cur = self._cur
        twin._first = self._first
        twin._round = self._round
        twin._closer = self._closer
        twin._final_left = self._final_left
        twin._totals = self._totals[:]
        twin._history = self._history[:]  # the inner lists are never changed once appended
        twin._last = self._last  # never changed once built
        twin._ends = self._ends[:]
        twin._turns = self._turns
        twin._cap = self._cap
        twin._rng = self._rng.clone()
        return twin

    def to_dict(self) -> JsonDict:
        return {
            "game": "golf",
            "config": self._r.config.to_dict(),
            "num_players": self.num_players,
            "round": self._round,
            "first_player": self._first,
            "phase": PHASE_NAMES[self._phase],
            "current_player": self.current_player,
            "hands": self._hands[:],
            "known": self._known[:],
            "stock": self._stock[:],
            "discard": self._discard[:],
            "drawn": None if self._drawn < 0 else self._drawn,
            "taken": self._taken and self._drawn >= 0,  # stale outside the "drawn" phase
            "closer": None if self._closer < 0 else self._closer,
            "final_left": self._final_left,
            "totals": self._totals[:],
            "history": [list(s) for s in self._history],
            "last_round": _copy_last(self._last),
            "ends": dict(zip(END_NAMES, self._ends, strict=True)),
            "turns": self._turns,
            "round_turns": self.round_turns,
            "rng": self._rng.get_state(),
        }

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != "golf":
            raise RecordError("not a golf state (expected an object with game = 'golf')")
        config = GolfConfig.from_stored(data["config"])
        n = _int(data["num_players"], 2, MAX_PLAYERS, "num_players")
        r = rules_for(config, n)
        state = cls.__new__(cls)
        state._r = r
        state.num_players = n
        state._round = _int(data["round"], 1, r.rounds, "round")
        state._first = _int(data["first_player"], 0, n - 1, "first_player")
        if state._first != (state._round - 1) % n:
            raise RecordError("first_player does not match the round (G-3.4)")
        phase = data["phase"]
        if phase not in _PHASE_OF or (phase == "peek" and not r.peek_choose) or (phase == "initial_flip" and not r.six):
            raise RecordError(f"phase {phase!r} is impossible with these options")
        state._phase = _PHASE_OF[phase]
        cur = data["current_player"]
        state._cur = -1 if cur is None else _int(cur, 0, n - 1, "current_player")
        if (state._cur < 0) != (state._phase == P_OVER):
            raise RecordError("current_player must be null exactly when the phase is 'over'")
        state._hands = _cards(data["hands"], "hands")
        state._known = [_int(k, 0, 2, "known") for k in data["known"]]
        if len(state._hands) != n * r.slots or len(state._known) != n * r.slots:
            raise RecordError(f"hands and known need {n * r.slots} entries")
        if r.six and OWNER in state._known:
            raise RecordError("six-card cards are face up or face down, never known to their owner only")
        state._stock = _cards(data["stock"], "stock")
        state._discard = _cards(data["discard"], "discard")
        drawn = data["drawn"]
        state._drawn = -1 if drawn is None else _cards([drawn], "drawn")[0]
        if (state._drawn >= 0) != (state._phase == P_DRAWN):
            raise RecordError("drawn must be a card exactly when the phase is 'drawn'")
        if not isinstance(data["taken"], bool):
            raise RecordError("taken must be true or false")
        state._taken = data["taken"] and state._drawn >= 0
        if sorted(state.all_cards()) != list(range(DECK_SIZE)):
            raise RecordError("the cards are not exactly one 52-card deck")
        closer = data["closer"]
        state._closer = -1 if closer is None else _int(closer, 0, n - 1, "closer")
        state._final_left = _int(data["final_left"], 0, n, "final_left")
        state._totals = [_int(t, None, None, "totals") for t in data["totals"]]
        state._history = [[_int(s, None, None, "history") for s in row] for row in data["history"]]
        if len(state._totals) != n or any(len(row) != n for row in state._history):
            raise RecordError("totals and history need one entry per seat")
        last = data["last_round"]
        if last is not None and not isinstance(last, Mapping):
            raise RecordError("last_round must be an object or null")
        state._last = _copy_last(last)
        ends = data["ends"]
        # A state saved before G-5.3 has no turn-limit count: no round of it ended that way.
        state._ends = [
            _int(ends.get(name, 0) if name == "turn_limit" else ends[name], 0, None, "ends") for name in END_NAMES
        ]
        state._turns = _int(data["turns"], 0, None, "turns")
        round_turns = data.get("round_turns")
        if round_turns is None:
            round_turns = _saved_round_turns(state)
        state._cap = state._turns - _round_turns(round_turns, state) + r.turn_limit
        state._rng = Rng.from_state(data["rng"])
        return state


def _saved_round_turns(state: GolfState) -> int:
    """The round's turn count for a state saved before G-5.3, which did not keep one. Round 1's is the game's; in a
    later round every card drawn from the stock was a turn, so that count is a lower bound. Kept below the limit as
    a state of this engine would be: a round found past it ends with the turn being (or about to be) played."""
    r = state._r
    drawn = DECK_SIZE - state.num_players * r.slots - 1 - len(state._stock)
    count = state._turns if state._round == 1 else drawn
    if state._phase in (P_DRAWN, P_KNOCK, P_FLIP):
        return max(1, min(count, r.turn_limit))
    if state._phase in (P_PEEK, P_INITIAL_FLIP):
        return 0
    return min(count, r.turn_limit - 1)


def _round_turns(value: Any, state: GolfState) -> int:
    """Check a saved round turn count against the phase and the limit (G-5.3)."""
    r = state._r
    count = _int(value, 0, state._turns, "round_turns")
    phase = state._phase
    if phase in (P_PEEK, P_INITIAL_FLIP) and count:
        raise RecordError("round_turns must be 0 before the round's first turn")
    if phase in (P_DRAWN, P_KNOCK, P_FLIP) and not 1 <= count <= r.turn_limit:
        raise RecordError(f"round_turns = {count} is impossible in the middle of a turn (1..{r.turn_limit})")
    if phase == P_START and count >= r.turn_limit:
        raise RecordError(f"round_turns = {count}: the round would have ended after turn {r.turn_limit} (G-5.3)")
    return count


def _copy_last(last: Mapping[str, Any] | None) -> JsonDict | None:
    if last is None:
        return None
    return {
        k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v for k, v in last.items()
    }


def _int(value: Any, low: int | None, high: int | None, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{name} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(f"{name} = {value} is out of range")
    return value


def _cards(values: Any, name: str) -> list[int]:
    if not isinstance(values, list):
        raise RecordError(f"{name} must be a list of cards (0..51)")
    return [_int(c, 0, DECK_SIZE - 1, name) for c in values]
