"""What one seat may know (G-7), as `podium.rl`'s Golf encoder writes it (`podium.games.golf.encoding`, documented
in docs/rl.md), element for element: the same layout, the same one-hots, the same float32 numbers (those the
encoder computes in double precision are read from `params.Tables`). Seats are relative: the viewer first.

Built from dense comparisons (no scatter, and seats rotated by a small one-hot matrix rather than an index that
differs between games), as the step is: see engine.py."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from podium.games.golf.jax.engine import GolfJaxState, pile_top
from podium.games.golf.jax.params import Params, Tables
from podium.games.golf.rules import N_DRAWN, OWNER, PHASES, PUBLIC

Array = Any


def _one_hot(index: Array, size: int, on: Array = True) -> Array:
    return ((jnp.arange(size) == index) & on).astype(jnp.float32)


def _card(card: Array, t: Tables, on: Array) -> Array:
    """A card's 17 floats: rank one-hot (A..K), suit one-hot (c d h s); zeros when `on` is false."""
    rank = jnp.asarray(t.rank)[jnp.maximum(card, 0)]
    return jnp.concatenate([_one_hot(rank, 13, on), _one_hot(jnp.maximum(card, 0) % 4, 4, on)])


def _rotated(rotate: Array, by_seat: Array) -> Array:
    """`by_seat` (seats first) with its rows in relative order: `rotate[r, seat]` is 1 where seat is relative r."""
    return (rotate.reshape(rotate.shape + (1,) * (by_seat.ndim - 1)) * by_seat[None]).sum(axis=1)


def observe(p: Params, t: Tables, s: GolfJaxState, viewer: Array) -> Array:
    """`viewer`'s observation of `s`: the encoder's `encode(state, viewer)`."""
    n, slots = p.n, p.slots

    def rel(seat: Array) -> Array:
        return (seat - viewer) % n

    over = s.seat < 0
    in_hand = s.phase == N_DRAWN
    t_round = s.turns - s.round_start
    if p.turn_limit:
        round_turns = jnp.asarray(t.round_turns)[jnp.clip(t_round, 0, p.turn_limit)]
    else:  # a divisor known only at run time: a true division, rounded as the encoder's
        round_turns = t_round.astype(jnp.float32) / (t_round.astype(jnp.float32) + jnp.float32(100.0))
    head = [
        _one_hot(rel(s.seat), n, ~over),
        _one_hot(s.phase, len(PHASES)),
        _one_hot(rel(s.first), n),
        _one_hot(rel(s.closer), n, s.closer >= 0),
        jnp.stack([
            jnp.asarray(t.final)[s.final_left],
            jnp.asarray(t.round)[s.round],
            round_turns,
            jnp.asarray(t.stock)[s.stock_len],
        ]),
        _card(s.drawn, t, in_hand & (s.taken | (s.seat == viewer))),
        jnp.stack([in_hand & ~s.taken, in_hand & s.taken]).astype(jnp.float32),
        _card(pile_top(s), t, s.pile_len > 0),
    ]  # fmt: skip
    # the whole discard pile: a card i-th from the top gets 1 - i/52
    depth = s.pile_len - 1 - s.pile_at
    discard = jnp.where(s.pile_at >= 0, jnp.asarray(t.at)[jnp.clip(depth, 0, len(t.at) - 1)], jnp.float32(0.0))
    # per relative seat and slot: what is known of the card one-hot, then the card if the viewer knows it (G-7)
    rotate = (jnp.arange(n)[None, :] == (viewer + jnp.arange(n)[:, None]) % n).astype(jnp.int32)  # [rel, seat]
    known = _rotated(rotate, s.known.reshape(n, slots)).reshape(-1)
    cards = _rotated(rotate, s.hands.reshape(n, slots)).reshape(-1)
    level = jnp.where(jnp.arange(n * slots) < slots, OWNER, PUBLIC)  # relative seat 0 is the viewer
    shown = known >= level
    ranks = jnp.asarray(t.rank)[cards]
    hands = jnp.concatenate(
        [
            (known[:, None] == jnp.arange(3)[None, :]).astype(jnp.float32),
            ((ranks[:, None] == jnp.arange(13)[None, :]) & shown[:, None]).astype(jnp.float32),
            (((cards % 4)[:, None] == jnp.arange(4)[None, :]) & shown[:, None]).astype(jnp.float32),
        ],
        axis=1,
    ).reshape(-1)
    offset = t.score_offset
    scores = jnp.asarray(t.totals)[_rotated(rotate, s.totals) + offset]
    last = jnp.where(s.has_last, jnp.asarray(t.last)[_rotated(rotate, s.last_scores) + offset], jnp.float32(0.0))
    return jnp.concatenate([*head, discard, hands, scores, last])
