"""Sampled worlds for Golf's search that deal an opponent's privately seen cards as players keep them: low.

Why. `determinize` deals every card the searching player cannot know uniformly from the cards it has not seen. For a
card nobody has seen that is right; for a card only its owner has seen (four-card: peeked, or swapped in from the
stock) it is not: players keep the low cards they see and swap the high ones out, so after a few turns such a card is
mostly an A, 2, 3 or 4. Dealt uniformly, the opponent's hand looks several points worse than it is, and knocking
looks better than it is (docs/bots.md, ISMCTS).

How. Each privately seen card of an opponent is drawn from the unseen cards with a weight per value, the likelihood
ratio `kept / uniform` measured in simulated games (`bench/golf_beliefs.py`: the heuristic against itself), by the
owner's turns in the round (`turn_bucket`) and how many privately seen cards they hold; the other unknown places (the
viewer's own unseen cards, the opponents' unseen cards, a card someone else drew, the stock) get the rest uniformly.
Everything the view shows stays as it is: a sampled world shows the viewer the same view, with the same deck. Only
four-card Golf has privately seen cards; six-card (every card face up or face down) and the explicit-chance form keep
`determinize`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from podium.core.contract import State, View
from podium.core.rng import Rng
from podium.games.golf.cards import DECK_SIZE, parse_card
from podium.games.golf.game import view_sampler
from podium.games.golf.rules import GolfPhase
from podium.games.golf.state import GolfState
from podium.games.golf.view import GolfView, card_values_of

TURN_BUCKETS = 5
"""The owner's turns in the round so far, bucketed: 0, 1, 2-3, 4-6, 7 or more."""

WEIGHT_FLOOR = 0.02
"""No value is ruled out: another player may keep a card the heuristic would not."""


# `Rng.random`'s scale, the same float
_UNIT = 1.0 / (1 << 53)


def turn_bucket(turns: int) -> int:
    """The weights' row for an owner who has had `turns` turns in the round."""
    return 0 if turns == 0 else 1 if turns == 1 else 2 if turns <= 3 else 3 if turns <= 6 else 4


