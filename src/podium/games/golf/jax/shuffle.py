"""A round's deck for the batch engine, one card at a time: the j-th card of round r is a uniformly chosen card among
those not yet taken from that round's deck, chosen by a hash of the game's seed, r and j.

Why not `jax.random.permutation`: under `jax.vmap` a branch is computed for every game at every step (the phase picks
the result), so whatever a deal costs, every step pays it, and so does every `init` in pgx's auto-reset. A sort of 52
keys costs ~6 µs a game on a CPU; a card chosen here costs a few dozen integer operations with no sort, gather or
scatter. Cards are chosen only when the rules use them (the deal's `slots × players + 1`, then one per draw), and as
the discard pile never returns to the stock, the order is still a fixed function of (seed, round): `deck_order`
writes it out whole for the reference engine (the differential check deals it the same deck).

The set of cards taken is a 52-bit mask in two uint32 words (cards 0–31, 32–51).
"""

from __future__ import annotations

import functools
from typing import Any

import jax
import jax.numpy as jnp

from podium.games.golf.cards import DECK_SIZE

Array = Any

_U32 = jnp.uint32
_HI_BITS = DECK_SIZE - 32  # cards 32..51 in the high word


def seed_of(key: Array) -> Array:
    """A game's 64-bit seed (two uint32) from its pgx `init` key."""
    return jax.random.bits(key, (2,), dtype=_U32)


def _mix(x: Array) -> Array:
    """MurmurHash3's 32-bit finaliser: every input bit flips each output bit with probability ~1/2."""
    x = x ^ (x >> 16)
    x = x * _U32(0x85EBCA6B)
    x = x ^ (x >> 13)
    x = x * _U32(0xC2B2AE35)
    return x ^ (x >> 16)


def _word(seed: Array, round_: Array, j: Array) -> Array:
    """32 random bits for the j-th card of round `round_` (rounds ≤ 100, j < 52: `round × 64 + j` is unique)."""
    counter = (jnp.asarray(round_).astype(_U32) << 6) | jnp.asarray(j).astype(_U32)
    return _mix(seed[1] ^ _mix(seed[0] + counter * _U32(0x9E3779B9)))


def _below(x: Array, m: Array) -> Array:
    """floor(x × m / 2³²) for a uint32 x and m ≤ 52, in 32-bit arithmetic (exact): uniform on 0..m-1 up to m/2³²."""
    m = jnp.asarray(m).astype(_U32)
    return ((x >> 16) * m + (((x & _U32(0xFFFF)) * m) >> 16)) >> 16


def _nth_bit(word: Array, k: Array) -> Array:
    """The place of the k-th (from 0) set bit of `word` (k below its number of set bits): a binary search."""
    place = jnp.zeros_like(word)
    for width in (16, 8, 4, 2, 1):
        low = jax.lax.population_count(word & _U32((1 << width) - 1))
        up = k >= low
        k = jnp.where(up, k - low, k)
        word = jnp.where(up, word >> width, word)
        place = place + jnp.where(up, _U32(width), _U32(0))
    return place


def take(seed: Array, round_: Array, j: Array, used: Array) -> tuple[Array, Array]:
    """Round `round_`'s j-th card, given the cards `used` (j of them) before it, and the mask with it added."""
    free_lo = ~used[0]
    free_hi = ~used[1] & _U32((1 << _HI_BITS) - 1)
    k = _below(_word(seed, round_, j), DECK_SIZE - jnp.asarray(j).astype(_U32))
    count_lo = jax.lax.population_count(free_lo)
    low = k < count_lo
    place = _nth_bit(jnp.where(low, free_lo, free_hi), jnp.where(low, k, k - count_lo))
    card = jnp.where(low, place, place + _U32(32)).astype(jnp.int32)
    bit = _U32(1) << place
    used = jnp.stack([used[0] | jnp.where(low, bit, _U32(0)), used[1] | jnp.where(low, _U32(0), bit)])
    return card, used


