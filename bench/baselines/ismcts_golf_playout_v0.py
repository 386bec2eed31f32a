"""FROZEN BASELINE (issue 13 target 6): a copy of the module of before the speed work, for bench/ismcts_speed.py. Do
not edit.

Golf's fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): every player follows a cheap version of the heuristic bot's thresholds (`tuning.py`), using
only what that player could know in the sampled world (`rules.visible_at`: their own seen cards and the public ones;
the mean card value for the rest), with the sums of the views and the heuristic (`scoring.Pricer`: `partial_sum`
precomputed per value table). The playout stops at the end of the round being searched and scores the totals with
`win_chances` (spread `GOLF_SPREAD` points per round still to play). It reads the sampled world through the
state's read-only accessors only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import State, View
from podium.core.rng import Rng
from podium.games.golf.actions import DISCARD_ACTION, DRAW_ACTION, KNOCK_ACTION, PASS_ACTION, SWAPS, TAKE_ACTION
from podium.games.golf.rules import MAX_PLAYERS, OWNER, UNSEEN, GolfPhase, visible_at
from podium.games.golf.scoring import UNKNOWN, Pricer
from podium.games.golf.state import GolfState
from podium.games.golf.view import as_golf_view, card_values_of

GOLF_SPREAD = 7.0
# bots/tuning.py of that day
KNOCK_MARGIN = 3.0
UNKNOWN_MARGIN = 1.5
TAKE_GAIN = 1.0
# Turning the last face-down card up ends the round: the playout avoids it unless the gain is big.
LAST_CARD_PENALTY = 8.0

_START, _DRAWN, _KNOCK = GolfPhase.START, GolfPhase.DRAWN, GolfPhase.KNOCK


# visible_at(p, q) for every pair of seats, looked up on every knock decision.
_SIGHT = tuple(tuple(visible_at(p, q) for q in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS))


def _should_knock(hands: Sequence[int], known: Sequence[int], n: int, p: int, price: Pricer) -> bool:
    """`p`'s expected sum is below every opponent's, as `p` sees the hands, by KNOCK_MARGIN (four-card)."""
    sight = _SIGHT[p]
    others = math.inf
    for q in range(n):
        if q != p:
            theirs = price.seat(hands, known, q * 4, sight[q])
            others = min(others, theirs)
    return price.seat(hands, known, p * 4, sight[p]) + KNOCK_MARGIN <= others


def _best_swap(
    hands: Sequence[int], known: Sequence[int], p: int, card: int, price: Pricer, closing: bool
) -> tuple[float, int]:
    """(gain in `p`'s expected sum, slot) of the best place for `card`, as `p` sees the hand (its own cards it has
    seen, `known` at least OWNER): read straight from the position's lists, as this runs on every step. `closing`:
    six-card, nobody has all cards face up yet."""
    best_gain, best_slot = -1e9, 0
    if not price.six:
        base = p * 4
        worth = price.cards
        v = worth[card]
        guess = worth[UNKNOWN]
        for slot in range(4):
            i = base + slot
            gain = worth[hands[i]] - v if known[i] >= OWNER else guess - v - UNKNOWN_MARGIN
            if gain > best_gain:
                best_gain, best_slot = gain, slot
        return best_gain, best_slot
    base = p * 6
    columns = price.columns
    placed = columns[card]
    unknown = columns[UNKNOWN]
    last_unknown = closing and known[base : base + 6].count(UNSEEN) == 1
    for slot in range(6):
        i = base + slot
        j = base + (slot + 3) % 6
        partner = hands[j] if known[j] >= OWNER else UNKNOWN
        if known[i] >= OWNER:
            gain = columns[hands[i]][partner] - placed[partner]
        else:
            gain = unknown[partner] - placed[partner] - UNKNOWN_MARGIN
            if last_unknown:
                gain -= LAST_CARD_PENALTY
        if gain > best_gain:
            best_gain, best_slot = gain, slot
    return best_gain, best_slot


class GolfPlayout(Playout):
    name = "fast"

    def __init__(self) -> None:
        self.round = 0
        self.price = Pricer((), False, 0.0)

    def prepare(self, view: View) -> None:
        golf = as_golf_view(view)
        self.round = golf["round"]
        ranks = list(golf["values"].values())
        self.price = Pricer(card_values_of(golf), golf["variant"] == "six", sum(ranks) / len(ranks))

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, GolfState)
        s = world
        price = self.price
        start_round = self.round
        r = s.rules
        n = s.num_players
        while (p := s.current_player) is not None and s.round == start_round:
            phase = s.phase
            if phase is _START:
                # A whole turn (G-4.1): the draw or take and then the swap or discard, decided on the same hand.
                hands, known = s.hands, s.known
                open_round = s.closer is None
                if r.knock_instead and open_round and _should_knock(hands, known, n, p, price):
                    s.apply(KNOCK_ACTION)
                    continue
                discard = s.discard
                if discard:
                    gain, slot = _best_swap(hands, known, p, discard[-1], price, open_round)
                    if gain >= TAKE_GAIN:
                        s.apply(TAKE_ACTION)
                        s.apply(SWAPS[slot])  # the card and the hand the take was weighed on
                        continue
                s.apply(DRAW_ACTION)
                gain, slot = _best_swap(s.hands, s.known, p, s.drawn, price, open_round)
                s.apply(SWAPS[slot] if gain > 0.0 else DISCARD_ACTION)
            elif phase is _DRAWN:
                gain, slot = _best_swap(s.hands, s.known, p, s.drawn, price, s.closer is None)
                if gain > 0.0 or (s.taken and r.must_swap):
                    s.apply(SWAPS[slot])
                else:
                    s.apply(DISCARD_ACTION)
            elif phase is _KNOCK:
                s.apply(KNOCK_ACTION if _should_knock(s.hands, s.known, n, p, price) else PASS_ACTION)
            else:
                legal = s.legal_actions()
                s.apply(PASS_ACTION if PASS_ACTION in legal else legal[rng.randbelow(len(legal))])
        if p is None:  # the game is over
            return rewards_of(s)
        left = r.rounds - s.round + 1
        return win_chances([float(t) for t in s.totals], GOLF_SPREAD * math.sqrt(left), higher_is_better=False)
