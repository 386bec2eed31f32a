"""Olympicards' playouts for ISMCTS (see `podium.agents.playouts`): `fast` and `stamina`.

`fast` (the default): the start player accepts every sport card; a player plays their cheapest legal
play (lowest sum of values, then fewest cards), withdraws when they cannot play, when they are the last player left
(gold is theirs anyway; their cards are worth more later), or with a small probability otherwise (someone who sees
they are losing the race takes the cards). The playout stops when the current sport is over and scores
points + `OLY_CARD_VALUE` per card in hand with `win_chances` (spread `OLY_SPREAD` per sport still to play).

`stamina` (`hard`'s): the players race as the heuristic bot (`medium`) does, with its judgement (`bots/stamina.py`):
each fights on while the medal its stamina wins against the others' is worth the cards, and withdraws otherwise. It
scores the end of the sport as `fast` does, a card kept worth `STAMINA_CARD_VALUE`.

The playout steps the sampled world's engine (`state.step`: the rules without checks or events) and reads it through
its accessors; the search's walk and its first move are the framework's (`Playout.step`, `Playout.play`).

`prune` (at the root of a decision): the last player left in a sport (3+ players) has gold already; playing on only
spends cards, so without world records (option `world_record`, O-8) withdrawing is the one move searched.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import Action, State, View
from podium.core.rng import Rng
from podium.games.olympicards.actions import ACCEPT, WITHDRAW, play_action
from podium.games.olympicards.bots.stamina import CARD_VALUE, chain, cheapest_key, fight_value
from podium.games.olympicards.cards import NUM_KINDS
from podium.games.olympicards.sports import Sport
from podium.games.olympicards.state import DECIDE, OVER, OlympicardsState

OLY_CARD_VALUE = 0.35
OLY_SPREAD = 2.5
# `stamina`'s worth of a card kept at the end of the sport searched, in points (docs/bots.md, issue 31: 0.35 to 1.0
# tried on the tuning deals; 0.7 to 0.8 won most, 0.9 and more made the search hoard cards and give up every medal).
# Twice `fast`'s: when the others race as `medium` does, the cards a player keeps are what wins the races to come.
STAMINA_CARD_VALUE = 0.75
OLY_GIVE_UP = 0.08
_PLAY_ON = OLY_GIVE_UP * (1 << 53)  # exact: rng.random() is (next_u64() >> 11) / 2**53


class OlympicardsPlayout(Playout):
    name = "fast"

    def __init__(self) -> None:
        self.sport = 0

    def prepare(self, view: View) -> None:
        self.sport = len(view["sports_done"])

    def prune(self, view: View, legal: list[Action]) -> list[Action]:
        n = view["num_players"]
        if n > 2 and len(view["withdrawals"]) == n - 1 and not view["config"].get("world_record") and WITHDRAW in legal:
            return [WITHDRAW]
        return legal

    # The worth of a card kept in hand at the end of the sport searched, in points (`estimate`).
    card_value = OLY_CARD_VALUE

    def run(self, world: State, rng: Rng) -> list[float]:
        """The rest of the sport being searched, its plays by the playout's `racer`, then the estimate (the game's
        result if it ended)."""
        assert isinstance(world, OlympicardsState)
        s = world
        start = self.sport
        step = s.step
        race = self.racer(s, rng)
        while True:
            phase = s.phase
            if phase is OVER:
                return rewards_of(s)
            if s.sports_played != start:
                break
            if phase is DECIDE:
                step(ACCEPT)
                continue
            race()
        return estimate(s, self.card_value)

    def racer(self, s: OlympicardsState, rng: Rng) -> Callable[[], None]:
        """The players' policy in the plays of the sport under way in `s`: each call makes the move of the player
        to move, or more (`fast`: the plays up to the next withdrawal, and the withdrawal)."""
        last = s.num_players - 1 if s.num_players > 2 else -1  # 3+ players: the withdrawals that leave one player
        draw = rng.next_u64  # `rng.random() < OLY_GIVE_UP` is `draw() >> 11 < _PLAY_ON` (a power-of-two scaling)
        step = s.step

        def race() -> None:
            # Only a withdrawal ends a sport or changes who is left: the plays before it need no other question.
            if s.withdrawal_count != last:
                while True:
                    plays = s.current_plays()
                    if not plays or draw() >> 11 < _PLAY_ON:
                        break
                    step(play_action(min(plays, key=cheapest_key)))
            step(WITHDRAW)

        return race


def estimate(s: OlympicardsState, card_value: float) -> list[float]:
    """The chances of winning after the sport searched: points and cards in hand (`card_value` points each), with
    the spread of the sports left."""
    values = [s.points(p) + card_value * s.hand_size(p) for p in range(s.num_players)]
    return win_chances(values, OLY_SPREAD * math.sqrt(s.sports_left + 1), higher_is_better=True)


class OlympicardsStaminaPlayout(OlympicardsPlayout):
    """`stamina`: the players of the playout race as the heuristic bot does. When the playout reaches the sport's
    plays, each player still in measures the stamina of their hand (`stamina.chain`); at each turn a player fights
    on (their cheapest play) while `stamina.fight_value` says the place their stamina wins among the others' is worth
    more than the cards of withdrawing now (a card worth the heuristic's `CARD_VALUE`: the players are modelled on
    `medium`), and withdraws otherwise. `fast`'s fixed chance of giving up lets players fight for medals out of reach
    and give up ones within it, which `medium` does not.

    The heuristic measures its rivals on hands dealt from the cards it has not seen; here each player reads the
    others' hands of the sampled world, one sample of the same question (and a chain per player, not per sample:
    the cost of a playout stays a few times `fast`'s). A flip sport's later targets are any kind, drawn from `rng`."""

    name = "stamina"
    card_value = STAMINA_CARD_VALUE

    def racer(self, s: OlympicardsState, rng: Rng) -> Callable[[], None]:
        n = s.num_players
        last = n - 1 if n > 2 else -1
        step = s.step
        stamina: list[int] = []  # each seat's, measured at the playout's first turn in the sport's plays
        min_cards = 1

        def race() -> None:
            nonlocal min_cards
            if not stamina:
                sport = s.current_sport
                assert sport is not None
                min_cards = sport.min_cards
                stamina.extend(_staminas(s, sport, rng))
            index = s.withdrawal_count
            if index != last:
                plays = s.current_plays()
                if plays:
                    p = s.round_order[s.turn]
                    out = s.withdrawn
                    rivals = [stamina[q] for q in range(n) if q != p and not out[q]]
                    if fight_value(n, index, stamina[p], (rivals,), min_cards, CARD_VALUE) > 0.0:
                        step(play_action(min(plays, key=cheapest_key)))
                        if stamina[p]:  # plays left; a hand that outlasts its estimate (a lucky target) has none
                            stamina[p] -= 1
                        return
            step(WITHDRAW)

        return race


def _staminas(s: OlympicardsState, sport: Sport, rng: Rng) -> list[int]:
    """Each seat's stamina in the current sport from its hand and its plays so far (0 for a seat that is out)."""
    plays = s.seat_plays
    last = s.last_play
    target = s.target
    out = s.withdrawn
    deal = (lambda: rng.randbelow(NUM_KINDS)) if sport.flip else None
    return [
        0 if out[p] else chain(sport, s.hand_counts(p), plays[p], last, target, deal)[0] for p in range(s.num_players)
    ]
