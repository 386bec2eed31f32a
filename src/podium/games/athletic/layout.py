"""The table layout as the no-repeat rule of table moves sees it (A-4.2 and the decision in state.py): a code per
pile, the layout keys of the layouts seen since the last placement, and the legal moves.

A pile's code is one integer, its cards in 6-bit digits (card + 1, so that 0 is "no card"), the top card lowest:
distinct piles have distinct codes, and moving a top card is a shift (`code >> CODE_BITS` takes it off,
`code << CODE_BITS | card + 1` puts it on). The state keeps the five codes up to date in `apply`, so the layout key of
a candidate move costs two shifts of the five codes instead of a tuple of every pile.
"""

from __future__ import annotations

from podium.core.contract import Action
from podium.core.errors import RecordError
from podium.games.athletic.actions import END_ACTION, AthleticAction, move_action
from podium.games.athletic.cards import NUM_PILES, PLACE

Layout = tuple[tuple[int, ...], ...]
LayoutKey = tuple[int, ...]
"""A table layout as the no-repeat rule compares it: one `pile_code` per pile."""

CODE_BITS = 6  # a card's code (card + 1, so that 0 means "no card") fits in 6 bits: 60 cards
CODE_MASK = (1 << CODE_BITS) - 1

# MOVES[a][b]: the interned action moving pile a's top card onto pile b (a == b holds `end`, never looked up).
MOVES: tuple[tuple[AthleticAction, ...], ...] = tuple(
    tuple(END_ACTION if a == b else move_action(a, b) for b in range(NUM_PILES)) for a in range(NUM_PILES)
)
_MOVE_AT = tuple(action for row in MOVES for action in row)  # MOVES[a][b] at a * NUM_PILES + b
_PAIR_AT = tuple(divmod(i, NUM_PILES) for i in range(NUM_PILES * NUM_PILES))  # (a, b) at a * NUM_PILES + b


def layout_key(piles: list[list[int]]) -> Layout:
    return tuple(tuple(p) for p in piles)


def pile_code(pile: list[int]) -> int:
    """A pile as one integer (see the module's docstring)."""
    code = 0
    for c in pile:
        code = code << CODE_BITS | (c + 1)
    return code


def moved_key(codes: list[int], a: int, b: int) -> LayoutKey:
    """The layout key after moving pile `a`'s top card onto pile `b` (`codes`: the piles' codes now)."""
    key = codes.copy()
    key[a] = codes[a] >> CODE_BITS
    key[b] = codes[b] << CODE_BITS | (codes[a] & CODE_MASK)
    return tuple(key)


def legal_moves(
    codes: list[int], seen: set[LayoutKey], tops: list[int], top_mask: int, place: tuple[int, ...]
) -> list[Action]:
    """The legal moves, in id order: a top card onto another pile's top it may go on (A-3, A-4.2), unless the layout
    it makes was seen since the last placement. `tops` are the piles' top cards (-1 for an empty slot), `top_mask`
    the same as a bit mask, `place` the `PLACE` table of the game's step rule."""
    # Pile by pile, the tops that may go on it (one AND), as `a * NUM_PILES + b`: sorted, that is the id order.
    pairs: list[int] = []
    where = tops.index
    for b in range(NUM_PILES):
        t = tops[b]
        if t >= 0:
            fits = place[t] & top_mask & ~(1 << t)
            while fits:
                low = fits & -fits
                pairs.append(where(low.bit_length() - 1) * NUM_PILES + b)
                fits ^= low
    if not pairs:
        return []
    pairs.sort()
    if len(seen) == 1:  # only the current layout seen: a move changes it, so none can repeat one
        return [_MOVE_AT[i] for i in pairs]
    out: list[Action] = []
    for i in pairs:
        a, b = _PAIR_AT[i]
        key = codes.copy()  # `moved_key`, inline: this loop runs in every position reached by moves
        key[a] = codes[a] >> CODE_BITS
        key[b] = codes[b] << CODE_BITS | (codes[a] & CODE_MASK)
        if tuple(key) not in seen:
            out.append(_MOVE_AT[i])
    return out


def replay_chain(
    piles: list[list[int]], codes: list[int], chain: list[tuple[int, int]], up_only: bool
) -> set[LayoutKey]:
    """The layouts seen since the last placement (`codes`: the piles' codes now), recovered by taking the chain of
    moves back from the current one; RecordError if the chain does not fit the piles."""
    seen = {tuple(codes)}
    if not chain:
        return seen
    work = [list(p) for p in piles]
    codes = codes[:]
    place = PLACE[up_only]
    for a, b in reversed(chain):
        legal = 0 <= a < NUM_PILES and 0 <= b < NUM_PILES and a != b and len(work[b]) >= 2
        if not (legal and place[work[b][-2]] >> work[b][-1] & 1):
            raise RecordError(f"the move chain {chain!r} does not fit the piles")
        card = work[b].pop()
        work[a].append(card)
        codes[b] >>= CODE_BITS
        codes[a] = codes[a] << CODE_BITS | (card + 1)
        seen.add(tuple(codes))
    if len(seen) != len(chain) + 1:
        raise RecordError(f"the move chain {chain!r} repeats a layout")
    return seen
