"""What one seat may know (G-7), as `podium.rl`'s Golf encoder writes it (`podium.games.golf.encoding`, documented
in docs/rl.md), element for element: the same layout, the same one-hots, the same float32 numbers (those the
encoder computes in double precision are read from `params.Tables`). Seats are relative: the viewer first."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from podium.games.golf.cards import DECK_SIZE
from podium.games.golf.jax.engine import GolfJaxState
from podium.games.golf.jax.params import Params, Tables
from podium.games.golf.rules import N_DRAWN, OWNER, PHASES, PUBLIC

Array = Any


def _one_hot(index: Array, size: int, on: Array = True) -> Array:
    return ((jnp.arange(size) == index) & on).astype(jnp.float32)


def _card(card: Array, t: Tables, on: Array) -> Array:
    """A card's 17 floats: rank one-hot (A..K), suit one-hot (c d h s); zeros when `on` is false."""
    rank = jnp.asarray(t.rank)[jnp.maximum(card, 0)]
    return jnp.concatenate([_one_hot(rank, 13, on), _one_hot(jnp.maximum(card, 0) % 4, 4, on)])


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
        _card(s.pile[jnp.maximum(s.pile_len - 1, 0)], t, s.pile_len > 0),
    ]  # fmt: skip
    # the whole discard pile: a card i-th from the top gets 1 - i/52 (the place past the end takes what is stale)
    depth = s.pile_len - 1 - jnp.arange(DECK_SIZE)
    places = jnp.where(depth >= 0, s.pile, DECK_SIZE)
    discard = jnp.zeros(DECK_SIZE + 1, dtype=jnp.float32).at[places].set(jnp.asarray(t.at)[jnp.maximum(depth, 0)])
    # per relative seat and slot: what is known of the card one-hot, then the card if the viewer knows it (G-7)
    seats = (viewer + jnp.arange(n)) % n
    order = (seats[:, None] * slots + jnp.arange(slots)[None, :]).reshape(-1)
    known = s.known[order]
    cards = s.hands[order]
    level = jnp.where(jnp.repeat(seats, slots) == viewer, OWNER, PUBLIC)
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
    scores = jnp.asarray(t.totals)[s.totals[seats] + offset]
    last = jnp.where(s.has_last, jnp.asarray(t.last)[s.last_scores[seats] + offset], jnp.float32(0.0))
    return jnp.concatenate([*head, discard[:DECK_SIZE], hands, scores, last])