def deal(seed: Array, round_: Array, count: int) -> tuple[Array, Array]:
    """The first `count` cards of round `round_`'s deck, and the mask of them: the cards `take` would choose one
    after the other, found together. The j-th card is the k_j-th (from 0) of the cards still free, which makes
    (k_0, k_1, …) a Lehmer code; it is decoded from the last card to the first, each card moving up by one every
    later card at or above it (no loop over the deck, no popcount: a few integer operations per pair of cards)."""
    j = jnp.arange(count)
    cards = _below(jax.vmap(lambda jj: _word(seed, round_, jj))(j), DECK_SIZE - j.astype(_U32)).astype(jnp.int32)

    def later_up(back: Array, cards: Array) -> Array:
        i = count - 2 - back
        return cards + ((j > i) & (cards >= cards[i])).astype(jnp.int32)

    # a loop, not `count` copies of one step: XLA would fuse each step's work into every later use of it
    cards = jax.lax.fori_loop(0, count - 1, later_up, cards)
    lo = jnp.where(cards < 32, _U32(1) << (cards & 31).astype(_U32), _U32(0))
    hi = jnp.where(cards >= 32, _U32(1) << (cards & 31).astype(_U32), _U32(0))
    return cards, jnp.stack([jax.lax.reduce_or(lo, (0,)), jax.lax.reduce_or(hi, (0,))])


def deck_order(seed: Array, round_: Array, size: int) -> Array:
    """Round `round_`'s whole deck as the reference engine lays it out (`GolfState._deal`: the hands are
    `deck[:size]`, the discard pile's first card `deck[-1]`, the stock `deck[size:-1]`, drawn from its end), for a
    deal of `size` cards into the hands."""

    def one(used: Array, j: Array) -> tuple[Array, Array]:
        card, used = take(seed, round_, j, used)
        return used, card

    _, picks = jax.lax.scan(one, jnp.zeros(2, dtype=_U32), jnp.arange(DECK_SIZE))
    # picks: the hands, the discard pile's first card, then the stock from its top
    return jnp.concatenate([picks[:size], picks[size + 1 :][::-1], picks[size : size + 1]])


@functools.cache
def _deal_where(count: int) -> Any:
    """`deal_where` for a deal of `count` cards, with its batch rule (one per count: custom_vmap closes over it)."""

    @jax.custom_batching.custom_vmap
    def deal_where(wanted: Array, seed: Array, round_: Array) -> tuple[Array, Array]:
        del wanted  # one game: dealt whether wanted or not, as any branch under vmap
        return deal(seed, round_, count)

    @deal_where.def_vmap
    def batch(axis_size: int, in_batched: list[bool], wanted: Array, seed: Array, round_: Array) -> Any:
        wanted, seed, round_ = (
            x if batched else jnp.broadcast_to(x, (axis_size, *jnp.shape(x)))
            for x, batched in zip((wanted, seed, round_), in_batched, strict=True)
        )

        def every(seeds: Array, rounds: Array) -> tuple[Array, Array]:
            return jax.vmap(lambda s, r: deal(s, r, count))(seeds, rounds)

        room = axis_size // 8 + 1

        def few() -> tuple[Array, Array]:
            # the games that want a deal, compacted (`axis_size`: no game; its row is dropped)
            rows = jnp.nonzero(wanted, size=room, fill_value=axis_size)[0]
            at = jnp.minimum(rows, axis_size - 1)
            cards, used = every(seed[at], round_[at])
            return (
                jnp.zeros((axis_size, count), jnp.int32).at[rows].set(cards, mode="drop"),
                jnp.zeros((axis_size, 2), _U32).at[rows].set(used, mode="drop"),
            )

        out = jax.lax.cond(jnp.sum(wanted) <= room, few, lambda: every(seed, round_))
        return out, (True, True)

    return deal_where


def deal_where(wanted: Array, seed: Array, round_: Array, count: int) -> tuple[Array, Array]:
    """`deal(seed, round_, count)` where `wanted`, anything elsewhere (the caller keeps what it had there). Under
    `jax.vmap` a deal costs every game what it costs one (a branch is computed everywhere, the phase picks): this
    deals only the games whose round ended, compacted (up to an eighth of the batch a step, else all of them)."""
    return _deal_where(count)(wanted, seed, round_)  # type: ignore[no-any-return]
