"""Six-card Golf's rounds on plain lists for the playout (`rollout.py` has the four-card ones and the reference
`finish_round`; the same rules, G-4, G-5, G-8, and policy, `playout._best_swap`)."""

from __future__ import annotations

from collections.abc import Sequence

from podium.games.golf.actions import DISCARD, DRAW, SWAP, TAKE, GolfAction
from podium.games.golf.bots.rollout import turn_ends
from podium.games.golf.rules import OWNER, PUBLIC, UNSEEN
from podium.games.golf.scoring import UNKNOWN, Pricer, hand_sum, round_scores
from podium.games.golf.state import GolfState

Slot6 = tuple[int, float, bool]


def _slots_six(hands: list[int], known: list[int], base: int, columns: Sequence[Sequence[float]]) -> list[Slot6]:
    """Per slot of the six-card hand at `base`, what `_best_swap` reads of it: (its column partner as its owner sees
    it — the card, or UNKNOWN face down —, the column's worth with the slot's own card as seen — `columns[card]
    [partner]` face up, `columns[UNKNOWN][partner]` face down —, whether the slot is face up)."""
    out = []
    for slot in range(6):
        i = base + slot
        j = base + (slot + 3) % 6
        partner = hands[j] if known[j] >= OWNER else UNKNOWN
        up = known[i] >= OWNER
        out.append((partner, columns[hands[i] if up else UNKNOWN][partner], up))
    return out


def _best_slot(
    mine: list[Slot6], placed: Sequence[float], unknown_margin: float, last_penalty: float
) -> tuple[float, int]:
    """`_best_swap`'s choice for a card whose column worths are `placed`: (the gain, the first slot with the most).
    A face-down slot costs `unknown_margin`, then `last_penalty` when it is the owner's last (the same floats, in the
    same order of operations, as `_best_swap`)."""
    gain, slot = -1e9, 0
    for k, (partner, worth, up) in enumerate(mine):
        if up:
            g = worth - placed[partner]
        else:
            g = worth - placed[partner] - unknown_margin
            if last_penalty:
                g -= last_penalty
        if g > gain:
            gain, slot = g, k
    return gain, slot


def finish_six(
    s: GolfState,
    price: Pricer,
    take_gain: float,
    unknown_margin: float,
    last_card: float,
    first: GolfAction | None = None,
) -> list[int]:
    """`finish_round` of six-card Golf (`flip_on_discard = no`, final turns) with the playout's `_best_swap` written
    inline: each seat's slots as `_slots_six` reads them, and its face-down count, are kept between turns; a swap
    reads again the slot and its column partner. The gains are the same floats as `_best_swap`'s, compared in the
    same slot order (tests/games/golf/test_golf_bots_rollout.py). `first`: the current player's move, played instead
    of the policy's (at a turn's start a draw or a take; with a card in hand a swap or the discard)."""
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
    columns = price.columns
    seats = [_slots_six(hands, known, b, columns) for b in range(0, 6 * n, 6)]
    hidden = [known[b : b + 6].count(UNSEEN) for b in range(0, 6 * n, 6)]
    ended = False
    card = s.drawn
    taken = s.taken
    kind = -1 if first is None else first.kind
    if kind == DRAW:  # G-4.1
        card = stock.pop()
        taken = False
        turns += 1
    elif kind == TAKE:
        card = discard.pop()
        taken = True
        turns += 1
    if card >= 0:  # a card in hand (the "drawn" phase; the turn counted in `turns`): the searched move or the policy's
        mine = seats[p]
        if kind == SWAP and first is not None:
            slot = first.slot
            place = True
        elif kind == DISCARD:
            slot = -1
            place = False
        else:
            last_unknown = closer is None and hidden[p] == 1
            gain, slot = _best_slot(mine, columns[card], unknown_margin, last_card if last_unknown else 0.0)
            place = gain > 0.0 or (taken and r.must_swap)
        if place:
            i = p * 6 + slot
            discard.append(hands[i])
            hands[i] = card
            if known[i] == UNSEEN:
                hidden[p] -= 1
            known[i] = PUBLIC  # G-8.2
            seats[p] = _slots_six(hands, known, p * 6, columns)
        else:
            discard.append(card)
        if closer is None and not hidden[p]:
            closer = p  # G-8.3
            left = n
        ended = turn_ends(stock, left, turns, cap)
        left = max(left - 1, 0)
        p = next_seat[p]
    while not ended:
        mine = seats[p]
        last_penalty = last_card if closer is None and hidden[p] == 1 else 0.0
        i = -1  # the place swapped into
        if discard:
            card = discard[-1]
            gain, slot = _best_slot(mine, columns[card], unknown_margin, last_penalty)
            if gain >= take_gain:
                i = p * 6 + slot
                discard[-1] = hands[i]  # G-4.1: take the top discard, swapped in at once (G-8.2: face up)
        if i < 0:
            card = stock.pop()
            gain, slot = _best_slot(mine, columns[card], unknown_margin, last_penalty)
            if gain > 0.0:
                i = p * 6 + slot
                discard.append(hands[i])
            else:
                discard.append(card)
        if i >= 0:  # the slot and its column partner read again
            hands[i] = card
            if known[i] == UNSEEN:
                hidden[p] -= 1
            known[i] = PUBLIC
            partner_slot = (slot + 3) % 6
            j = p * 6 + partner_slot
            if known[j] >= OWNER:
                mine[slot] = (hands[j], columns[card][hands[j]], True)
                mine[partner_slot] = (card, columns[hands[j]][card], True)
            else:
                mine[slot] = (UNKNOWN, columns[card][UNKNOWN], True)
                mine[partner_slot] = (card, columns[UNKNOWN][card], False)
        turns += 1
        if closer is None and not hidden[p]:
            closer = p  # G-8.3: all six face up; the others (and this turn) count down from here
            left = n
        # The engine's end of a turn: the stock ran out (G-5.2), the close's turns are done (G-8.3), or the round's
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
    sums = [hand_sum(hands[b : b + 6], r.values, True) for b in range(0, 6 * n, 6)]
    scores, _ = round_scores(sums, r.relative)
    return [t + sc for t, sc in zip(s.totals, scores, strict=True)]
