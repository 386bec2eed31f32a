"""Kuhn poker's rules (K-1 … K-5, rules.md) as a podium state.

A hand is one list of action ids. Seat `(first + k) % n` takes the k-th action, so the player to move is always the
next seat round the table; a hand ends when everybody has passed, or when everybody after the first bet has
answered it. Everything else (stakes, who folded, who shows down) follows from that list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from podium.core import checks
from podium.core.contract import Event, JsonDict, Result, State, View
from podium.core.errors import GameNotOver, IllegalAction, RecordError
from podium.core.rng import Rng
from podium_kuhn.actions import BET, NAMES, PASS, KuhnAction
from podium_kuhn.config import KuhnConfig
from podium_kuhn.termination import KuhnTermination

RANKS: tuple[str, ...] = ("J", "Q", "K", "A")  # K-1: lowest first; n players use the n + 1 lowest
MIN_PLAYERS, MAX_PLAYERS = 2, 3
ANTE = 1


def card_text(card: int) -> str:
    return RANKS[card]


def card_of(text: Any, deck_size: int, name: str) -> int:
    """The card written as `text` in a view (J, Q, K, A, within the deck of this player count)."""
    if text not in RANKS[:deck_size]:
        raise RecordError(f"{name} must be one of {', '.join(RANKS[:deck_size])}, not {text!r}")
    return RANKS.index(text)


def first_bet(history: Sequence[int]) -> int | None:
    return next((i for i, a in enumerate(history) if a == BET.id), None)


def hand_complete(history: Sequence[int], n: int) -> bool:
    """K-3.3: everybody passed, or everybody after the first bet answered it."""
    bet = first_bet(history)
    return len(history) == (n if bet is None else bet + n)


class KuhnState(State, game="podium_kuhn.game:GAME"):
    """A match of Kuhn poker in progress. Build one with `GAME.new_game(config, num_players, seed)`."""

    __slots__ = (
        "_cards",
        "_chips",
        "_config",
        "_deck",
        "_hand",
        "_history",
        "_last",
        "_rng",
        "_showdowns",
        "num_players",
    )

    def __init__(
        self,
        config: KuhnConfig,
        num_players: Any,
        *,
        hand: Any,
        cards: Any,
        deck: Any,
        history: Any,
        chips: Any,
        showdowns: Any,
        last: Any,
        rng: Rng,
    ) -> None:
        """The one constructor: `new`, `from_dict` and `determinize` all come here, and every value is checked
        as untrusted input (a record, a view), so that a state is valid or not built at all."""
        n = checks.integer(num_players, "num_players", MIN_PLAYERS, MAX_PLAYERS)
        self._config = config
        self.num_players = n
        self._hand = checks.integer(hand, "hand", 1, config.hands)
        self._cards = checks.integers(cards, "cards", 0, n, length=n)
        self._deck = checks.integers(deck, "deck", 0, n, length=1)
        if sorted(self._cards + self._deck) != list(range(n + 1)):
            raise RecordError(f"cards and deck must hold each of the {n + 1} cards once (K-1)")
        self._history = checks.integers(history, "history", 0, 1)
        for end in range(len(self._history)):
            if hand_complete(self._history[:end], n):
                raise RecordError(f"history goes on after the hand ended at action {end} (K-3.3)")
        if hand_complete(self._history, n) and self._hand != config.hands:
            raise RecordError("a finished hand before the last one must have been followed by the next deal (K-5)")
        self._chips = checks.integers(chips, "chips", length=n)
        if sum(self._chips) != 0:
            raise RecordError("chips must add up to 0: what one seat wins, others lose")
        played = self._hand - 1 + hand_complete(self._history, n)
        self._showdowns = checks.integer(showdowns, "showdowns", 0, played)
        self._last = None if last is None else _checked_last(last, n)
        if (self._last is None) != (played == 0) or (self._last is not None and self._last["hand"] != played):
            raise RecordError(f"last_hand must be the last hand played ({played or 'none yet'})")
        for seat in self._revealed():
            if self._last is not None and self._last["cards"][seat] != card_text(self._cards[seat]):
                raise RecordError(f"last_hand shows seat {seat} another card than it holds")
        self._rng = rng

    @classmethod
    def new(cls, config: KuhnConfig, num_players: int, seed: int) -> Self:
        rng = Rng(seed)
        deck = _shuffled(num_players, rng)
        return cls(
            config,
            num_players,
            hand=1,
            cards=deck[:-1],
            deck=deck[-1:],
            history=[],
            chips=[0] * num_players,
            showdowns=0,
            last=None,
            rng=rng,
        )

    # ------------------------------------------------------------------ queries

    @property
    def config(self) -> KuhnConfig:
        return self._config

    @property
    def first_player(self) -> int:
        """K-5: seat 0 starts the first hand, the next seat the next one."""
        return (self._hand - 1) % self.num_players

    @property
    def current_player(self) -> int | None:
        if hand_complete(self._history, self.num_players):
            return None
        return (self.first_player + len(self._history)) % self.num_players

    @property
    def hand(self) -> int:
        """The hand being played, 1-based (K-5)."""
        return self._hand

    @property
    def history(self) -> tuple[int, ...]:
        """This hand's action ids (0 pass, 1 bet), from the first player on."""
        return tuple(self._history)

    @property
    def chips(self) -> tuple[int, ...]:
        """Each seat's net chips in the match so far."""
        return tuple(self._chips)

    def known_card(self, seat: int, viewer: int | None) -> int | None:
        """K-2.2: `seat`'s card as `viewer` knows it (its own, and at the end the cards shown down), else None.
        What a seat knows of the cards, once: the view and the encoding read it."""
        return self._cards[seat] if seat == viewer or seat in self._revealed() else None

    def legal_actions(self) -> list[KuhnAction]:  # type: ignore[override]
        return [] if self.is_over else [PASS, BET]

    def _stakes(self) -> list[int]:
        """K-3: the ante, plus the bet of the bettor and of everybody who called."""
        n = self.num_players
        stakes = [ANTE] * n
        bet = first_bet(self._history)
        if bet is not None:
            for k in range(bet, len(self._history)):
                if self._history[k] == BET.id:
                    stakes[(self.first_player + k) % n] += self._config.bet
        return stakes

    def _in_hand(self) -> list[bool]:
        """Who has not folded: after a bet, a seat that passed (or has yet to answer) is out once it passed."""
        n = self.num_players
        bet = first_bet(self._history)
        out = [True] * n
        if bet is not None:
            for k in range(bet + 1, len(self._history)):
                if self._history[k] == PASS.id:
                    out[(self.first_player + k) % n] = False
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, action: KuhnAction) -> list[Event]:  # type: ignore[override]
        player = self.current_player
        if player is None:
            raise IllegalAction(f"{action.text()} is not allowed now: the match is over")
        if action is not PASS and action is not BET:
            raise IllegalAction(f"{action!r} is not a Kuhn poker action; legal now: pass, bet")
        facing = first_bet(self._history) is not None
        kind = ("call" if facing else "bet") if action is BET else ("fold" if facing else "check")
        events = [Event(kind, {"player": player})]
        self._history.append(action.id)
        if hand_complete(self._history, self.num_players):
            self._end_hand(events)
        return events

    def _end_hand(self, events: list[Event]) -> None:
        """K-4: the highest card among the players still in wins the pot; alone, the bettor wins without showing."""
        n = self.num_players
        stakes = self._stakes()
        contenders = [seat for seat, inside in enumerate(self._in_hand()) if inside]
        winner = max(contenders, key=lambda seat: self._cards[seat])
        showdown = len(contenders) > 1
        pot = sum(stakes)
        net = [(pot if seat == winner else 0) - stakes[seat] for seat in range(n)]
        self._chips = [c + d for c, d in zip(self._chips, net, strict=True)]
        self._showdowns += showdown
        self._last = {
            "hand": self._hand,
            "cards": [card_text(self._cards[s]) if showdown and s in contenders else None for s in range(n)],
            "winner": winner,
            "showdown": showdown,
            "pot": pot,
            "net": net,
        }
        events.append(Event("hand_end", dict(self._last)))
        if self._hand < self._config.hands:
            self._hand += 1
            deck = _shuffled(n, self._rng)
            self._cards, self._deck, self._history = deck[:-1], deck[-1:], []
            events.append(Event("deal", {"hand": self._hand, "first_player": self.first_player}))
            for seat in range(n):
                events.append(Event("card", {"player": seat, "card": card_text(self._cards[seat])}, frozenset({seat})))

    # ------------------------------------------------------------------ views

    def _revealed(self) -> set[int]:
        """Seats whose current card everybody has seen: those shown at the showdown that ended the match."""
        if not self.is_over or self._last is None:
            return set()
        return {s for s, card in enumerate(self._last["cards"]) if card is not None}

    def view(self, player: int | None) -> View:
        """Beyond the common keys: `hand` (1-based) of `hands`, `first_player`, `ante`, `bet` (a bet's size),
        `cards` (per seat: the viewer's own card, and at the end the cards shown down; else null), `deck_size`,
        `history` (this hand's actions, pass / bet, from `first_player` on), `facing_bet` (the player to move
        answers a bet: pass folds, bet calls), `in_hand` (not folded), `stakes` (chips each seat has in the pot),
        `pot`, `chips` (the match's net chips per seat), `showdowns` (hands shown down so far) and `last_hand`
        (the last finished hand: cards shown, winner, whether it was shown down, pot and net chips per seat)."""
        n = self.num_players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"no seat {player!r} in a {n}-player game")
        stakes = self._stakes()
        return {
            "game": "kuhn",
            "config": self._config.to_dict(),
            "num_players": n,
            "player": player,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "hand": self._hand,
            "hands": self._config.hands,
            "first_player": self.first_player,
            "ante": ANTE,
            "bet": self._config.bet,
            "cards": [None if (c := self.known_card(s, player)) is None else card_text(c) for s in range(n)],
            "deck_size": len(self._deck),
            "history": [NAMES[a] for a in self._history],
            "facing_bet": not self.is_over and first_bet(self._history) is not None,
            "in_hand": self._in_hand(),
            "stakes": stakes,
            "pot": sum(stakes),
            "chips": list(self._chips),
            "showdowns": self._showdowns,
            "last_hand": _copy_last(self._last),
        }

    def full_view(self) -> View:
        view = self.view(None)
        view["cards"] = [card_text(c) for c in self._cards]
        view["deck"] = [card_text(c) for c in self._deck]
        return view

    def result(self) -> Result:
        if not self.is_over:
            raise GameNotOver(f"the match is in hand {self._hand} of {self._config.hands}")
        hands = self._config.hands
        return Result.from_keys(
            self._chips,
            [-c for c in self._chips],
            KuhnTermination.HANDS_PLAYED,
            details={"hands": hands, "showdowns": self._showdowns, "folds": hands - self._showdowns},
        )

    # ------------------------------------------------------------------ cards, copies, records

    def all_cards(self) -> list[int]:
        return self._cards + self._deck

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        """K-2: a seat knows its own card and, at the end, the cards shown down; every other card (the others'
        and the one left in the deck) could be any of the rest."""
        twin = self.clone()
        known = self._revealed() | ({player} if player is not None else set())
        places = [s for s in range(self.num_players) if s not in known]
        hidden = [self._cards[s] for s in places] + self._deck
        rng.shuffle(hidden)
        for s in places:
            twin._cards[s] = hidden.pop()
        twin._deck = hidden
        return twin

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin._config = self._config
        twin.num_players = self.num_players
        twin._hand = self._hand
        twin._cards = self._cards[:]
        twin._deck = self._deck[:]
        twin._history = self._history[:]
        twin._chips = self._chips[:]
        twin._showdowns = self._showdowns
        twin._last = self._last  # replaced, never changed, when a hand ends
        twin._rng = self._rng.clone()
        return twin

    def to_dict(self) -> JsonDict:
        return {
            "game": "kuhn",
            "config": self._config.to_dict(),
            "num_players": self.num_players,
            "hand": self._hand,
            "cards": self._cards[:],
            "deck": self._deck[:],
            "history": self._history[:],
            "chips": self._chips[:],
            "showdowns": self._showdowns,
            "last_hand": _copy_last(self._last),
            "rng": self._rng.get_state(),
        }

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        data = checks.mapping(data, "a kuhn state")
        if data.get("game") != "kuhn":
            raise RecordError("not a kuhn state (expected an object with game = 'kuhn')")
        config = KuhnConfig.from_stored(checks.mapping(data["config"], "config"))
        return cls(
            config,
            data["num_players"],
            hand=data["hand"],
            cards=data["cards"],
            deck=data["deck"],
            history=data["history"],
            chips=data["chips"],
            showdowns=data["showdowns"],
            last=data["last_hand"],
            rng=Rng.from_state(data["rng"]),
        )


def _shuffled(n: int, rng: Rng) -> list[int]:
    deck = list(range(n + 1))
    rng.shuffle(deck)
    return deck


def _checked_last(data: Any, n: int) -> JsonDict:
    last = checks.mapping(data, "last_hand")
    if set(last) != {"hand", "cards", "winner", "showdown", "pot", "net"}:
        raise RecordError("last_hand needs exactly: hand, cards, winner, showdown, pot, net")
    cards = checks.sequence(last["cards"], "last_hand.cards", n)
    for i, card in enumerate(cards):
        if card is not None:
            card_of(card, n + 1, f"last_hand.cards[{i}]")
    return {
        "hand": checks.integer(last["hand"], "last_hand.hand", 1),
        "cards": list(cards),
        "winner": checks.integer(last["winner"], "last_hand.winner", 0, n - 1),
        "showdown": checks.boolean(last["showdown"], "last_hand.showdown"),
        "pot": checks.integer(last["pot"], "last_hand.pot", n * ANTE),
        "net": checks.integers(last["net"], "last_hand.net", length=n),
    }


def _copy_last(last: JsonDict | None) -> JsonDict | None:
    return None if last is None else {**last, "cards": list(last["cards"]), "net": list(last["net"])}
