"""What one seat may know (G-7), as `podium.rl`'s Golf encoder writes it (`podium.games.golf.encoding`, documented
in docs/rl.md), element for element: the same layout, the same one-hots, the same float32 numbers (those the
encoder computes in double precision are read from `params.Tables`). Seats are relative: the viewer first.

Built from dense comparisons (no scatter, and seats rotated by a small one-hot matrix rather than an index that
differs between games), as the step is: see engine.py. A one-hot is written as "the places that hold a 1" compared
with the columns, ored: the whole head (before the discard pile) is one such comparison, a hand slot's 20 floats
another. Writing each one-hot apart (and a card's rank from a table) made XLA run a loop per piece and copy each
into the concatenation; a reduction (`any`) over the places is its own loop too, whose result is converted and
copied again. A card's rank and suit are `card >> 2` and `card & 3` (cards.py)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from podium.games.golf.jax.engine import GolfJaxState
from podium.games.golf.jax.params import Params, Tables
from podium.games.golf.rules import N_DRAWN, OWNER, PHASES, PUBLIC

Array = Any

CARD = 17  # a card's floats: rank one-hot (A..K), suit one-hot (c d h s)
SLOT = 3 + CARD  # a hand slot's: what is known of it (nobody, its owner, everybody), then the card
NONE = -1  # a place that is no column: the one-hot it stands for is all zeros


def _ones_at(columns: Array, places: list[Array]) -> Array:
    """Floats over `columns`, 1.0 where a column is one of `places` (NONE: none); each place compared with the columns
    on its own axis (`places[k][..., None]`). Written as a chain of ors, not `any` over a stacked axis: a reduction
    is its own loop in XLA, whose result is written out, converted and copied again."""
    hot = columns == jnp.asarray(places[0])[..., None]
    for place in places[1:]:
        hot |= columns == jnp.asarray(place)[..., None]
    return hot.astype(jnp.float32)


def _rotated(rotate: Array, by_seat: Array) -> Array:
    """`by_seat` (seats first) with its rows in relative order: `rotate[r, seat]` is 1 where seat is relative r."""
    return (rotate.reshape(rotate.shape + (1,) * (by_seat.ndim - 1)) * by_seat[None]).sum(axis=1)


def observe(p: Params, t: Tables, s: GolfJaxState, viewer: Array) -> Array:
    """`viewer`'s observation of `s`: the encoder's `encode(state, viewer)`."""
    n, slots = p.n, p.slots

    def rel(seat: Array) -> Array:
        return (seat - viewer) % n

    # the head's layout: seat to move, phase, first player, closer (one-hots), four fractions, the drawn card,
    # where it came from, the discard pile's top card
    phase_at = n
    first_at = phase_at + len(PHASES)
    closer_at = first_at + n
    fractions_at = closer_at + n
    drawn_at = fractions_at + 4
    from_at = drawn_at + CARD
    top_at = from_at + 2
    width = top_at + CARD

    in_hand = s.phase == N_DRAWN
    drawn_shown = in_hand & (s.taken | (s.seat == viewer))
    top = s.top
    top_shown = top >= 0
    columns = jnp.arange(width)
    head = _ones_at(
        columns,
        [
            jnp.where(s.seat < 0, NONE, rel(s.seat)),
            phase_at + s.phase,
            first_at + rel(s.first),
            jnp.where(s.closer >= 0, closer_at + rel(s.closer), NONE),
            jnp.where(drawn_shown, drawn_at + (s.drawn >> 2), NONE),
            jnp.where(drawn_shown, drawn_at + 13 + (s.drawn & 3), NONE),
            jnp.where(in_hand, from_at + s.taken.astype(jnp.int32), NONE),
            jnp.where(top_shown, top_at + (top >> 2), NONE),
            jnp.where(top_shown, top_at + 13 + (top & 3), NONE),
        ],
    )
    t_round = s.turns - s.round_start
    if p.turn_limit:
        round_turns = jnp.asarray(t.round_turns)[jnp.clip(t_round, 0, p.turn_limit)]
    else:  # a divisor known only at run time: a true division, rounded as the encoder's
        round_turns = t_round.astype(jnp.float32) / (t_round.astype(jnp.float32) + jnp.float32(100.0))
    fractions = [
        jnp.asarray(t.final)[s.final_left],
        jnp.asarray(t.round)[s.round],
        round_turns,
        jnp.asarray(t.stock)[s.stock_len],
    ]
    for k, value in enumerate(fractions):
        head = jnp.where(columns == fractions_at + k, value, head)

    # the whole discard pile: a card i-th from the top gets 1 - i/52
    depth = s.pile_len - 1 - s.pile_at
    discard = jnp.where(s.pile_at >= 0, jnp.asarray(t.at)[jnp.clip(depth, 0, len(t.at) - 1)], jnp.float32(0.0))
    # per relative seat and slot: what is known of the card one-hot, then the card if the viewer knows it (G-7)
    rotate = (jnp.arange(n)[None, :] == (viewer + jnp.arange(n)[:, None]) % n).astype(jnp.int32)  # [rel, seat]
    known = _rotated(rotate, s.known.reshape(n, slots)).reshape(-1)
    cards = _rotated(rotate, s.hands.reshape(n, slots)).reshape(-1)
    level = jnp.where(jnp.arange(n * slots) < slots, OWNER, PUBLIC)  # relative seat 0 is the viewer
    shown = known >= level
    rank_at = jnp.where(shown, 3 + (cards >> 2), NONE)
    suit_at = jnp.where(shown, 3 + 13 + (cards & 3), NONE)
    hands = _ones_at(jnp.arange(SLOT), [known, rank_at, suit_at]).reshape(-1)
    offset = t.score_offset
    scores = jnp.asarray(t.totals)[_rotated(rotate, s.totals) + offset]
    last = jnp.where(s.has_last, jnp.asarray(t.last)[_rotated(rotate, s.last_scores) + offset], jnp.float32(0.0))
    return jnp.concatenate([head, discard, hands, scores, last])
