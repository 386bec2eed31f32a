"""Olympicards' fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): the start player accepts every sport card; a player plays their cheapest legal
play (lowest sum of values, then fewest cards), withdraws when they cannot play, when they are the last player left
(gold is theirs anyway; their cards are worth more later), or with a small probability otherwise (someone who sees
they are losing the race takes the cards). The playout stops when the current sport is over and scores
points + `OLY_CARD_VALUE` per card in hand with `win_chances` (spread `OLY_SPREAD` per sport still to play).

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


def _play_key(cards: tuple[int, ...]) -> int:
    return sum(VALUE[k] for k in cards) * 8 + len(cards)


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
        assert isinstance(world, OlympicardsState)
        s = world
        start = self.sport
        n = s.num_players
        while True:
            phase = s.phase  # read once a step: the accessors are properties, and this loop is the search's hot path
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
        if s.phase is OVER:
            return rewards_of(s)
        left = s.sports_left
        values = [s.points(p) + OLY_CARD_VALUE * s.hand_size(p) for p in range(n)]
        return win_chances(values, OLY_SPREAD * math.sqrt(left + 1), higher_is_better=True)
