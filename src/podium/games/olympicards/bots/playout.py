"""Olympicards' fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): the start player accepts every sport card; a player plays their cheapest legal
play (lowest sum of values, then fewest cards), withdraws when they cannot play, when they are the last player left
(gold is theirs anyway; their cards are worth more later), or with a small probability otherwise (someone who sees
they are losing the race takes the cards). The playout stops when the current sport is over and scores
points + `OLY_CARD_VALUE` per card in hand with `win_chances` (spread `OLY_SPREAD` per sport still to play).

The playout steps the sampled world's engine (`state.step`: the rules without checks or events) and reads it through
its accessors; the search's walk and its first move are the framework's (`Playout.step`, `Playout.play`).

`prune` (at the root of a decision): the last player left in a sport (3+ players) has gold already; playing on only
spends cards, so without world records (option `world_record`, O-8) withdrawing is the one move searched.
"""

from __future__ import annotations

import math

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import Action, State, View
from podium.core.rng import Rng
from podium.games.olympicards.actions import ACCEPT, WITHDRAW, play_action
from podium.games.olympicards.cards import VALUE
from podium.games.olympicards.state import DECIDE, OVER, OlympicardsState

OLY_CARD_VALUE = 0.35
OLY_SPREAD = 2.5
OLY_GIVE_UP = 0.08
_PLAY_ON = OLY_GIVE_UP * (1 << 53)  # exact: rng.random() is (next_u64() >> 11) / 2**53


def _play_key(cards: tuple[int, ...]) -> int:
    return sum(VALUE[k] for k in cards) * 8 + len(cards)


class _PlayKeys(dict[tuple[int, ...], int]):
    """`_play_key` of each play met so far: `min(plays, key=_KEY_OF)` looks most of them up in C."""

    def __missing__(self, cards: tuple[int, ...]) -> int:
        key = self[cards] = _play_key(cards)
        return key


_KEY_OF = _PlayKeys().__getitem__


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

    def run(self, world: State, rng: Rng) -> list[float]:
        """The rest of the sport being searched, then the estimate (the game's result if it ended)."""
        assert isinstance(world, OlympicardsState)
        s = world
        start = self.sport
        n = s.num_players
        last = n - 1 if n > 2 else -1  # with 3+ players, the withdrawals after which one player is left
        draw = rng.next_u64  # `rng.random() < OLY_GIVE_UP` is `draw() >> 11 < _PLAY_ON` (a power-of-two scaling)
        step = s.step
        while True:
            phase = s.phase
            if phase is OVER:
                return rewards_of(s)
            if s.sports_played != start:
                break
            if phase is DECIDE:
                step(ACCEPT)
                continue
            # Only a withdrawal ends a sport or changes who is left: the plays before it need no other question.
            if s.withdrawal_count != last:
                while True:
                    plays = s.current_plays()
                    if not plays or draw() >> 11 < _PLAY_ON:
                        break
                    step(play_action(min(plays, key=_KEY_OF)))
            step(WITHDRAW)
        values = [s.points(p) + OLY_CARD_VALUE * s.hand_size(p) for p in range(n)]
        return win_chances(values, OLY_SPREAD * math.sqrt(s.sports_left + 1), higher_is_better=True)
