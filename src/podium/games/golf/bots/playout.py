"""Golf's fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): every player follows a cheap version of the heuristic bot's thresholds, using only what
that player could know in the sampled world (their own seen cards, public cards, the mean card value for the rest);
the playout stops at the end of the round being searched and scores the totals with `_win_chances`
(spread `GOLF_SPREAD` points per round still to play).
"""

from __future__ import annotations

import math

from podium.agents.playouts import Playout, _win_chances, rewards_of
from podium.core.contract import State, View
from podium.core.rng import Rng
from podium.games.golf.actions import DISCARD_ACTION, DRAW_ACTION, KNOCK_ACTION, PASS_ACTION, SWAPS, TAKE_ACTION
from podium.games.golf.cards import RANK_OF
from podium.games.golf.state import OWNER, P_DRAWN, P_KNOCK, P_START, PUBLIC, UNSEEN, GolfState

GOLF_SPREAD = 7.0
GOLF_KNOCK_MARGIN = 3.0
GOLF_UNKNOWN_MARGIN = 1.5


def _golf_estimate(s: GolfState, seat: int, viewer: int, mu: float) -> float:
    r = s._r
    slots = r.slots
    base = seat * slots
    hands = s._hands
    known = s._known
    values = r.values
    if not r.six:
        total = 0.0
        for i in range(base, base + slots):
            k = known[i]
            if k == PUBLIC or (k == OWNER and seat == viewer):
                total += values[hands[i]]
            else:
                total += mu
        return total
    total = 0.0
    for col in range(3):
        i, j = base + col, base + col + 3
        up_i, up_j = known[i] == PUBLIC, known[j] == PUBLIC
        if up_i and up_j:
            if RANK_OF[hands[i]] != RANK_OF[hands[j]]:
                total += values[hands[i]] + values[hands[j]]
        else:
            total += (values[hands[i]] if up_i else mu) + (values[hands[j]] if up_j else mu)
    return total


def _golf_best_swap(s: GolfState, p: int, card: int, mu: float) -> tuple[float, int]:
    r = s._r
    slots = r.slots
    base = p * slots
    hands = s._hands
    known = s._known
    values = r.values
    v = values[card]
    best_gain, best_slot = -1e9, 0
    if not r.six:
        for slot in range(slots):
            k = known[base + slot]
            gain = values[hands[base + slot]] - v if k != UNSEEN else mu - v - GOLF_UNKNOWN_MARGIN
            if gain > best_gain:
                best_gain, best_slot = gain, slot
        return best_gain, best_slot
    for slot in range(slots):
        i = base + slot
        partner = base + (slot + 3) % 6
        up = known[i] == PUBLIC
        old = values[hands[i]] if up else mu
        partner_up = known[partner] == PUBLIC
        pv = values[hands[partner]] if partner_up else mu
        paired = up and partner_up and RANK_OF[hands[i]] == RANK_OF[hands[partner]]
        before = 0.0 if paired else old + pv
        after = 0.0 if partner_up and RANK_OF[card] == RANK_OF[hands[partner]] else v + pv
        gain = before - after - (0.0 if up else GOLF_UNKNOWN_MARGIN)
        if not up and s._closer < 0 and known[base : base + 6].count(UNSEEN) == 1:
            gain -= 8.0  # turning the last card up ends the round: avoid it in playouts unless it is a big gain
        if gain > best_gain:
            best_gain, best_slot = gain, slot
    return best_gain, best_slot


class GolfPlayout(Playout):
    name = "fast"

    def __init__(self) -> None:
        self.round = 0
        self.mu = 0.0

    def prepare(self, view: View) -> None:
        self.round = view["round"]
        values = list(view["values"].values())
        self.mu = sum(values) / len(values)

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, GolfState)
        s = world
        mu = self.mu
        start_round = self.round
        r = s._r
        n = s.num_players
        while s._cur >= 0 and s._round == start_round:
            phase = s._phase
            p = s._cur
            if phase == P_START:
                if r.knock_instead and s._closer < 0:
                    mine = _golf_estimate(s, p, p, mu)
                    others = min(_golf_estimate(s, q, p, mu) for q in range(n) if q != p)
                    if mine + GOLF_KNOCK_MARGIN <= others:
                        s.apply(KNOCK_ACTION)
                        continue
                if s._discard:
                    gain, _ = _golf_best_swap(s, p, s._discard[-1], mu)
                    s.apply(TAKE_ACTION if gain >= 1.0 else DRAW_ACTION)
                else:
                    s.apply(DRAW_ACTION)
            elif phase == P_DRAWN:
                gain, slot = _golf_best_swap(s, p, s._drawn, mu)
                if gain > 0.0 or (s._taken and r.must_swap):
                    s.apply(SWAPS[slot])
                else:
                    s.apply(DISCARD_ACTION)
            elif phase == P_KNOCK:
                mine = _golf_estimate(s, p, p, mu)
                others = min(_golf_estimate(s, q, p, mu) for q in range(n) if q != p)
                s.apply(KNOCK_ACTION if mine + GOLF_KNOCK_MARGIN <= others else PASS_ACTION)
            else:
                legal = s.legal_actions()
                s.apply(PASS_ACTION if PASS_ACTION in legal else legal[rng.randbelow(len(legal))])
        if s._cur < 0:
            return rewards_of(s)
        left = r.rounds - s._round + 1
        return _win_chances([float(t) for t in s._totals], GOLF_SPREAD * math.sqrt(left), higher_is_better=False)
