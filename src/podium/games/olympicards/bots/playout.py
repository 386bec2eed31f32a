"""Olympicards' fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): the start player accepts every sport card; a player plays their cheapest legal
play (lowest sum of values, then fewest cards), withdraws when they cannot play, when they are the last player left
(gold is theirs anyway; their cards are worth more later), or with a small probability otherwise (someone who sees
they are losing the race takes the cards). The playout stops when the current sport is over and scores
points + `OLY_CARD_VALUE` per card in hand with `win_chances` (spread `OLY_SPREAD` per sport still to play).

The playout plays on the sampled world's own storage (a sample is the playout's to use up): a play or a withdrawal
that does not end the sport is done there without the engine's checks and events, the same changes as `apply` makes;
the withdrawal that ends the sport goes through `apply`. The rewards are the same as through the engine
(tests/agents/test_olympicards_playout.py compares the two on thousands of sampled worlds; `through_engine=True`
plays every step through `apply`).

`prune` (at the root of a decision): the last player left in a sport (3+ players) has gold already; playing on only
spends cards, so without world records (option `world_record`, O-8) withdrawing is the one move searched.
"""

from __future__ import annotations

import math
from itertools import compress

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import Action, State, View
from podium.core.rng import Rng
from podium.games.olympicards.actions import ACCEPT, WITHDRAW, OlyAction, play_action
from podium.games.olympicards.cards import NO_CARD, NUM_KINDS, VALUE
from podium.games.olympicards.plays import legal_plays, single_kinds
from podium.games.olympicards.scoring import (
    AWARDS,
    MEDAL_POINTS,
    NO_MEDAL,
    TWO_PLAYER_AWARDS,
    TWO_PLAYER_WITHDRAWALS,
    WORLD_RECORD_POINTS,
    Award,
)
from podium.games.olympicards.state import DECIDE, OVER, PLAY, OlympicardsState

OLY_CARD_VALUE = 0.35
OLY_SPREAD = 2.5
OLY_GIVE_UP = 0.08
_PLAY_ON = OLY_GIVE_UP * (1 << 53)  # exact: rng.random() is (next_u64() >> 11) / 2**53


def _play_key(cards: tuple[int, ...]) -> int:
    return sum(VALUE[k] for k in cards) * 8 + len(cards)


class _PlayKeys(dict[tuple[int, ...], int]):
    """`_play_key` of each play met so far: `min(plays, key=_KEYS.__getitem__)` looks most of them up in C."""

    def __missing__(self, cards: tuple[int, ...]) -> int:
        key = self[cards] = _play_key(cards)
        return key


_KEY_OF = _PlayKeys().__getitem__


