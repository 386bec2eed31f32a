"""The rest of a Golf round played by the `fast` playout's policy on plain lists, without the engine (issue 13, 6).

Why. A playout plays the rest of the round being searched, tens of turns, for every ISMCTS iteration. Through the
engine each step builds events, walks the phase machine and, at the round's end, deals the next round, none of which
the playout reads. Here the same turns are played on copies of the sampled world's lists, by the same rules (G-4, G-5,
G-8) and the same policy (`playout.GolfPlayout`), and the round's scores are added to the totals as the engine would
(`scoring.hand_sum`, `scoring.round_scores`). Only the common variants are played here — four-card with
`knock = instead`, six-card with `flip_on_discard = no` — and only from the start of a turn; anything else is played
through the engine. The playout's result is the same either way: tests/games/golf/test_golf_bots_rollout.py compares
the two on thousands of sampled worlds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from podium.games.golf.rules import OWNER, PUBLIC, UNSEEN, Rules
from podium.games.golf.scoring import Pricer, hand_sum, round_scores
from podium.games.golf.state import GolfState

BestSwap = Callable[[Sequence[int], Sequence[int], int, int, Pricer, bool], tuple[float, int]]
ShouldKnock = Callable[[Sequence[int], Sequence[int], int, int, Pricer], bool]


def fits(r: Rules) -> bool:
    """Whether `finish_round` plays this variant (else the engine does)."""
    if r.six:
        return r.flip_mode == 0 and r.final_turns
    return r.knock_instead


def finish_round(
    s: GolfState,
    price: Pricer,
    best_swap: BestSwap,
    should_knock: ShouldKnock,
    take_gain: float,
) -> list[int]:
    """The totals after the round under way, played from the start of the current player's turn (`s` is left as it
    was). `best_swap` and `should_knock` are the playout's policy."""
    r = s.rules
    n = s.num_players
    six = r.six
    slots = r.slots
    hands = list(s.hands)
    known = list(s.known)
    stock = list(s.stock)
    discard = list(s.discard)
    closer = s.closer
    left = s.final_turns_left
    turns = s.turns
    cap = turns - s.round_turns + r.turn_limit
    next_seat = r.next_seat
    p = s.current_player
    assert p is not None
    placed_known = PUBLIC if six else OWNER
    while True:
        open_round = closer is None
        if not six and open_round and should_knock(hands, known, n, p, price):
            # G-4.2: knock instead of drawing; every other player has one more turn (G-5.1).
            turns += 1
            closer = p
            left = n
        else:
            card = -1
            slot = -1
            if discard:
                gain, slot = best_swap(hands, known, p, discard[-1], price, open_round)
                if gain >= take_gain:
                    card = discard.pop()  # G-4.1: take the top discard, swapped in at once (everybody saw it)
                    i = p * slots + slot
                    discard.append(hands[i])
                    hands[i] = card
                    known[i] = PUBLIC
            if card < 0:
                card = stock.pop()
                gain, slot = best_swap(hands, known, p, card, price, open_round)
                if gain > 0.0:
                    i = p * slots + slot
                    discard.append(hands[i])
                    hands[i] = card
                    known[i] = placed_known
                else:
                    discard.append(card)
            turns += 1
            if six and closer is None and UNSEEN not in known[p * 6 : p * 6 + 6]:
                closer = p  # G-8.3: all six face up; the others (and this turn) count down from here
                left = n
        # The engine's end of a turn: the stock ran out (G-5.2), the close's turns are done (G-5.1, G-8.3), or the
        # round's turn limit (G-5.3).
        if not stock:
            break
        if left:
            left -= 1
            if not left:
                break
        if turns >= cap:
            break
        p = next_seat[p]
    sums = [hand_sum(hands[q * slots : q * slots + slots], r.values, six) for q in range(n)]
    scores, _ = round_scores(sums, r.relative)
    return [t + sc for t, sc in zip(s.totals, scores, strict=True)]
