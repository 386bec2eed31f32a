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

import itertools
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Self

from podium.core.contract import Event, JsonDict, Result, State, View
from podium.core.errors import ConfigError, GameNotOver, IllegalAction, RecordError
from podium.core.rng import Rng
from podium.games.olympicards.actions import (
    ACCEPT,
    POSTPONE,
    WITHDRAW,
    OlyAction,
    play_action,
)
from podium.games.olympicards.cards import (
    COLOUR,
    NUM_KINDS,
    TEXT,
    VALUE,
    cards_of,
    full_deck,
)
from podium.games.olympicards.config import Config
from podium.games.olympicards.scoring import (
    AWARDS,
    GOLD,
    MEDAL_NAMES,
    NO_MEDAL,
    TWO_PLAYER_AWARDS,
    TWO_PLAYER_WITHDRAWALS,
    Award,
    award_text,
    points,
)
from podium.games.olympicards.sports import Sport, SportSet

if TYPE_CHECKING:
    from podium.core.contract import Action

DECIDE, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("decide", "play", "over")
HAND_SIZE = 6
NO_CARD = -1

Play = tuple[int, ...]


def measure(sport: Sport, cards: Play) -> int:
    if sport.measure == "sum":
        return sum(VALUE[k] for k in cards)
    if sport.measure == "count":
        return len(cards)
    return max(VALUE[k] for k in cards)


def shape_problem(sport: Sport, cards: Play) -> str | None:
    """Why `cards` do not have the sport's shape and size, or None."""
    if not sport.min_cards <= len(cards) <= sport.max_cards:
        if sport.min_cards == sport.max_cards:
            return f"{sport.name} needs exactly {sport.min_cards} card(s) per play"
        return f"{sport.name} needs {sport.min_cards} to {sport.max_cards} cards per play"
    if len(cards) == 1 or sport.shape == "any":
        return None
    if sport.shape == "one_colour":
        if len({COLOUR[k] for k in cards}) != 1:
            return "the cards must all be of one colour"
    elif sport.shape == "equal_values":
        if len({VALUE[k] for k in cards}) != 1:
            return "the cards must all have the same value"
    elif sport.shape == "different_colours":
        if len({COLOUR[k] for k in cards}) != len(cards):
            return "the cards must all be of different colours"
    elif sport.shape == "consecutive_values":
        values = sorted(VALUE[k] for k in cards)
        if any(b != a + 1 for a, b in itertools.pairwise(values)):
            return "the cards' values must form a run (e.g. 4 5 6)"
    return None