class OlympicardsPlayout(Playout):
    name = "fast"

    def __init__(self, through_engine: bool = False) -> None:
        self.sport = 0
        self.through_engine = through_engine

    def prepare(self, view: View) -> None:
        self.sport = len(view["sports_done"])

    def prune(self, view: View, legal: list[Action]) -> list[Action]:
        n = view["num_players"]
        if n > 2 and len(view["withdrawals"]) == n - 1 and not view["config"].get("world_record") and WITHDRAW in legal:
            return [WITHDRAW]
        return legal

    def play(self, world: State, action: Action, rng: Rng, keep: bool) -> list[float]:
        """A play or a withdrawal in the sport being searched is made on the storage too, as the first step of
        `_run_storage` (no engine step: its checks and events), with the same rewards
        (tests/agents/test_olympicards_playout.py)."""
        s = world
        if (
            not self.through_engine
            and action.__class__ is OlyAction
            and s.__class__ is OlympicardsState
            and s._phase is PLAY
            and len(s._done) == self.sport
            and (action is WITHDRAW or action.kind == "play")
        ):
            trial = s.clone() if keep else s
            return self._rewards(trial, self._run_storage(trial, rng, action))
        return super().play(world, action, rng, keep)

    def step(self, world: State, action: Action) -> list[float] | None:
        """A play, or a withdrawal that does not end the sport, made on the storage as `apply` makes it (its
        changes without its checks and events: tests/agents/test_olympicards_playout.py); anything else by `apply`."""
        s = world
        if action.__class__ is OlyAction and s.__class__ is OlympicardsState and s._phase is PLAY:
            p = s._order[s._pos]
            n = s.num_players
            two = n == 2
            index = len(s._withdrawals)
            if action is WITHDRAW:
                if index != (TWO_PLAYER_WITHDRAWALS - 1 if two else n - 1):
                    _withdraw(s, p, TWO_PLAYER_AWARDS[index] if two else AWARDS[n][index], two)
                    _advance(s, p)
                    return None
            elif action.kind == "play":
                cards = action.cards
                hand = s._hands[p]
                for k in cards:
                    hand[k] -= 1
                s._sizes[p] -= len(cards)
                s._plays[p].append(cards)
                s._last = cards
                s._last_player = p
                _advance(s, p)
                return None
        world.apply(action)
        return None

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, OlympicardsState)
        s = world
        left = None
        if self.through_engine:
            self._run_engine(s, rng)
        else:
            left = self._run_storage(s, rng)
        return self._rewards(s, left)

    def _rewards(self, s: OlympicardsState, left: int | None) -> list[float]:
        """The rewards once the sport is over: `left` sports left (None: read from the engine's state)."""
        if left is None:
            if s.phase is OVER:
                return rewards_of(s)
            left = s.sports_left
        if self.through_engine:
            values = [s.points(p) + OLY_CARD_VALUE * s.hand_size(p) for p in range(s.num_players)]
        else:  # `points` read from the storage: the same integers
            values = [
                g * _GOLD + sv * _SILVER + b * _BRONZE + _RECORD * len(r) + OLY_CARD_VALUE * size
                for (g, sv, b), r, size in zip(s._medals, s._records, s._sizes, strict=True)
            ]
        return win_chances(values, OLY_SPREAD * math.sqrt(left + 1), higher_is_better=True)

    def _run_engine(self, s: OlympicardsState, rng: Rng) -> None:
        """The rest of the sport, every step through `apply`."""
        start = self.sport
        n = s.num_players
        while True:
            phase = s.phase
            if phase is OVER or s.sports_played != start:
                break
            if phase is DECIDE:
                s.apply(ACCEPT)
                continue
            p = s.current_player
            assert p is not None
            if n > 2 and s.withdrawal_count == n - 1:
                s.apply(WITHDRAW)
                continue
            plays = s.legal_plays(p)
            if not plays or rng.random() < OLY_GIVE_UP:
                s.apply(WITHDRAW)
                continue
            s.apply(play_action(min(plays, key=_play_key)))

    def _run_storage(self, s: OlympicardsState, rng: Rng, first: OlyAction | None = None) -> int | None:
        """`_run_engine` on the state's storage: the same policy, the same generator calls, the same changes as
        `apply` (O-5 … O-8), without its checks and events. The sport's last withdrawal gives its medal here too,
        and then the sport cards left after the next one is turned are returned: what the estimate reads (points,
        cards in hand) is then as `apply` would leave it, whose end of the sport (the discard, the next sport card)
        is skipped. None: the state is the engine's (the sport was over already, or the game ends with it). `first`:
        the current player's move (a play or the withdrawal), made instead of the policy's."""
        phase = s._phase
        if phase is OVER or len(s._done) != self.sport:
            return None
        if phase is DECIDE:
            s.apply(ACCEPT)  # the sport starts (its first round, its target): the engine's part
        # Within the sport these lists stay the state's (only their items change) and the sport stays the same; the
        # loop ends with the sport.
        n = s.num_players
        two = n == 2
        awards = TWO_PLAYER_AWARDS if two else AWARDS[n]
        ending = TWO_PLAYER_WITHDRAWALS - 1 if two else n - 1  # the withdrawal index that ends the sport
        sport = s._set.sports[s._sport]
        single = sport.max_cards == 1
        flip = sport.flip
        hands = s._hands
        sizes = s._sizes
        own_plays = s._plays
        withdrawals = s._withdrawals
        draw = rng.next_u64  # `rng.random() >= OLY_GIVE_UP` is `draw() >> 11 >= _PLAY_ON` (a power-of-two scaling)
        # The round's order and position are kept here and written back before anything reads them from the state
        # (a new round, the withdrawal that ends the sport).
        order = s._order
        pos = s._pos
        while True:
            p = order[pos]
            index = len(withdrawals)
            hand = hands[p]
            own = own_plays[p]
            cards: tuple[int, ...] | None = None
            if first is not None:
                if first is not WITHDRAW:
                    cards = first.cards
                first = None
            elif not two and index == n - 1:
                s._pos = pos
                return _last_withdrawal(s, p, awards[index], two)
            elif single:
                kinds = single_kinds(sport, list(compress(_KINDS, hand)), own, s._last, s._target)
                if kinds and draw() >> 11 >= _PLAY_ON:
                    cards = (min(kinds, key=_VALUE_OF),)  # the first lowest, as min over the plays
            else:
                plays = legal_plays(sport, hand, own, s._last, s._target)
                if plays and draw() >> 11 >= _PLAY_ON:
                    cards = min(plays, key=_KEY_OF)
            if cards is None:  # withdraw (O-6, O-7)
                if index == ending:
                    s._pos = pos
                    return _last_withdrawal(s, p, awards[index], two)
                _withdraw(s, p, awards[index], two)
            else:  # play (O-5)
                for k in cards:
                    hand[k] -= 1
                sizes[p] -= len(cards)
                own.append(cards)
                s._last = cards
                s._last_player = p
            pos += 1
            if pos >= len(order):
                s._pos = pos
                _new_round(s, p, flip)
                order = s._order
                pos = 0


