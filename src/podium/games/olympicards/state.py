"""The rules of Olympicards (O-1 … O-9, rules.md) as a `State`.

Decisions where the rules (rules.md) leave the engine a choice (also in `rules_summary`):

- Sport pile (O-4): an ordered list, top first. A postponed card goes face up to the bottom. A face-down card that is
  turned over gives the start player a decision (`accept` / `postpone`) unless it is the last card of the pile
  (postponing it would turn it over again). A face-up card on top is played without a decision.
- Rounds (O-5): a round's order is fixed when it begins: the players still in the sport, clockwise, starting with the
  start player (the holder of the start player card), or the first player still in after them if they have withdrawn.
  With two players (O-7) the players alternate strictly: a new round starts with the player who did not move last, so
  a withdrawer never moves twice in a row.
- Two players: a withdrawal does not clear the withdrawer's earlier plays; "your own previous play" still means them.
- Targets (O-5): turned at the start of each round of a `flip` sport; the target goes to the discard when the round
  ends. If neither the draw pile nor the discard has a card, the round has no target and the target relation is waived.
- Played cards lie in front of their players until the sport ends, then go to the discard (O-8); drawing from an empty
  draw pile shuffles the discard into a new draw pile; if that is not enough, the player takes what there is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self, cast

from podium.core.contract import Event, Result, State
from podium.core.errors import ConfigError, GameNotOver, IllegalAction
from podium.core.rng import Rng
from podium.games.olympicards.actions import ACCEPT, POSTPONE, WITHDRAW, OlyAction, play_action, play_actions
from podium.games.olympicards.cards import NO_CARD, NUM_KINDS, TEXT, cards_of, counts_of, full_deck
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.plays import Play, held_kinds, single_kinds
from podium.games.olympicards.plays import legal_plays as _legal_plays
from podium.games.olympicards.plays import play_problem as _play_problem
from podium.games.olympicards.records import OlympicardsRecords
from podium.games.olympicards.scoring import (
    GOLD,
    MEDAL_NAMES,
    NO_MEDAL,
    Award,
    award,
    final_result,
    medallist,
    sport_medals,
    withdrawals_per_sport,
)
from podium.games.olympicards.views import OlympicardsViews

if TYPE_CHECKING:
    from podium.core.contract import Action

DECIDE, PLAY, OVER = OlympicardsPhase.DECIDE, OlympicardsPhase.PLAY, OlympicardsPhase.OVER
HAND_SIZE = 6


class OlympicardsState(OlympicardsViews, OlympicardsRecords, State, game="podium.games.olympicards.game:GAME"):
    """An Olympicards game: the table (table.py), its views (views.py) and records (records.py), and the rules that
    change it."""

    __slots__ = ()

    @classmethod
    def new(cls, config: Config, num_players: int, seed: int) -> OlympicardsState:
        """A new game: shuffled cards, six to each player (O-2), the sport pile shuffled and its first card turned."""
        if config.first_player is not None and config.first_player >= num_players:
            raise ConfigError(
                f"olympicards option 'first_player' is {config.first_player}, but seats are 0..{num_players - 1}"
            )
        rng = Rng(seed)
        deck = full_deck()
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(num_players)]  # O-2
        pile = list(range(len(config.sport_set.sports)))
        rng.shuffle(pile)
        state = cls.from_parts(
            config,
            num_players,
            rng,
            hands=hands,
            draw=deck,
            discard=[],
            pile=pile,
            pile_up=[False] * len(pile),
            done=[],
            records=[[] for _ in range(num_players)],
            medals=[[0, 0, 0] for _ in range(num_players)],
            phase=DECIDE,
            sport=-1,
            start=config.first_player or 0,
            round_no=0,
            order=[],
            pos=0,
            target=NO_CARD,
            plays=[[] for _ in range(num_players)],
            last=None,
            last_player=-1,
            out=[False] * num_players,
            withdrawals=[],
            sport_rounds=[],
            postponed=0,
        )
        state._begin_sport(None)  # a new deal has no events: apply's are the game's
        return state

    def next_award(self) -> Award | None:
        """What the next player to withdraw gets (with two players: the withdrawer's cards and the other's medal)."""
        if self._phase is not PLAY:
            return None
        return award(self.num_players, len(self._withdrawals))

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self._phase is PLAY:
            player = self._order[self._pos]
            sport = self._set.sports[self._sport]
            hand = self._hands[player]
            actions: list[Action] = [WITHDRAW]  # id 0: always legal (O-5)
            if sport.max_cards == 1:  # one-card plays come in kind order, which is id order
                kinds = single_kinds(sport, held_kinds(hand), self._plays[player], self._last, self._target)
                actions += [_SINGLE_PLAYS[k] for k in kinds]
                return actions
            actions += play_actions(_legal_plays(sport, hand, self._plays[player], self._last, self._target))
            return actions
        if self._phase is DECIDE:
            return [ACCEPT, POSTPONE]
        return []

    def legal_plays(self, player: int) -> list[Play]:
        """Every distinct legal play of `player` in the current sport (sorted tuples of kinds), in no set order."""
        return _legal_plays(
            self._set.sports[self._sport], self._hands[player], self._plays[player], self._last, self._target
        )

    def current_plays(self) -> list[Play]:
        """`legal_plays` of the player to move, during a sport (the playouts' question, asked once a step)."""
        player = self._order[self._pos]
        sport = self._set.sports[self._sport]
        if sport.max_cards == 1:  # `legal_plays`' own first branch, one call less
            kinds = single_kinds(sport, held_kinds(self._hands[player]), self._plays[player], self._last, self._target)
            return [_SINGLES[k] for k in kinds]
        return _legal_plays(sport, self._hands[player], self._plays[player], self._last, self._target)

    def play_problem(self, player: int, cards: Play) -> str | None:
        """Why `player` may not play `cards` now, or None."""
        return _play_problem(
            self._set.sports[self._sport], self._hands[player], self._plays[player], self._last, self._target, cards
        )

    # ------------------------------------------------------------------ apply and step

    def apply(self, action: Action) -> list[Event]:
        """The checks (nothing changes when one fails), then the rules of `step`, which write their events."""
        if not isinstance(action, OlyAction):
            raise IllegalAction(f"{action!r} is not an Olympicards action")
        if self._phase is OVER:
            raise IllegalAction("the game is over; no action is legal")
        if self._phase is DECIDE:
            if action is not ACCEPT and action is not POSTPONE:
                raise IllegalAction(
                    f"{action.text()!r}: the start player first decides about the sport card"
                    f" {self._set.sports[self._sport].name}; legal now: accept, postpone"
                )
        elif action is not WITHDRAW:
            if action.kind != "play":
                raise IllegalAction(f"{action.text()!r}: the sport is being played; legal now: play CARDS, withdraw")
            problem = self.play_problem(self._order[self._pos], action.cards)
            if problem is not None:
                legal = ", ".join(a.text() for a in self.legal_actions()[:12])
                raise IllegalAction(f"{action.text()!r}: {problem}; legal now: {legal}")
        events: list[Event] = []
        self._move(action, events)
        return events

    def step(self, action: Action) -> None:
        if self._phase is PLAY and action.kind == "play":  # type: ignore[attr-defined]  # most steps: one call less
            self._play(self._order[self._pos], action.cards, None)  # type: ignore[attr-defined]
        else:
            self._move(cast(OlyAction, action), None)

    # The rules. Each takes `events`, the list `apply` returns, or None for `step` (which builds no events); every
    # event is written where its change is made, so that the two cannot drift apart.

    def _move(self, action: OlyAction, events: list[Event] | None) -> None:
        """O-4.2, O-5: the action of the player to move (legal: `apply` has checked it, `step`'s caller knows)."""
        if self._phase is PLAY:
            if action.kind == "play":
                self._play(self._order[self._pos], action.cards, events)
            else:
                self._withdraw(self._order[self._pos], events)
        elif action.kind == "accept":
            if events is not None:
                events.append(Event("accept", {"player": self._start, "sport": self._set.sports[self._sport].name}))
            self._start_sport(self._sport, events)
        else:
            self._postpone(events)

    def _postpone(self, events: list[Event] | None) -> None:
        """O-4.2: the card goes face up under the pile and the next card must be played."""
        sport = self._sport
        self._pile.append(sport)
        self._pile_up.append(True)
        self._postponed += 1
        nxt = self._pile.pop(0)
        self._pile_up.pop(0)
        if events is not None:
            events.append(Event("postpone", {"player": self._start, "sport": self._set.sports[sport].name}))
            events.append(Event("sport_turned", {"sport": self._set.sports[nxt].name, "decision": False}))
        self._start_sport(nxt, events)

    def _play(self, player: int, cards: Play, events: list[Event] | None) -> None:
        """O-5.1: the cards go from the hand to the table in front of the player."""
        counts = self._hands[player]
        for k in cards:
            counts[k] -= 1
        self._sizes[player] -= len(cards)
        self._plays[player].append(cards)
        self._last = cards
        self._last_player = player
        if events is not None:
            events.append(Event("play", {"player": player, "cards": [TEXT[k] for k in cards]}))
        self._advance(player, events)

    def _withdraw(self, player: int, events: list[Event] | None) -> None:
        """O-5.2, O-6, O-7: the withdrawer takes their award at once; the last withdrawal ends the sport."""
        n = self.num_players
        index = len(self._withdrawals)
        self._withdrawals.append(player)
        prize = award(n, index)
        if n != 2:  # O-7: with two players nobody leaves the sport
            self._out[player] = True
        if events is not None:
            events.append(Event("withdraw", {"player": player, "order": index + 1, "cards": prize.cards}))
        self._draw_cards(player, prize.cards, events)
        if prize.start_card:
            self._start = player
            if events is not None:
                events.append(Event("start_card", {"player": player}))
        if prize.medal != NO_MEDAL:
            self._give_medal(medallist(n, player), prize.medal, events)
        if index + 1 == withdrawals_per_sport(n):
            self._end_sport(events)
        else:
            self._advance(player, events)

    def _give_medal(self, player: int, medal: int, events: list[Event] | None) -> None:
        """O-6, O-7, and O-8's world record: gold in a starred sport with an empty hand keeps the sport card."""
        self._medals[player][medal] += 1
        sport = self._set.sports[self._sport]
        record = medal == GOLD and self._config.world_record and sport.star and self._sizes[player] == 0
        if record:
            self._records[player].append(self._sport)
        if events is not None:
            events.append(Event("medal", {"player": player, "medal": MEDAL_NAMES[medal]}))
            if record:
                events.append(Event("world_record", {"player": player, "sport": sport.name}))

    def _draw_cards(self, player: int, count: int, events: list[Event] | None) -> None:
        """O-6, O-7, O-8: up to `count` cards from the draw pile, which the discard refills when it runs out."""
        if not count:  # the last withdrawals' awards: no cards, no events
            return
        drawn: list[int] = []
        for _ in range(count):
            if not self._draw and not self._reshuffle(events):
                break
            drawn.append(self._draw.pop())
        hand = self._hands[player]
        for k in drawn:
            hand[k] += 1
        self._sizes[player] += len(drawn)
        if events is not None:
            events.append(Event("draw", {"player": player, "count": len(drawn)}))
            events.append(Event("drew", {"player": player, "cards": [TEXT[k] for k in drawn]}, frozenset((player,))))

    def _reshuffle(self, events: list[Event] | None) -> bool:
        """O-8: the discard becomes the new draw pile. False if there is nothing to shuffle."""
        if not self._discard:
            return False
        self._draw = self._discard
        self._discard = []
        self._rng.shuffle(self._draw)
        if events is not None:
            events.append(Event("reshuffle", {"cards": len(self._draw)}))
        return True

    def _advance(self, mover: int, events: list[Event] | None) -> None:
        """O-5: the next player of the round, or a new round."""
        self._pos += 1
        if self._pos >= len(self._order):
            self._new_round(mover, events)

    def _new_round(self, last_mover: int, events: list[Event] | None) -> None:
        """O-5 (O-7 with two players): the round's order, and the target of a flip sport; the last target is
        discarded."""
        if self._target != NO_CARD:
            self._discard.append(self._target)
            self._target = NO_CARD
        n = self.num_players
        if n == 2:
            first = self._start if last_mover < 0 else 1 - last_mover
            self._order = [first, 1 - first]
        else:
            start, out = self._start, self._out
            self._order = [(start + i) % n for i in range(n) if not out[(start + i) % n]]
        self._pos = 0
        self._round += 1
        if events is not None:
            events.append(Event("round", {"round": self._round, "order": list(self._order)}))
        if self._set.sports[self._sport].flip:
            if self._draw or self._reshuffle(events):
                self._target = self._draw.pop()
            if events is not None:
                events.append(Event("target", {"card": TEXT[self._target] if self._target != NO_CARD else None}))

    def _begin_sport(self, events: list[Event] | None) -> None:
        """O-3, O-4: turn over the next sport card, which the start player may postpone unless it was postponed before
        (O-4.1; postponed cards come back in order, O-4.3), or end the game after the ninth sport."""
        if not self._pile:
            self._phase = OVER
            self._sport = -1
            self._order = []
            self._pos = 0
            if events is not None:
                events.append(Event("game_over", {"points": [self.points(p) for p in range(self.num_players)]}))
            return
        sport = self._pile.pop(0)
        face_up = self._pile_up.pop(0)
        decision = not face_up and bool(self._pile)
        if events is not None:
            events.append(Event("sport_turned", {"sport": self._set.sports[sport].name, "decision": decision}))
        if decision:
            self._sport = sport
            self._phase = DECIDE
        else:
            self._start_sport(sport, events)

    def _start_sport(self, sport: int, events: list[Event] | None) -> None:
        """O-4, O-5: the sport is played from its first round."""
        self._sport = sport
        self._phase = PLAY
        self._round = 0
        self._clear_sport()
        if events is not None:
            events.append(Event("sport", {"sport": self._set.sports[sport].name, "number": len(self._done) + 1}))
        self._new_round(-1, events)

    def _end_sport(self, events: list[Event] | None) -> None:
        """O-6, O-8: the played cards and the target go to the discard; the next sport card is turned."""
        for plays in self._plays:
            for cards in plays:
                self._discard.extend(cards)
        if self._target != NO_CARD:
            self._discard.append(self._target)
            self._target = NO_CARD
        self._done.append(self._sport)
        self._sport_rounds.append(self._round)
        if events is not None:
            events.append(
                Event(
                    "sport_over",
                    {
                        "sport": self._set.sports[self._sport].name,
                        "withdrawals": list(self._withdrawals),
                        "rounds": self._round,
                        "medals": sport_medals(self.num_players, self._withdrawals),
                    },
                )
            )
        self._clear_sport()
        self._order = []
        self._pos = 0
        self._round = 0
        self._begin_sport(events)

    def _clear_sport(self) -> None:
        """Nothing played and nobody withdrawn: the table between two sports."""
        self._plays = [[] for _ in range(self.num_players)]
        self._last = None
        self._last_player = -1
        self._out = [False] * self.num_players
        self._withdrawals = []

    # ------------------------------------------------------------------ result

    def result(self) -> Result:
        if self._phase is not OVER:
            raise GameNotOver("the game is not over: the result exists after the ninth sport")
        return final_result(self._medals, self._records, self._sizes, self._sport_rounds, self._postponed)

    def all_cards(self) -> list[int]:
        cards = list(self._draw) + list(self._discard)
        for counts in self._hands:
            cards.extend(cards_of(counts))
        for plays in self._plays:
            for play in plays:
                cards.extend(play)
        if self._target != NO_CARD:
            cards.append(self._target)
        return cards

    # ------------------------------------------------------------------ hidden information

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        twin = self.clone()
        twin._shuffle_hidden(player, rng)
        return twin

    def deal_unseen(
        self, rng: Rng, cards: list[int], seats: list[tuple[int, int]], face_down: list[int], sports: list[int]
    ) -> None:
        """Deal what a determinizer's world does not know (`Olympicards.determinizer`): a new generator drawn from
        `rng`, then `cards` shuffled and dealt to `seats` ((seat, hand size) pairs, in order; the rest is the draw
        pile) and the `sports` shuffled onto the sport pile's `face_down` places."""
        self._rng = Rng(rng.next_u64())  # drawn first: the samples of a seeded search stay as they were
        pool = cards[:]
        rng.shuffle(pool)
        hands = self._hands
        sizes = self._sizes
        dealt = 0
        for p, size in seats:
            hands[p] = counts_of(pool[dealt : dealt + size])
            sizes[p] = size
            dealt += size
        self._draw = pool[dealt:] if dealt else pool
        if face_down:
            faces = sports[:]
            rng.shuffle(faces)
            pile = self._pile
            for i in face_down:
                pile[i] = faces.pop()

    def _shuffle_hidden(self, player: int | None, rng: Rng) -> None:
        # Hidden: the draw pile's order, the other players' hands (before the end), the face-down sport cards.
        hidden = list(self._draw)
        seats = [p for p in range(self.num_players) if p != player] if self._phase is not OVER else []
        for p in seats:
            hidden.extend(cards_of(self._hands[p]))
        rng.shuffle(hidden)
        for p in seats:
            counts = [0] * NUM_KINDS
            for _ in range(self._sizes[p]):
                counts[hidden.pop()] += 1
            self._hands[p] = counts
        self._draw = hidden
        down = [i for i, up in enumerate(self._pile_up) if not up]
        faces = [self._pile[i] for i in down]
        rng.shuffle(faces)
        for i, s in zip(down, faces, strict=True):
            self._pile[i] = s


_SINGLES: tuple[Play, ...] = tuple((k,) for k in range(NUM_KINDS))  # the one-card plays by kind
_SINGLE_PLAYS = tuple(map(play_action, _SINGLES))  # and their actions
