"""Golf's rules (G-3 … G-8) for one game as JAX array code, written once without branches so that `jax.vmap` steps
thousands of games together: every decision's outcome is computed and the phase picks it (`jnp.where`).

It follows the reference engine (`podium.games.golf.state`) decision for decision, and the differential test
(tests/games/golf/test_golf_jax.py) holds it to it at every step: the same deck order and the same actions give the
same legal ids, observations, scores, round ends and utilities.

Why it is written as it is (under `vmap` each operation runs over the whole batch, and whatever a branch costs every
step pays): arrays change by dense `jnp.where` over a small `arange`, never by `.at[i].set` or an index that differs
between games (a scatter or gather that XLA runs game by game on a CPU); the next round's deal takes only its
`slots × players + 1` cards (`shuffle`), and a stock card is chosen when drawn; the discard pile is kept as each
card's place in it, so that neither a push, a take nor the observation needs an indexed write; the round's end
updates only the fields a deal or the game's end changes.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import pgx.core
from pgx.core import dataclass  # pgx's State dataclass, as pgx.core re-exports it

from podium.games.golf import rules as g
from podium.games.golf.actions import NUM_ACTIONS
from podium.games.golf.cards import DECK_SIZE
from podium.games.golf.jax import shuffle
from podium.games.golf.jax.params import Params, Tables

Array = Any  # a jax.Array (pgx's own alias)

DRAW, TAKE, DISCARD, KNOCK, PASS = range(5)
SWAP0, PEEK0, FLIP0 = 5, 11, 17  # action ids of slot 0 (podium.games.golf.actions)
CARDS = jnp.arange(DECK_SIZE, dtype=jnp.int32)
SMALL = jnp.int8  # the per-card and per-slot arrays (cards, what is known, places in the pile): a step moves them
# through memory several times, and at thousands of games that traffic, not the arithmetic, is what a step costs


@dataclass
class GolfJaxState(pgx.core.State):  # type: ignore[misc]  # pgx is untyped
    """One game (a batch under vmap). pgx's fields first; then the position, as the reference engine keeps it:
    `hands[seat * slots + slot]`, `known` (UNSEEN / OWNER / PUBLIC), the stock as its size (its cards are chosen
    when drawn: `shuffle.take` from `seed`, the round and the cards `used` so far), the discard pile as each card's
    place in it (`pile_at[card]`, -1 when not in it; the top is place `pile_len - 1`) and its top card (`top`, -1
    when the pile is empty: kept, as the observation shows it every step), `seat` the seat to move (-1
    once over; pgx's `current_player` keeps the last mover then). The per-card and per-slot arrays are bytes
    (`SMALL`)."""

    current_player: Array
    observation: Array
    rewards: Array
    terminated: Array
    truncated: Array
    legal_action_mask: Array
    _step_count: Array
    seed: Array
    used: Array
    hands: Array
    known: Array
    stock_len: Array
    pile_at: Array
    pile_len: Array
    top: Array
    drawn: Array
    taken: Array
    phase: Array
    seat: Array
    first: Array
    round: Array
    closer: Array
    final_left: Array
    totals: Array
    last_scores: Array
    has_last: Array
    turns: Array
    round_start: Array
    ends: Array

    @property
    def env_id(self) -> str:
        return "podium/golf"


def _i32(x: Any) -> Array:
    return jnp.asarray(x, dtype=jnp.int32)


def dealt(p: Params, seed: Array, round_: Array, wanted: Array | None = None) -> dict[str, Array]:
    """G-3: round `round_`'s deal: `slots` cards face down to everyone, the next card face up to start the discard
    pile, the rest the stock; G-3.4 the first player moves one seat each round; G-3.3 `peek = near` shows everyone
    their slots 0 and 1 at once, `choose` and six-card's G-8.1 begin with choices. The fields it sets; with
    `wanted`, only where it holds (`shuffle.deal_where`: the caller keeps its own fields elsewhere)."""
    size = p.n * p.slots
    if wanted is None:
        cards, used = shuffle.deal(seed, round_, size + 1)
    else:
        cards, used = shuffle.deal_where(wanted, seed, round_, size + 1)
    if not p.six and not p.peek_choose:
        known = jnp.where(jnp.arange(size) % p.slots < 2, g.OWNER, g.UNSEEN).astype(SMALL)
    else:
        known = jnp.zeros(size, dtype=SMALL)
    phase = g.N_INITIAL_FLIP if p.six else g.N_PEEK if p.peek_choose else g.N_START
    first = (round_ - 1) % p.n
    return {
        "used": used,
        "hands": cards[:size].astype(SMALL),
        "known": known,
        "stock_len": _i32(DECK_SIZE - 1 - size),
        "pile_at": jnp.where(cards[size] == CARDS, 0, -1).astype(SMALL),
        "pile_len": _i32(1),
        "top": cards[size],
        "drawn": _i32(-1),
        "taken": jnp.bool_(False),
        "phase": _i32(phase),
        "seat": _i32(first),
        "first": _i32(first),
        "round": _i32(round_),
        "closer": _i32(-1),
        "final_left": _i32(0),
    }


def initial(p: Params, key: Array) -> GolfJaxState:
    """Round 1 dealt from the game's seed (drawn from `key`)."""
    seed = shuffle.seed_of(key)
    n = p.n
    s = GolfJaxState(
        current_player=_i32(0),
        observation=jnp.zeros(p.obs_size, dtype=jnp.float32),
        rewards=jnp.zeros(n, dtype=jnp.float32),
        terminated=jnp.bool_(False),
        truncated=jnp.bool_(False),
        legal_action_mask=jnp.zeros(NUM_ACTIONS, dtype=jnp.bool_),
        _step_count=_i32(0),
        seed=seed,
        totals=jnp.zeros(n, dtype=jnp.int32),
        last_scores=jnp.zeros(n, dtype=jnp.int32),
        has_last=jnp.bool_(False),
        turns=_i32(0),
        round_start=_i32(0),
        ends=jnp.zeros(4, dtype=jnp.int32),
        **dealt(p, seed, _i32(1)),
    )
    return s.replace(current_player=s.seat, legal_action_mask=legal_mask(p, s))  # type: ignore[no-any-return]


def own_unseen(p: Params, s: GolfJaxState) -> Array:
    """Which of the mover's slots hold a card face down to them (dense: the seat differs between games)."""
    unseen = (s.known == g.UNSEEN).reshape(p.n, p.slots)
    return (unseen & (jnp.arange(p.n) == s.seat)[:, None]).any(axis=0)


def legal_mask(p: Params, s: GolfJaxState) -> Array:
    """The legal action ids (`GolfState.legal_actions`): G-4.1 draw or take, G-4.2 knock instead (once a round);
    a card in hand swapped or discarded (G-4.1 option, G-8.2: a taken card must be swapped in); knock or pass
    (G-4.2 after); peeks (G-3.3) and flips (G-8.1, G-8.2) of the mover's unseen cards, pass when the flip is
    optional."""
    ids = jnp.arange(NUM_ACTIONS)
    phase = s.phase
    unseen = own_unseen(p, s)
    start = (ids == DRAW) | (ids == TAKE)
    if p.knock_instead:
        start |= (ids == KNOCK) & (s.closer < 0)
    swaps = (ids >= SWAP0) & (ids < SWAP0 + p.slots)
    drawn = swaps | ((ids == DISCARD) & ~(s.taken & p.must_swap))
    knock = (ids == KNOCK) | (ids == PASS)
    peeks = jnp.zeros(NUM_ACTIONS, dtype=jnp.bool_)
    flips = jnp.zeros(NUM_ACTIONS, dtype=jnp.bool_)
    for slot in range(p.slots):
        peeks |= (ids == PEEK0 + slot) & unseen[slot]
        flips |= (ids == FLIP0 + slot) & unseen[slot]
    flip_pass = flips | ((ids == PASS) & (p.flip_mode == 1))
    return (
        ((phase == g.N_START) & start) | ((phase == g.N_DRAWN) & drawn) | ((phase == g.N_KNOCK) & knock)
        | ((phase == g.N_PEEK) & peeks) | ((phase == g.N_INITIAL_FLIP) & flips) | ((phase == g.N_FLIP) & flip_pass)
    )  # fmt: skip


def hand_sums(p: Params, t: Tables, hands: Array) -> Array:
    """G-5: each hand's sum; G-8.4 six-card by columns (slots c and c+3), a pair of equal ranks scoring 0."""
    values = jnp.asarray(t.card_values)[hands].reshape(p.n, p.slots)
    if not p.six:
        return values.sum(axis=1)
    ranks = jnp.asarray(t.rank)[hands].reshape(p.n, p.slots)
    pair = ranks[:, :3] == ranks[:, 3:]
    return jnp.where(pair, 0, values[:, :3] + values[:, 3:]).sum(axis=1)


def round_scores(p: Params, sums: Array) -> Array:
    """G-5 the lowest sum wins; G-6 relative scoring (the winner's sum subtracted), G-8.5 `total`: the sums."""
    return sums - sums.min() if p.relative else sums


def step(p: Params, t: Tables, s: GolfJaxState, action: Array) -> GolfJaxState:
    """One decision of the seat to move (`GolfState.step`): `action` must be legal (pgx's `Env.step` ends the game
    with a penalty for an illegal one before this is reached)."""
    a = _i32(action)
    n, slots = p.n, p.slots
    phase, seat = s.phase, s.seat
    start, in_hand = phase == g.N_START, phase == g.N_DRAWN
    knock_phase, flip_phase = phase == g.N_KNOCK, phase == g.N_FLIP
    setup = (phase == g.N_PEEK) | (phase == g.N_INITIAL_FLIP)
    slot = jnp.clip(jnp.where(a >= FLIP0, a - FLIP0, jnp.where(a >= PEEK0, a - PEEK0, a - SWAP0)), 0, slots - 1)
    places = jnp.arange(n * slots)
    at_i = places == jnp.maximum(seat, 0) * slots + slot
    mine = places // slots == seat

    # G-4.1 a turn's start: draw from the stock or take the top discard; G-4.2 knock (instead, or after the turn)
    draw, take = start & (a == DRAW), start & (a == TAKE)
    knocks = (start | knock_phase) & (a == KNOCK)
    turns = s.turns + start.astype(jnp.int32)
    stock_top, used = shuffle.take(s.seed, s.round, DECK_SIZE - s.stock_len, s.used)
    used = jnp.where(draw, used, s.used)
    stock_len = s.stock_len - draw.astype(jnp.int32)

    # G-4.1 a card in hand swapped in (face up if taken, or in six-card: G-8.2) or discarded
    swap = in_hand & (a >= SWAP0) & (a < SWAP0 + slots)
    discard = in_hand & (a == DISCARD)
    old = jnp.sum(jnp.where(at_i, s.hands, 0))
    was_down = jnp.any(at_i & (s.known == g.UNSEEN))
    hands = jnp.where(swap & at_i, s.drawn.astype(SMALL), s.hands)
    placed = jnp.where(s.taken | p.six, g.PUBLIC, g.OWNER)
    # G-3.3 a peek, G-8.1 / G-8.2 a flip
    flip = flip_phase & (a >= FLIP0)
    seen = jnp.where(swap, placed, jnp.where(phase == g.N_PEEK, g.OWNER, g.PUBLIC))
    known = jnp.where((swap | setup | flip) & at_i, seen, s.known).astype(SMALL)
    pushed = swap | discard
    pushed_card = jnp.where(swap, old, s.drawn)
    pile_at = jnp.where(take & (s.top == CARDS), SMALL(-1), s.pile_at)
    pile_at = jnp.where(pushed & (pushed_card == CARDS), s.pile_len.astype(SMALL), pile_at)
    pile_len = s.pile_len + pushed.astype(jnp.int32) - take.astype(jnp.int32)
    drawn = jnp.where(draw, stock_top, jnp.where(take, s.top, jnp.where(pushed, -1, s.drawn)))
    under = jnp.sum(jnp.where(s.pile_at == s.pile_len - 2, CARDS, 0))  # the card a take leaves on top
    top = jnp.where(pushed, pushed_card, jnp.where(take, jnp.where(pile_len > 0, under, -1), s.top))
    taken = jnp.where(draw, False, jnp.where(take, True, s.taken))
    unseen_left = jnp.sum(mine & (known == g.UNSEEN))

    # G-8.3 all six cards face up (only a card put over a face-down one, or a flip, can do it)
    close = p.six & (s.closer < 0) & (unseen_left == 0) & ((swap & was_down) | flip)
    closer = jnp.where(knocks | close, seat, s.closer)
    final_left = jnp.where(knocks | (close & p.final_turns), n, s.final_left)
    ends_now = close & (not p.final_turns)
    # G-8.2 flip_on_discard: after discarding a stock card, a flip decision while a card is face down
    to_flip = discard & (p.flip_mode > 0) & ~s.taken & (unseen_left > 0)
    # G-4.2 knock = after: none once the stock has run out (G-5) or in the round's last turn (G-5.3)
    last_turn = (turns >= s.round_start + p.turn_limit) if p.turn_limit else jnp.bool_(False)
    to_knock = p.knock_after & (swap | (discard & ~to_flip)) & (closer < 0) & (stock_len > 0) & ~last_turn
    turn_over = (start & (a == KNOCK)) | (in_hand & ~to_flip & ~to_knock & ~ends_now) | knock_phase
    turn_over |= flip_phase & ~ends_now

    # The end of a turn: G-5.2 the stock ran out; G-5.1 / G-8.3 the closing turns; G-5.3 the round's turn limit
    out_of_stock = turn_over & (stock_len == 0)
    counting = turn_over & ~out_of_stock & (final_left > 0)
    final_left = jnp.where(counting, final_left - 1, final_left)
    closed = counting & (final_left == 0)
    limit = turn_over & ~out_of_stock & ~closed & last_turn
    round_over = out_of_stock | closed | limit | ends_now
    close_end = g.END_ALL_UP if p.six else g.END_KNOCK
    how = jnp.where(
        out_of_stock, g.END_STOCK, jnp.where(closed, close_end, jnp.where(limit, g.END_TURN_LIMIT, g.END_ALL_UP))
    )
    next_seat = (seat + 1) % n
    # G-3.3 / G-8.1: two choices each, one player after the other, then the round's first turn
    chosen = setup & (unseen_left == slots - 2)
    seat_after = jnp.where((turn_over & ~round_over) | chosen, next_seat, seat)
    phase_after = jnp.where(
        draw | take, g.N_DRAWN,
        jnp.where(to_flip, g.N_FLIP, jnp.where(to_knock, g.N_KNOCK, jnp.where(
            (turn_over & ~round_over) | (chosen & (next_seat == s.first)), g.N_START, phase))),
    )  # fmt: skip

    played = s.replace(
        used=used, hands=hands, known=known, stock_len=stock_len, pile_at=pile_at, pile_len=pile_len, top=_i32(top),
        drawn=drawn, taken=taken, phase=_i32(phase_after), seat=_i32(seat_after), closer=_i32(closer),
        final_left=_i32(final_left), turns=turns,
    )  # fmt: skip
    return _after_round(p, t, played, round_over, how)


def _after_round(p: Params, t: Tables, s: GolfJaxState, round_over: Array, how: Array) -> GolfJaxState:
    """G-5 a round's end: its scores added to the totals (G-6, G-8.5), all cards face up; then the next deal, or
    the game's end after the last round."""
    scores = round_scores(p, hand_sums(p, t, s.hands))
    over = round_over & (s.round >= p.rounds)
    redeal = round_over & ~over
    fields = {
        name: jnp.where(redeal, value, getattr(s, name))
        for name, value in dealt(p, s.seed, jnp.minimum(s.round + 1, p.rounds), redeal).items()
    }
    fields.update(
        drawn=jnp.where(round_over, -1, fields["drawn"]),
        phase=jnp.where(over, g.N_OVER, fields["phase"]).astype(jnp.int32),
        seat=jnp.where(over, -1, fields["seat"]).astype(jnp.int32),
        known=jnp.where(over, g.PUBLIC, fields["known"]).astype(SMALL),
    )
    return s.replace(  # type: ignore[no-any-return]
        **fields,
        totals=jnp.where(round_over, s.totals + scores, s.totals),
        last_scores=jnp.where(round_over, scores, s.last_scores),
        has_last=s.has_last | round_over,
        ends=s.ends + (round_over & (jnp.arange(4) == how)).astype(jnp.int32),
        round_start=jnp.where(redeal, s.turns, s.round_start),
    )


def utilities(p: Params, t: Tables, s: GolfJaxState) -> Array:
    """Each seat's utility of a finished game (`win_share_utilities`): the win shared among the lowest totals."""
    won = s.totals == s.totals.min()
    return jnp.asarray(t.utilities)[jnp.sum(won), won.astype(jnp.int32)]