def _withdraw(s: OlympicardsState, p: int, award: Award, two: bool) -> None:
    """`_withdraw` without its events or the end of the sport: the award (O-6; two players O-7)."""
    s._withdrawals.append(p)
    if not two:
        s._out[p] = True
    if award.cards:
        _draw(s, p, award.cards)
    if award.start_card:
        s._start = p
    if two:
        s._give_medal(1 - p, award.medal, [])
    elif award.medal != NO_MEDAL:
        s._give_medal(p, award.medal, [])


def _last_withdrawal(s: OlympicardsState, p: int, award: Award, two: bool) -> int | None:
    """The withdrawal that ends the sport: through `apply` when the game ends with it (the final result needs the
    engine's end); else its award on the storage, and the sport cards left once the next one is turned."""
    if not s._pile:
        s.apply(WITHDRAW)
        return None
    _withdraw(s, p, award, two)
    return len(s._pile) - 1


def _draw(s: OlympicardsState, p: int, count: int) -> None:
    """`_draw_cards` without its events: up to `count` cards from the draw pile, reshuffling the discard (O-8)."""
    hand = s._hands[p]
    drawn = 0
    for _ in range(count):
        if not s._draw and not s._reshuffle([]):
            break
        hand[s._draw.pop()] += 1
        drawn += 1
    s._sizes[p] += drawn


def _advance(s: OlympicardsState, mover: int) -> None:
    """`_advance` without its events: the next in the round's order, or a new round."""
    s._pos += 1
    if s._pos >= len(s._order):
        _new_round(s, mover, s._set.sports[s._sport].flip)


def _new_round(s: OlympicardsState, last_mover: int, flip: bool) -> None:
    """`_new_round` after a move, without its events: the round's order, and the target of a flip sport (O-5)."""
    if s._target != NO_CARD:
        s._discard.append(s._target)
        s._target = NO_CARD
    n = s.num_players
    if n == 2:
        first = 1 - last_mover
        s._order = [first, last_mover]
    else:
        start = s._start
        out = s._out
        s._order = [(start + i) % n for i in range(n) if not out[(start + i) % n]]
    s._pos = 0
    s._round += 1
    if flip and (s._draw or s._reshuffle([])):
        s._target = s._draw.pop()


_VALUE_OF = VALUE.__getitem__
_KINDS = range(NUM_KINDS)  # `held_kinds`: list(compress(_KINDS, hand))
_GOLD, _SILVER, _BRONZE = MEDAL_POINTS
_RECORD = WORLD_RECORD_POINTS