# bench/golf_beliefs.py --games 2000 --seed 1 --bot heuristic --smooth 2
WEIGHTS: tuple[tuple[tuple[float, ...], ...], ...] = (  # [turn bucket][privately seen cards - 1][value 0..10]
    (
        (1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00),  # 0 cards
        (1.00, 0.99, 1.00, 1.03, 1.00, 1.00, 0.98, 1.01, 1.02, 1.00, 0.99),  # 36000 cards
        (1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00),  # 0 cards
        (1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00),  # 0 cards
    ),
    (
        (1.43, 1.29, 1.36, 1.47, 1.36, 1.36, 1.24, 1.04, 0.96, 0.73, 0.26),  # 7848 cards
        (1.39, 1.36, 1.40, 1.39, 1.40, 1.28, 1.15, 1.02, 0.85, 0.69, 0.30),  # 53116 cards
        (2.62, 2.55, 2.57, 2.49, 2.54, 0.01, 0.01, 0.01, 0.01, 0.01, 0.00),  # 4782 cards
        (1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00),  # 0 cards
    ),
    (
        (1.80, 1.70, 1.72, 1.75, 1.72, 1.46, 1.11, 0.73, 0.50, 0.25, 0.05),  # 14179 cards
        (1.78, 1.73, 1.78, 1.76, 1.75, 1.31, 0.92, 0.69, 0.41, 0.22, 0.05),  # 85682 cards
        (2.53, 2.43, 2.46, 2.47, 2.47, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 32139 cards
        (2.16, 2.38, 2.63, 2.62, 2.63, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 7960 cards
    ),
    (
        (2.16, 2.07, 2.09, 2.07, 1.98, 1.10, 0.58, 0.24, 0.09, 0.02, 0.00),  # 13246 cards
        (2.06, 2.06, 2.13, 2.15, 1.91, 0.86, 0.40, 0.19, 0.06, 0.02, 0.00),  # 79448 cards
        (2.41, 2.38, 2.54, 2.53, 1.95, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 76053 cards
        (2.19, 2.36, 2.56, 2.55, 2.03, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 45312 cards
    ),
    (
        (2.84, 2.95, 2.51, 1.70, 0.80, 0.18, 0.05, 0.01, 0.01, 0.00, 0.00),  # 15892 cards
        (2.39, 2.48, 2.40, 1.81, 0.72, 0.12, 0.03, 0.00, 0.00, 0.00, 0.00),  # 97802 cards
        (2.15, 2.34, 2.37, 1.69, 0.38, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 228528 cards
        (1.90, 2.09, 2.18, 1.55, 0.32, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00),  # 229440 cards
    ),
)

"""The likelihood ratio of each value (0..10 in the standard table) for a privately seen card, by the owner's turns in
the round (`turn_bucket`) and their privately seen cards; rows with no cards are 1."""


def value_index(values: Sequence[int]) -> list[int]:
    """Each card's column of `WEIGHTS`: its value in the standard table, else its value scaled onto 0..10."""
    low, high = min(values), max(values)
    if set(values) <= set(range(11)):
        return list(values)
    if high == low:
        return [5] * len(values)
    return [round((v - low) * 10 / (high - low)) for v in values]


def applies(view: GolfView) -> bool:
    """Whether the weighted sampler deals this view: four-card, without the explicit-chance form, and an opponent holds
    a card only they have seen (otherwise it would deal as `determinize`)."""
    if view["variant"] != "four" or view["config"].get("chance"):
        return False
    me = view["player"]
    owner, public = view["owner_knows"], view["public"]
    return any(
        owner[q][s] and not public[q][s] for q in range(view["num_players"]) if q != me for s in range(view["slots"])
    )


class BeliefSampler:
    """A prepared sampler for one view (`Playout.sampler`): `sampler(rng)` is one world. The view is read and checked
    once (through `determinize`'s reader); each sample then deals the unseen cards."""

    __slots__ = (
        "_counts",
        "_draw_hidden",
        "_hands",
        "_hidden",
        "_picks",
        "_proto",
        "_to_value",
        "_unknown",
        "_weighted",
    )

    def __init__(self, view: GolfView, strength: float = 1.0) -> None:
        # The reader checks the view and gives the fields a world keeps (counts, scores, phase ...).
        base = view_sampler(cast(View, view))(Rng(0))
        index = value_index(card_values_of(view))
        me = view["player"]
        n, slots = view["num_players"], view["slots"]
        hands: list[int] = []
        seen = [False] * DECK_SIZE
        for hand in view["hands"]:
            for text in hand:
                c = -1 if text is None else parse_card(text)
                hands.append(c)
                if c >= 0:
                    seen[c] = True
        for text in view["discard"]:
            seen[parse_card(text)] = True
        drawn = view["drawn"]
        if drawn is not None:
            seen[parse_card(drawn)] = True
        self._unknown = [c for c in range(DECK_SIZE) if not seen[c]]
        # Each card's value column as a byte (cards and columns are below 256): a sample's values in dealing order are
        # one `translate` of its cards.
        self._to_value = bytes(index) + bytes(256 - DECK_SIZE)
        self._counts = [0] * 11
        for c in self._unknown:
            self._counts[index[c]] += 1
        self._draw_hidden = view["phase"] == GolfPhase.DRAWN and drawn is None
        self._hands = hands
        owner, public = view["owner_knows"], view["public"]
        first, turns = view["first_player"], view["round_turns"]
        weighted: list[tuple[int, tuple[float, ...]]] = []
        for q in range(n):
            if q == me:
                continue
            mine = [s for s in range(slots) if owner[q][s] and not public[q][s]]
            if not mine:
                continue
            theirs = sum(1 for k in range(turns) if (first + k) % n == q)
            row = WEIGHTS[turn_bucket(theirs)][min(len(mine), 4) - 1]
            w = tuple(max(WEIGHT_FLOOR, x) ** strength for x in row)
            weighted.extend((q * slots + s, w) for s in mine)
        self._weighted = weighted
        chosen = {i for i, _ in weighted}
        self._hidden = [i for i, c in enumerate(hands) if c < 0 and i not in chosen]
        # Each weighted draw's pool, by the values drawn before it in this sample (few distinct sequences): (the
        # total weight, each value's weight times its count, the counts), summed as the draw itself would.
        self._picks: dict[tuple[int, ...], tuple[float, tuple[float, ...], tuple[int, ...]]] = {}
        # What a sample keeps of the view as it is: a world of `determinize`'s (each sample a copy, `dealt`).
        self._proto = base

    def _pool(self, picks: tuple[int, ...]) -> tuple[float, tuple[float, ...], tuple[int, ...]]:
        """The weighted draw after the values `picks`: its total weight, per value the weight of its cards, and the
        counts of the unknown cards by value."""
        counts = self._counts[:]
        for v in picks:
            counts[v] -= 1
        w = self._weighted[len(picks)][1]
        total = 0.0
        for v in range(11):
            total += counts[v] * w[v]
        pool = (total, tuple(counts[v] * w[v] for v in range(11)), tuple(counts))
        self._picks[picks] = pool
        return pool

    def __call__(self, rng: Rng) -> GolfState:
        unknown = self._unknown[:]
        rng.shuffle(unknown)
        hands = self._hands[:]
        if self._weighted:
            order = bytearray(unknown).translate(self._to_value)
            picks: tuple[int, ...] = ()
            known_pools = self._picks
            for i, _ in self._weighted:
                pool = known_pools.get(picks)
                total, weights, counts = pool if pool is not None else self._pool(picks)
                x = (rng.next_u64() >> 11) * _UNIT * total  # `rng.random() * total` without the call
                pick = -1
                for v in range(11):
                    x -= weights[v]
                    if x < 0.0 and counts[v]:
                        pick = v
                        break
                if pick < 0:  # rounding at the top end: the last value still in the pool
                    pick = max(v for v in range(11) if counts[v])
                j = order.index(pick)  # the unknown cards are shuffled: the first of that value is a random one
                hands[i] = unknown.pop(j)
                del order[j]
                picks += (pick,)
        return self._proto.dealt(self._hidden, unknown, self._draw_hidden, Rng(rng.next_u64()), hands)


def belief_sampler(view: GolfView, strength: float = 1.0) -> Callable[[Rng], State] | None:
    """The weighted sampler of `view`, or None where it would deal as `determinize` (see `applies`)."""
    return BeliefSampler(view, strength) if applies(view) else None
