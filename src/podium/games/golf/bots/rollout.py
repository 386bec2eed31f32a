"""The rest of a Golf round played by the `fast` playout's policy on plain lists, without the engine (issue 13, 6).

Why. A playout plays the rest of the round being searched, tens of turns, for every ISMCTS iteration. Through the
engine each step builds events, walks the phase machine and, at the round's end, deals the next round, none of which
the playout reads. Here the same turns are played on copies of the sampled world's lists, by the same rules (G-4, G-5,
G-8) and the same policy (`playout.GolfPlayout`), and the round's scores are added to the totals as the engine would
(`scoring.hand_sum`, `scoring.round_scores`). Only the common variants are played here — four-card with
`knock = instead`, six-card with `flip_on_discard = no` — and only from the start of a turn or with a card in hand;
anything else is played through the engine. The playout's result is the same either way:
tests/games/golf/test_golf_bots_rollout.py compares the two on thousands of sampled worlds.

`finish_round` plays with the policy's own functions (`playout._best_swap`, `playout._should_knock`); the playout runs
`finish_four` and `rollout_six.finish_six`, the same policy written inline per variant, with what each decision reads
of a seat (its estimated sums, its best known card, each slot's column) kept between turns and made again only when
that seat's hand changes: 2.8x fewer instructions a four-card round, 1.9x a six-card one. The tests check them
against `finish_round`, decision for decision (the same totals from thousands of sampled worlds).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from podium.games.golf.actions import DISCARD, DRAW, KNOCK, SWAP, TAKE, GolfAction
from podium.games.golf.rules import OWNER, PUBLIC, UNSEEN, Rules
from podium.games.golf.scoring import UNKNOWN, Pricer, hand_sum, round_scores
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


class FourCardPolicy:
    """The playout's four-card policy (`playout._should_knock`, `playout._best_swap`, the take threshold) as
    `finish_four` reads it, made once per decision: the worth of each card (UNKNOWN last: the guess) and what a card
    gains put in place of a card its owner has not seen, `guess - worth - unknown_margin` (the same floats as
    `_best_swap` computes)."""

    __slots__ = ("guess", "knock_lead", "take_gain", "unseen_gain", "worth")

    def __init__(self, price: Pricer, knock_lead: float, take_gain: float, unknown_margin: float) -> None:
        self.worth = price.cards
        self.guess = guess = price.cards[UNKNOWN]
        self.unseen_gain = tuple(guess - v - unknown_margin for v in price.cards)
        self.knock_lead = knock_lead
        self.take_gain = take_gain


Seat = tuple[float, float, float, int, int]


def _seat_four(hands: list[int], known: list[int], base: int, worth: Sequence[float], guess: float) -> Seat:
    """What the four-card policy reads of the hand at `base`: (its estimated sum as its owner sees it, as the others
    see it — each summed in slot order from 0.0, as `Pricer.seat` does, so the same floats —, the highest worth among
    the cards its owner knows and its first slot (-1: none), the first slot its owner has not seen (-1: none))."""
    k0, k1, k2, k3 = known[base : base + 4]
    c0, c1, c2, c3 = hands[base : base + 4]
    top = 0.0
    top_slot = blind = -1
    if k0 >= OWNER:
        a0 = top = worth[c0]
        top_slot = 0
    else:
        a0 = guess
        blind = 0
    if k1 >= OWNER:
        a1 = worth[c1]
        if top_slot < 0 or a1 > top:
            top, top_slot = a1, 1
    else:
        a1 = guess
        if blind < 0:
            blind = 1
    if k2 >= OWNER:
        a2 = worth[c2]
        if top_slot < 0 or a2 > top:
            top, top_slot = a2, 2
    else:
        a2 = guess
        if blind < 0:
            blind = 2
    if k3 >= OWNER:
        a3 = worth[c3]
        if top_slot < 0 or a3 > top:
            top, top_slot = a3, 3
    else:
        a3 = guess
        if blind < 0:
            blind = 3
    pub = 0.0 + (a0 if k0 >= PUBLIC else guess)
    pub += a1 if k1 >= PUBLIC else guess
    pub += a2 if k2 >= PUBLIC else guess
    pub += a3 if k3 >= PUBLIC else guess
    return 0.0 + a0 + a1 + a2 + a3, pub, top, top_slot, blind


def finish_four(s: GolfState, policy: FourCardPolicy, first: GolfAction | None = None) -> list[int]:
    """`finish_round` of four-card Golf (`knock = instead`) with the playout's policy written inline (the same
    decisions as `playout._should_knock` and `playout._best_swap`; tests/games/golf/test_golf_bots_rollout.py).

    What each decision reads is kept per seat and priced again only when that seat's hand changes (a swap, on its own
    turn; `_seat_four`): the seat's estimated sum as its owner sees it and as the others see it, its best known card
    and its first card it has not seen. A card's best place is the better of those two (the first slot on ties): every
    unseen slot gains the same, and known slots gain in the order of their worth (integer values: exact), so the
    four-slot scan of `_best_swap` is two comparisons, written out at each of its three uses (a function for it made
    a round 12% slower, measured against this one in the same run). `first`: the current player's move, played
    instead of the policy's (at a turn's start a draw, a take or a knock; with a card in hand a swap or the discard)."""
    r = s.rules
    n = s.num_players
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
    worth = policy.worth
    guess = policy.guess
    unseen_gain = policy.unseen_gain
    knock_lead = policy.knock_lead
    take_gain = policy.take_gain
    if n == 2:  # the comprehension written out: no frame of its own, once a playout
        seats = [_seat_four(hands, known, 0, worth, guess), _seat_four(hands, known, 4, worth, guess)]
    else:
        seats = [_seat_four(hands, known, b, worth, guess) for b in range(0, 4 * n, 4)]
    two = n == 2
    ended = False
    card = s.drawn
    taken = s.taken
    kind = -1 if first is None else first.kind
    if kind == KNOCK:  # the searched move: G-4.2, every other player has one more turn (G-5.1)
        turns += 1
        closer = p
        ended = turn_ends(stock, n, turns, cap)
        left = n - 1
        p = next_seat[p]
    else:
        if kind == DRAW:  # G-4.1
            card = stock.pop()
            taken = False
            turns += 1
        elif kind == TAKE:
            card = discard.pop()
            taken = True
            turns += 1
        if (
            card >= 0
        ):  # a card in hand (the "drawn" phase; the turn counted in `turns`): the searched move or the policy's
            _, _, top, top_slot, blind = seats[p]
            if kind == SWAP and first is not None:
                slot = first.slot
                place = True
            elif kind == DISCARD:
                slot = -1
                place = False
            else:
                if blind < 0:
                    gain = top - worth[card]
                    slot = top_slot
                elif top_slot < 0:
                    gain = unseen_gain[card]
                    slot = blind
                else:
                    gain = top - worth[card]
                    slot = top_slot
                    g = unseen_gain[card]
                    if g > gain or (g == gain and blind < slot):
                        gain, slot = g, blind
                place = gain > 0.0 or (taken and r.must_swap)
            if place:
                i = 4 * p + slot
                discard.append(hands[i])
                hands[i] = card
                known[i] = PUBLIC if taken else OWNER
                seats[p] = _seat_four(hands, known, 4 * p, worth, guess)
            else:
                discard.append(card)
            ended = turn_ends(stock, left, turns, cap)
            left = max(left - 1, 0)
            p = next_seat[p]
    while not ended:
        own, _, top, top_slot, blind = seats[p]
        if closer is None:
            # `_should_knock`: the estimated sum is `knock_lead` below every opponent's, as `p` sees them.
            if two:
                others = seats[1 - p][1]
            else:
                others = math.inf
                for q in range(n):
                    if q != p:
                        others = min(others, seats[q][1])
            if own + knock_lead <= others:
                # G-4.2: knock instead of drawing; every other player has one more turn (G-5.1).
                turns += 1
                closer = p
                left = n - 1  # this turn counted
                if not stock or turns >= cap:
                    break
                p = next_seat[p]
                continue
        # `_best_swap` of the top discard (taken when it gains `take_gain`), else of a card drawn from the stock.
        if discard:
            card = discard[-1]
            if blind < 0:
                gain = top - worth[card]
                slot = top_slot
            elif top_slot < 0:
                gain = unseen_gain[card]
                slot = blind
            else:
                gain = top - worth[card]
                slot = top_slot
                g = unseen_gain[card]
                if g > gain or (g == gain and blind < slot):
                    gain, slot = g, blind
            if gain >= take_gain:
                i = 4 * p + slot
                discard[-1] = hands[i]  # G-4.1: take the top discard, swapped in at once (everybody saw it)
                hands[i] = card
                known[i] = PUBLIC
                seats[p] = _seat_four(hands, known, 4 * p, worth, guess)
                drawing = False
            else:
                drawing = True
        else:
            drawing = True
        if drawing:
            card = stock.pop()
            if blind < 0:
                gain = top - worth[card]
                slot = top_slot
            elif top_slot < 0:
                gain = unseen_gain[card]
                slot = blind
            else:
                gain = top - worth[card]
                slot = top_slot
                g = unseen_gain[card]
                if g > gain or (g == gain and blind < slot):
                    gain, slot = g, blind
            if gain > 0.0:
                i = 4 * p + slot
                discard.append(hands[i])
                hands[i] = card
                known[i] = OWNER
                seats[p] = _seat_four(hands, known, 4 * p, worth, guess)
            else:
                discard.append(card)
        turns += 1
        # The engine's end of a turn: the stock ran out (G-5.2), the knock's turns are done (G-5.1), or the round's
        # turn limit (G-5.3).
        if not stock:
            break
        if left:
            left -= 1
            if not left:
                break
        if turns >= cap:
            break
        p = next_seat[p]
    values = r.values
    sums = [
        values[hands[b]] + values[hands[b + 1]] + values[hands[b + 2]] + values[hands[b + 3]]
        for b in range(0, 4 * n, 4)
    ]
    best = min(sums)
    if r.relative:
        return [t + x - best for t, x in zip(s.totals, sums, strict=True)]
    return [t + x for t, x in zip(s.totals, sums, strict=True)]


def turn_ends(stock: Sequence[int], left: int, turns: int, cap: int) -> bool:
    """Whether the round ends with the turn just played: the stock ran out (G-5.2), the close's turns are done (G-5.1,
    G-8.3: `left` counts this one), or the round's turn limit (G-5.3), as the engine's end of a turn checks."""
    return not stock or left == 1 or turns >= cap