class OlympicardsState(State):
    __slots__ = (
        "_config",
        "_set",
        "discard",
        "done",
        "draw",
        "hands",
        "last",
        "last_player",
        "medals",
        "num_players",
        "order",
        "out",
        "phase",
        "pile",
        "pile_up",
        "plays",
        "pos",
        "postponed",
        "records",
        "rng",
        "round_no",
        "sizes",
        "sport",
        "sport_rounds",
        "start",
        "target",
        "withdrawals",
    )

    # ------------------------------------------------------------------ construction

    def __init__(self, config: Config, num_players: int, rng: Rng) -> None:
        """An empty table; use `new(...)` to deal a game."""
        self._config = config
        self._set: SportSet = config.sport_set
        self.num_players = num_players
        self.rng = rng
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(num_players)]
        self.sizes = [0] * num_players
        self.draw: list[int] = []  # top = last element
        self.discard: list[int] = []  # face up, in the order cards arrived
        self.pile: list[int] = []  # sport pile, top first (sport indices)
        self.pile_up: list[bool] = []  # face up (postponed) or not
        self.done: list[int] = []  # sports played, in order
        self.records: list[list[int]] = [[] for _ in range(num_players)]  # sport cards kept for world records
        self.medals: list[list[int]] = [[0, 0, 0] for _ in range(num_players)]  # gold, silver, bronze
        self.sport = -1
        self.phase = DECIDE
        self.start = 0
        self.round_no = 0
        self.order: list[int] = []
        self.pos = 0
        self.target = NO_CARD
        self.plays: list[list[Play]] = [[] for _ in range(num_players)]
        self.last: Play | None = None
        self.last_player = -1
        self.out = [False] * num_players
        self.withdrawals: list[int] = []
        self.sport_rounds: list[int] = []
        self.postponed = 0

    @classmethod
    def new(cls, config: Config, num_players: int, seed: int) -> OlympicardsState:
        if config.first_player is not None and config.first_player >= num_players:
            raise ConfigError(
                f"olympicards option 'first_player' is {config.first_player}, but seats are 0..{num_players - 1}"
            )
        state = cls(config, num_players, Rng(seed))
        deck = full_deck()
        state.rng.shuffle(deck)
        for p in range(num_players):  # O-2
            for _ in range(HAND_SIZE):
                state.hands[p][deck.pop()] += 1
            state.sizes[p] = HAND_SIZE
        state.draw = deck
        state.pile = list(range(len(state._set.sports)))
        state.rng.shuffle(state.pile)
        state.pile_up = [False] * len(state.pile)
        state.start = config.first_player or 0
        state._begin_sport([])
        return state

    # ------------------------------------------------------------------ contract basics

    @property
    def config(self) -> Config:
        return self._config

    @property
    def sport_set(self) -> SportSet:
        return self._set

    @property
    def current_sport(self) -> Sport | None:
        return self._set.sports[self.sport] if self.sport >= 0 else None

    @property
    def current_player(self) -> int | None:
        if self.phase == PLAY:
            return self.order[self.pos]
        if self.phase == DECIDE:
            return self.start
        return None

    def hand(self, player: int) -> list[int]:
        """The player's cards as a sorted list of kinds."""
        return cards_of(self.hands[player])

    def points(self, player: int) -> int:
        return points(self.medals[player], len(self.records[player]))

    def next_award(self) -> Award | None:
        """What the next player to withdraw gets (with two players: the withdrawer's cards and the other's medal)."""
        if self.phase != PLAY:
            return None
        table = TWO_PLAYER_AWARDS if self.num_players == 2 else AWARDS[self.num_players]
        return table[len(self.withdrawals)]

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            actions: list[Action] = [play_action(cards) for cards in self.legal_plays(self.order[self.pos])]
            actions.sort(key=_ACTION_ID)
            actions.insert(0, WITHDRAW)  # id 0: always legal (O-5)
            return actions
        if self.phase == DECIDE:
            return [ACCEPT, POSTPONE]
        return []

    def legal_plays(self, player: int) -> list[Play]:
        """Every distinct legal play of `player` in the current sport (sorted tuples of kinds), in no set order.

        The fast path of `play_problem`: candidates are generated by shape, then filtered by the progression and
        target rules with thresholds computed once (the tests check both paths agree)."""
        sport = self._set.sports[self.sport]
        counts = self.hands[player]
        present = [k for k in _KINDS if counts[k]]
        if not present:
            return []
        shape = sport.shape
        candidates: list[Play] = []
        for size in range(sport.min_cards, sport.max_cards + 1):
            if size == 1:
                candidates += [(k,) for k in present]
            elif shape == "one_colour" or shape == "equal_values":  # noqa: PLR1714  # one dict lookup fewer
                groups: dict[int, list[int]] = {}
                key = COLOUR if shape == "one_colour" else VALUE
                for k in present:
                    groups.setdefault(key[k], []).append(k)
                for group in groups.values():
                    if len(group) * 2 >= size:
                        candidates += _multisets(group, counts, size)
            elif shape == "any":
                candidates += _multisets(present, counts, size)
            else:
                candidates += [c for c in _multisets(present, counts, size) if shape_problem(sport, c) is None]
        progression = sport.progression
        if progression != "none":
            own = self.plays[player]
            before = self.last if progression in _AGAINST_LAST else (own[-1] if own else None)
            if before is not None:
                if progression == "lane_colour":
                    lane = COLOUR[own[0][0]]
                    candidates = [c for c in candidates if all(COLOUR[k] == lane for k in c)]
                elif progression == "different_colour_from_own_previous":
                    previous = {COLOUR[k] for k in before}
                    candidates = [c for c in candidates if not any(COLOUR[k] in previous for k in c)]
                else:
                    measure_of = _single_value if sport.max_cards == 1 else _MEASURES[sport.measure]
                    threshold = measure(sport, before)
                    if progression in _HIGHER:
                        candidates = [c for c in candidates if measure_of(c) > threshold]
                    else:
                        candidates = [c for c in candidates if measure_of(c) < threshold]
        target = self.target
        if sport.flip and target != NO_CARD:
            relation = sport.target_relation
            colour, value = COLOUR[target], VALUE[target]
            if relation == "higher" or relation == "lower":  # noqa: PLR1714
                measure_of = _single_value if sport.max_cards == 1 else _MEASURES[sport.measure]
                if relation == "higher":
                    candidates = [c for c in candidates if measure_of(c) > value]
                else:
                    candidates = [c for c in candidates if measure_of(c) < value]
            elif relation == "same_colour":
                candidates = [c for c in candidates if all(COLOUR[k] == colour for k in c)]
            elif relation == "same_value":
                candidates = [c for c in candidates if all(VALUE[k] == value for k in c)]
            else:
                candidates = [c for c in candidates if all(COLOUR[k] == colour or VALUE[k] == value for k in c)]
        return candidates

    def _rule_problem(self, player: int, sport: Sport, cards: Play) -> str | None:
        """Why a play of the right shape breaks the sport's progression or target rule, or None."""
        progression = sport.progression
        if progression != "none":
            own = self.plays[player]
            if progression in {"higher_than_last_any", "lower_than_last_any"}:
                before = self.last
            else:
                before = own[-1] if own else None
            if before is not None:
                if progression == "lane_colour":
                    lane = COLOUR[own[0][0]]
                    if any(COLOUR[k] != lane for k in cards):
                        return "every card must be of your lane colour (the colour of your first card)"
                elif progression == "different_colour_from_own_previous":
                    previous = {COLOUR[k] for k in before}
                    if any(COLOUR[k] in previous for k in cards):
                        return "the colour must differ from your own previous play"
                else:
                    mine, theirs = measure(sport, cards), measure(sport, before)
                    if progression.startswith("higher") and mine <= theirs:
                        return f"{sport.measure} {mine} is not higher than {theirs}"
                    if progression.startswith("lower") and mine >= theirs:
                        return f"{sport.measure} {mine} is not lower than {theirs}"
        if sport.flip and self.target != NO_CARD:
            target = self.target
            relation = sport.target_relation
            if relation == "higher":
                if measure(sport, cards) <= VALUE[target]:
                    return f"must be higher than the target {TEXT[target]}"
            elif relation == "lower":
                if measure(sport, cards) >= VALUE[target]:
                    return f"must be lower than the target {TEXT[target]}"
            else:
                colour, value = COLOUR[target], VALUE[target]
                for k in cards:
                    same_colour, same_value = COLOUR[k] == colour, VALUE[k] == value
                    if relation == "same_colour" and not same_colour:
                        return f"every card must have the colour of the target {TEXT[target]}"
                    if relation == "same_value" and not same_value:
                        return f"every card must have the value of the target {TEXT[target]}"
                    if not (same_colour or same_value):
                        return f"every card must match the target {TEXT[target]} in colour or value"
        return None

    def play_problem(self, player: int, cards: Play) -> str | None:
        """Why `player` may not play `cards` now, or None."""
        counts = self.hands[player]
        for k in set(cards):
            if cards.count(k) > counts[k]:
                return f"you do not hold {' '.join(TEXT[c] for c in cards)}"
        sport = self._set.sports[self.sport]
        return shape_problem(sport, cards) or self._rule_problem(player, sport, cards)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, OlyAction):
            raise IllegalAction(f"{action!r} is not an Olympicards action")
        if self.phase == OVER:
            raise IllegalAction("the game is over; no action is legal")
        if self.phase == DECIDE:
            if action is ACCEPT:
                return self._accept()
            if action is POSTPONE:
                return self._postpone()
            raise IllegalAction(
                f"{action.text()!r}: the start player first decides about the sport card"
                f" {self._set.sports[self.sport].name}; legal now: accept, postpone"
            )
        player = self.order[self.pos]
        if action is WITHDRAW:
            return self._withdraw(player)
        if action.kind != "play":
            raise IllegalAction(f"{action.text()!r}: the sport is being played; legal now: play CARDS, withdraw")
        problem = self.play_problem(player, action.cards)
        if problem is not None:
            legal = ", ".join(a.text() for a in self.legal_actions()[:12])
            raise IllegalAction(f"{action.text()!r}: {problem}; legal now: {legal}")
        return self._play(player, action.cards)

    def _accept(self) -> list[Event]:
        events = [Event("accept", {"player": self.start, "sport": self._set.sports[self.sport].name})]
        self._start_sport(self.sport, events)
        return events

    def _postpone(self) -> list[Event]:
        """O-4.2: the card goes face up under the pile and the next card must be played."""
        sport = self.sport
        self.pile.append(sport)
        self.pile_up.append(True)
        self.postponed += 1
        events = [Event("postpone", {"player": self.start, "sport": self._set.sports[sport].name})]
        nxt = self.pile.pop(0)
        self.pile_up.pop(0)
        events.append(Event("sport_turned", {"sport": self._set.sports[nxt].name, "decision": False}))
        self._start_sport(nxt, events)
        return events

    def _play(self, player: int, cards: Play) -> list[Event]:
        counts = self.hands[player]
        for k in cards:
            counts[k] -= 1
        self.sizes[player] -= len(cards)
        self.plays[player].append(cards)
        self.last = cards
        self.last_player = player
        events = [Event("play", {"player": player, "cards": [TEXT[k] for k in cards]})]
        self._advance(player, events)
        return events

    def _withdraw(self, player: int) -> list[Event]:
        n = self.num_players
        index = len(self.withdrawals)
        self.withdrawals.append(player)
        events: list[Event] = []
        if n == 2:  # O-7
            award = TWO_PLAYER_AWARDS[index]
            other = 1 - player
            events.append(Event("withdraw", {"player": player, "order": index + 1, "cards": award.cards}))
            self._draw(player, award.cards, events)
            if award.start_card:
                self.start = player
                events.append(Event("start_card", {"player": player}))
            self._give_medal(other, award.medal, events)
            if index + 1 == TWO_PLAYER_WITHDRAWALS:
                self._end_sport(events)
            else:
                self._advance(player, events)
            return events
        award = AWARDS[n][index]  # O-6
        self.out[player] = True
        events.append(Event("withdraw", {"player": player, "order": index + 1, "cards": award.cards}))
        self._draw(player, award.cards, events)
        if award.start_card:
            self.start = player
            events.append(Event("start_card", {"player": player}))
        if award.medal != NO_MEDAL:
            self._give_medal(player, award.medal, events)
        if index + 1 == n:
            self._end_sport(events)
        else:
            self._advance(player, events)
        return events

    def _give_medal(self, player: int, medal: int, events: list[Event]) -> None:
        self.medals[player][medal] += 1
        events.append(Event("medal", {"player": player, "medal": MEDAL_NAMES[medal]}))
        sport = self._set.sports[self.sport]
        if medal == GOLD and self._config.world_record and sport.star and self.sizes[player] == 0:  # O-8
            self.records[player].append(self.sport)
            events.append(Event("world_record", {"player": player, "sport": sport.name}))

    def _draw(self, player: int, count: int, events: list[Event]) -> None:
        drawn: list[int] = []
        for _ in range(count):
            if not self.draw and not self._reshuffle(events):
                break
            drawn.append(self.draw.pop())
        for k in drawn:
            self.hands[player][k] += 1
        self.sizes[player] += len(drawn)
        if count:
            events.append(Event("draw", {"player": player, "count": len(drawn)}))
            events.append(Event("drew", {"player": player, "cards": [TEXT[k] for k in drawn]}, frozenset((player,))))

    def _reshuffle(self, events: list[Event]) -> bool:
        """O-8: the discard becomes the new draw pile. False if there is nothing to shuffle."""
        if not self.discard:
            return False
        self.draw = self.discard
        self.discard = []
        self.rng.shuffle(self.draw)
        events.append(Event("reshuffle", {"cards": len(self.draw)}))
        return True

    def _advance(self, mover: int, events: list[Event]) -> None:
        self.pos += 1
        if self.pos >= len(self.order):
            self._new_round(mover, events)

    def _new_round(self, last_mover: int, events: list[Event]) -> None:
        if self.target != NO_CARD:
            self.discard.append(self.target)
            self.target = NO_CARD
        n = self.num_players
        if n == 2:
            first = self.start if last_mover < 0 else 1 - last_mover
            self.order = [first, 1 - first]
        else:
            self.order = [(self.start + i) % n for i in range(n) if not self.out[(self.start + i) % n]]
        self.pos = 0
        self.round_no += 1
        events.append(Event("round", {"round": self.round_no, "order": list(self.order)}))
        if self._set.sports[self.sport].flip:
            if self.draw or self._reshuffle(events):
                self.target = self.draw.pop()
            events.append(Event("target", {"card": TEXT[self.target] if self.target != NO_CARD else None}))

    def _begin_sport(self, events: list[Event]) -> None:
        """O-4: turn over the next sport card (or end the game after the ninth sport)."""
        if not self.pile:
            self.phase = OVER
            self.sport = -1
            self.order = []
            self.pos = 0
            events.append(Event("game_over", {"points": [self.points(p) for p in range(self.num_players)]}))
            return
        sport = self.pile.pop(0)
        face_up = self.pile_up.pop(0)
        decision = not face_up and bool(self.pile)
        events.append(Event("sport_turned", {"sport": self._set.sports[sport].name, "decision": decision}))
        if decision:
            self.sport = sport
            self.phase = DECIDE
        else:
            self._start_sport(sport, events)

    def _start_sport(self, sport: int, events: list[Event]) -> None:
        self.sport = sport
        self.phase = PLAY
        self.round_no = 0
        self.plays = [[] for _ in range(self.num_players)]
        self.last = None
        self.last_player = -1
        self.out = [False] * self.num_players
        self.withdrawals = []
        events.append(Event("sport", {"sport": self._set.sports[sport].name, "number": len(self.done) + 1}))
        self._new_round(-1, events)

    def _end_sport(self, events: list[Event]) -> None:
        for plays in self.plays:
            for cards in plays:
                self.discard.extend(cards)
        if self.target != NO_CARD:
            self.discard.append(self.target)
            self.target = NO_CARD
        self.done.append(self.sport)
        self.sport_rounds.append(self.round_no)
        events.append(
            Event(
                "sport_over",
                {
                    "sport": self._set.sports[self.sport].name,
                    "withdrawals": list(self.withdrawals),
                    "rounds": self.round_no,
                    "medals": self._sport_medals(),
                },
            )
        )
        self.plays = [[] for _ in range(self.num_players)]
        self.last = None
        self.last_player = -1
        self.out = [False] * self.num_players
        self.withdrawals = []
        self.order = []
        self.pos = 0
        self.round_no = 0
        self._begin_sport(events)

    def _sport_medals(self) -> dict[str, int]:
        """Medal name -> seat, for the sport that just ended."""
        out: dict[str, int] = {}
        if self.num_players == 2:
            for index, seat in enumerate(self.withdrawals):
                out[MEDAL_NAMES[TWO_PLAYER_AWARDS[index].medal]] = 1 - seat
        else:
            for index, seat in enumerate(self.withdrawals):
                medal = AWARDS[self.num_players][index].medal
                if medal != NO_MEDAL:
                    out[MEDAL_NAMES[medal]] = seat
        return out

    # ------------------------------------------------------------------ result

    def result(self) -> Result:
        if self.phase != OVER:
            raise GameNotOver("the game is not over: the result exists after the ninth sport")
        n = self.num_players
        scores = [self.points(p) for p in range(n)]
        keys = [(-scores[p], -self.sizes[p]) for p in range(n)]  # O-8: points, then cards in hand, then shared
        best = max(scores)
        top = [p for p in range(n) if scores[p] == best]
        if len(top) == 1:
            decided = "points"
        elif (
            len({self.sizes[p] for p in top}) > 1
            and sum(1 for p in top if self.sizes[p] == max(self.sizes[q] for q in top)) == 1
        ):
            decided = "cards_in_hand"
        else:
            decided = "shared"
        details: dict[str, Any] = {
            "sports_played": len(self.done),
            "world_records": sum(len(r) for r in self.records),
            "mean_sport_rounds": sum(self.sport_rounds) / len(self.sport_rounds) if self.sport_rounds else 0.0,
            "postponed": self.postponed,
            "decided_by": decided,
        }
        for p in range(n):
            for medal, name in enumerate(MEDAL_NAMES):
                details[f"{name}_{p}"] = self.medals[p][medal]
        return Result.from_keys(scores, keys, "nine_sports", details=details)

    def all_cards(self) -> list[int]:
        cards = list(self.draw) + list(self.discard)
        for counts in self.hands:
            cards.extend(cards_of(counts))
        for plays in self.plays:
            for play in plays:
                cards.extend(play)
        if self.target != NO_CARD:
            cards.append(self.target)
        return cards

    # ------------------------------------------------------------------ views

    def view(self, player: int | None) -> View:
        n = self.num_players
        sports = self._set.sports
        over = self.phase == OVER
        award = self.next_award()
        view: View = {
            "game": "olympicards",
            "config": self._config.to_dict(),
            "num_players": n,
            "player": player,
            "current_player": self.current_player,
            "is_over": over,
            "phase": PHASE_NAMES[self.phase],
            "sport_number": len(self.done) + (0 if over else 1),
            "sport": dict(sports[self.sport].to_json(), index=self.sport) if self.sport >= 0 else None,
            "round": self.round_no,
            "round_order": list(self.order),
            "turn": self.pos,
            "target": TEXT[self.target] if self.target != NO_CARD else None,
            "start_player": self.start,
            "sport_pile": [sports[s].name if up else None for s, up in zip(self.pile, self.pile_up, strict=True)],
            "sports_done": [sports[s].name for s in self.done],
            "sport_rounds": list(self.sport_rounds),
            "postponed": self.postponed,
            "hand": ([TEXT[k] for k in self.hand(player)] if player is not None else None),
            "hand_sizes": list(self.sizes),
            "plays": [[[TEXT[k] for k in play] for play in plays] for plays in self.plays],
            "last_play": [[TEXT[k] for k in plays[-1]] if plays else None for plays in self.plays],
            "last_any": (
                {"player": self.last_player, "cards": [TEXT[k] for k in self.last]} if self.last is not None else None
            ),
            "withdrawn": list(self.out),
            "withdrawals": list(self.withdrawals),
            "next_award": (
                {
                    "cards": award.cards,
                    "medal": MEDAL_NAMES[award.medal] if award.medal != NO_MEDAL else None,
                    "start_card": award.start_card,
                    "medal_to": "other" if n == 2 else "withdrawer",
                    "text": award_text(award, two_player=n == 2),
                }
                if award is not None
                else None
            ),
            "medals": [dict(zip(MEDAL_NAMES, m, strict=True)) for m in self.medals],
            "world_records": [[sports[s].name for s in r] for r in self.records],
            "points": [self.points(p) for p in range(n)],
            "discard": [TEXT[k] for k in self.discard],
            "draw_size": len(self.draw),
        }
        if over:  # the hands are shown at the end (they break ties, O-8)
            view["hands"] = [[TEXT[k] for k in self.hand(p)] for p in range(n)]
        return view

    def full_view(self) -> View:
        """The spectator's view with every card shown: all hands, the draw pile (top first) and the sport pile."""
        view = self.view(None)
        sports = self._set.sports
        view["hands"] = [[TEXT[k] for k in self.hand(p)] for p in range(self.num_players)]
        view["draw"] = [TEXT[k] for k in reversed(self.draw)]
        view["sport_pile_all"] = [sports[s].name for s in self.pile]
        return view

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        twin = self.clone()
        # Hidden: the draw pile's order, the other players' hands (before the end), the face-down sport cards.
        hidden = list(twin.draw)
        seats = [p for p in range(self.num_players) if p != player] if self.phase != OVER else []
        for p in seats:
            hidden.extend(cards_of(twin.hands[p]))
        rng.shuffle(hidden)
        for p in seats:
            counts = [0] * NUM_KINDS
            for _ in range(twin.sizes[p]):
                counts[hidden.pop()] += 1
            twin.hands[p] = counts
        twin.draw = hidden
        down = [i for i, up in enumerate(twin.pile_up) if not up]
        faces = [twin.pile[i] for i in down]
        rng.shuffle(faces)
        for i, s in zip(down, faces, strict=True):
            twin.pile[i] = s
        return twin

    # ------------------------------------------------------------------ copying and serialisation

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        twin._config = self._config
        twin._set = self._set
        twin.num_players = self.num_players
        twin.rng = self.rng.clone()
        twin.hands = [h[:] for h in self.hands]
        twin.sizes = self.sizes[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.pile = self.pile[:]
        twin.pile_up = self.pile_up[:]
        twin.done = self.done[:]
        twin.records = [r[:] for r in self.records]
        twin.medals = [m[:] for m in self.medals]
        twin.sport = self.sport
        twin.phase = self.phase
        twin.start = self.start
        twin.round_no = self.round_no
        twin.order = self.order[:]
        twin.pos = self.pos
        twin.target = self.target
        twin.plays = [p[:] for p in self.plays]  # plays are tuples: sharing them is safe
        twin.last = self.last
        twin.last_player = self.last_player
        twin.out = self.out[:]
        twin.withdrawals = self.withdrawals[:]
        twin.sport_rounds = self.sport_rounds[:]
        twin.postponed = self.postponed
        return twin

    def to_dict(self) -> JsonDict:
        return {
            "game": "olympicards",
            "config": self._config.to_dict(),
            "num_players": self.num_players,
            "rng": self.rng.get_state(),
            "hands": [cards_of(h) for h in self.hands],
            "draw": list(self.draw),
            "discard": list(self.discard),
            "pile": list(self.pile),
            "pile_up": list(self.pile_up),
            "done": list(self.done),
            "records": [list(r) for r in self.records],
            "medals": [list(m) for m in self.medals],
            "sport": self.sport,
            "phase": self.phase,
            "start": self.start,
            "round": self.round_no,
            "order": list(self.order),
            "pos": self.pos,
            "target": self.target,
            "plays": [[list(play) for play in plays] for plays in self.plays],
            "last": list(self.last) if self.last is not None else None,
            "last_player": self.last_player,
            "out": list(self.out),
            "withdrawals": list(self.withdrawals),
            "sport_rounds": list(self.sport_rounds),
            "postponed": self.postponed,
        }

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        if data.get("game") != "olympicards":
            raise RecordError('not an Olympicards state (missing "game": "olympicards")')
        config = Config.from_options(data["config"])
        n = _int(data["num_players"], 2, 7, "num_players")
        state = cls(config, n, Rng.from_state(data["rng"]))
        nsports = len(state._set.sports)
        hands = _seq(data["hands"], n, "hands")
        for p, cards in enumerate(hands):
            for k in cards:
                state.hands[p][_int(k, 0, NUM_KINDS - 1, "card")] += 1
            state.sizes[p] = len(cards)
        state.draw = [_int(k, 0, NUM_KINDS - 1, "card") for k in data["draw"]]
        state.discard = [_int(k, 0, NUM_KINDS - 1, "card") for k in data["discard"]]
        state.pile = [_int(s, 0, nsports - 1, "sport") for s in data["pile"]]
        state.pile_up = [bool(u) for u in _seq(data["pile_up"], len(state.pile), "pile_up")]
        state.done = [_int(s, 0, nsports - 1, "sport") for s in data["done"]]
        state.records = [[_int(s, 0, nsports - 1, "sport") for s in r] for r in _seq(data["records"], n, "records")]
        state.medals = [
            [_int(c, 0, 9, "medals") for c in _seq(m, 3, "medals")] for m in _seq(data["medals"], n, "medals")
        ]
        state.phase = _int(data["phase"], DECIDE, OVER, "phase")
        state.sport = _int(data["sport"], -1, nsports - 1, "sport")
        state.start = _int(data["start"], 0, n - 1, "start")
        state.round_no = _int(data["round"], 0, 10**6, "round")
        state.order = [_int(p, 0, n - 1, "order") for p in data["order"]]
        state.pos = _int(data["pos"], 0, max(len(state.order) - 1, 0), "pos")
        state.target = _int(data["target"], NO_CARD, NUM_KINDS - 1, "target")
        state.plays = [
            [tuple(_int(k, 0, NUM_KINDS - 1, "card") for k in play) for play in plays]
            for plays in _seq(data["plays"], n, "plays")
        ]
        state.last = (
            tuple(_int(k, 0, NUM_KINDS - 1, "card") for k in data["last"]) if data["last"] is not None else None
        )
        state.last_player = _int(data["last_player"], -1, n - 1, "last_player")
        state.out = [bool(o) for o in _seq(data["out"], n, "out")]
        state.withdrawals = [_int(p, 0, n - 1, "withdrawals") for p in data["withdrawals"]]
        state.sport_rounds = [_int(r, 0, 10**6, "sport_rounds") for r in data["sport_rounds"]]
        state.postponed = _int(data["postponed"], 0, 100, "postponed")
        if state.phase != OVER and (state.sport < 0 or (state.phase == PLAY and not state.order)):
            raise RecordError("not a valid Olympicards state: no sport in play")
        if sorted(state.all_cards()) != sorted(full_deck()):
            raise RecordError("not a valid Olympicards state: the cards are not the 90 performance cards")
        return state


_ACTION_ID = operator.attrgetter("_id")


def _multisets(kinds: list[int], counts: list[int], size: int) -> list[Play]:
    """Sorted tuples of `size` cards taken from `kinds` (ascending), each kind at most `counts[k]` times."""
    out: list[Play]
    if size == 1:
        return [(a,) for a in kinds]
    if size == 2:
        out = [(a, a) for a in kinds if counts[a] > 1]
        out += [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]]
        return out
    out = []
    for i, a in enumerate(kinds):
        rest = kinds[i + 1 :]
        if counts[a] > 1:
            out += [(a, a, *tail) for tail in _multisets(rest, counts, size - 2)]
        out += [(a, *tail) for tail in _multisets(rest, counts, size - 1)]
    return out


def _single_value(cards: Play) -> int:
    return VALUE[cards[0]]


_KINDS = range(NUM_KINDS)
_AGAINST_LAST = frozenset({"higher_than_last_any", "lower_than_last_any"})
_HIGHER = frozenset({"higher_than_last_any", "higher_than_own_previous"})
_MEASURES: dict[str, Callable[[Play], int]] = {
    "value": lambda cards: max([VALUE[k] for k in cards]),
    "sum": lambda cards: sum([VALUE[k] for k in cards]),
    "count": len,
}


def _int(value: Any, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RecordError(f"not a valid Olympicards state: {what} {value!r} is not an integer in {low}..{high}")
    return value


def _seq(value: Any, length: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise RecordError(f"not a valid Olympicards state: {what} must be a list of {length}")
    return value
