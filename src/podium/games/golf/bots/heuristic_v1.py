"""`heuristic-v1`: the Golf heuristic bot as it was before issue 17, frozen as a baseline for the benchmarks
(bench/strength.py, docs/bots.md). Do not improve it: the newer `heuristic` is measured against it. Its thresholds
are copied here from the tuning module of that day, so that tuning the new bot does not move the baseline.

What it was written as: how a careful human plays four-card and six-card Golf.

Reasoning (the rules G-1 … G-8):
- **Estimate what you cannot see from what you have not seen.** Every card that is neither in the discard pile,
  nor face up, nor one of your own remembered cards, is equally likely to be any of the *unseen* cards. So an
  unknown card (yours or an opponent's) is worth the mean value of the unseen cards, `mu`. An opponent's card that
  only its owner has seen is worth a little less (`owner_bias`): people keep their low cards and swap out high ones.
- **Swap thresholds.** A card in hand is worth swapping in where it lowers your expected sum the most: over a known
  card whenever it is lower; over an unknown card only when it is clearly below `mu` (an unknown card is a gamble
  whose mean is `mu`, replacing it with a card just under `mu` gains little and wastes the turn's information).
  The top discard is taken only when it is good enough to be swapped in at once (a known quantity beats a blind
  draw); otherwise draw from the stock, which may turn up something better.
- **Knock when ahead by enough** (four-card): the others still get one turn each, which on average lowers their sum
  by a point or two, so knock when your expected sum is below every opponent's estimate by `knock_margin`, or when
  it is very low outright.
- **Six-card:** the same estimate, column by column: two equal ranks in a column score 0, so a card that pairs a
  face-up card of its column is worth the column's whole value. Turning your last face-down card up ends the round
  for everyone after one more turn each: do it only when your (then exact) sum beats every opponent's estimate;
  otherwise prefer another slot. After discarding a stock card with `flip_on_discard = may`, don't flip (a
  face-down card keeps its options open and gives opponents nothing).

Options: `noise` (probability of a uniformly random legal action instead, for the `easy` level), `knock_margin`.
"""

from __future__ import annotations

from dataclasses import dataclass

from podium.agents.base import BotOption, NoisyAgent
from podium.core.contract import Game
from podium.games.golf.actions import DISCARD, DRAW, KNOCK, PASS, SWAP, TAKE, GolfAction
from podium.games.golf.bots import heuristic
from podium.games.golf.rules import GolfPhase
from podium.games.golf.scoring import UNKNOWN, partial_sum
from podium.games.golf.view import GolfView

_CHOOSE_A_SLOT = (GolfPhase.PEEK, GolfPhase.INITIAL_FLIP, GolfPhase.FLIP)
# Take the top discard only when swapping it in lowers the expected sum by this much (not an option).
TAKE_GAIN = 1.0


@dataclass(frozen=True, slots=True)
class ThresholdsV1:
    """The options, at the values of that day (bots/tuning.py before issue 17)."""

    knock_margin: float = 3.0
    unknown_margin: float = 1.5
    owner_bias: float = 1.5


class GolfReading(heuristic.GolfReading):
    """What a Golf view says, read as today's heuristic reads it (the same cards, unseen mean and guesses), with the
    expected sums of that day: an unknown card counts its guess, also beside a known card of its column."""

    __slots__ = ()

    def expected_sum(self, seat: int, hand: list[int] | None = None) -> float:
        """Expected sum of `seat`'s hand (`hand` overrides the cards: UNKNOWN = unknown)."""
        cards = self.cards[seat] if hand is None else hand
        return partial_sum(cards, self.values, self.six, self.guesses[seat])

    def best_opponent(self) -> float:
        return min(self.expected_sum(q) for q in range(self.n) if q != self.me)


class GolfHeuristicV1(heuristic.GolfBot):
    description = (
        "the Golf heuristic of before issue 17, frozen as a benchmark baseline: plays like a careful human: "
        "an unseen card is worth the mean of the cards not yet seen, a card is "
        "swapped in where it lowers the expected sum most, the discard is taken only to be swapped in at once, and "
        "it knocks (four-card) when its expected sum is clearly below every opponent's"
    )
    options = (
        *NoisyAgent.options,
        BotOption("knock_margin", float, "knock when the expected sum is this much below every opponent's"),
        BotOption("unknown_margin", float, "how far below the unseen mean a card must be to replace an unknown card"),
        BotOption("owner_bias", float, "how far below the unseen mean an opponent's privately seen card is guessed"),
    )
    name = "heuristic-v1"
    benchmark = True  # a baseline for the benchmarks (docs/bots.md), not an opponent for players

    def __init__(self, game: Game, seat: int, seed: int = 0, noise: float = 0.0, **thresholds: float) -> None:
        super().__init__(game, seat, seed, noise)
        self.thresholds = ThresholdsV1(**thresholds)

    def choose(self, view: GolfView, legal: list[GolfAction], values: tuple[int, ...]) -> GolfAction:
        return golf_choice(view, legal, values, self.thresholds)


# Knock at once with an expected sum this low, whatever the others hold.
KNOCK_OUTRIGHT = 2.0
# Turning the last face-down card up ends the round: a swap that does so and does not win the round is marked down
# by this much.
LAST_CARD_PENALTY = 20.0


def golf_choice(
    view: GolfView, legal: list[GolfAction], values: tuple[int, ...], thresholds: ThresholdsV1
) -> GolfAction:
    """The heuristic's decision."""
    kinds = {a.kind: a for a in legal}
    phase = view["phase"]
    if phase in _CHOOSE_A_SLOT:
        return heuristic.pick_slot(view, legal, kinds)
    knock_margin, unknown_margin = thresholds.knock_margin, thresholds.unknown_margin
    r = GolfReading(view, values, thresholds.owner_bias)
    if phase == GolfPhase.KNOCK:  # knock = "after": knock or pass
        return kinds[KNOCK] if _should_knock(r, knock_margin) else kinds[PASS]
    if DRAW in kinds:  # start of the turn
        if KNOCK in kinds and _should_knock(r, knock_margin):
            return kinds[KNOCK]
        top = view["discard_top"]
        if top is not None and TAKE in kinds:
            gain, _ = _best_swap(r, heuristic.card_of(top), unknown_margin, view)
            if gain >= TAKE_GAIN:
                return kinds[TAKE]
        return kinds[DRAW]
    # A card in hand: swap it in or discard it.
    drawn = view["drawn"]
    assert drawn is not None, "the player in the drawn phase sees the card in hand"
    gain, slot = _best_swap(r, heuristic.card_of(drawn), unknown_margin, view)
    swaps = [a for a in legal if a.kind == SWAP]
    if (gain > 0.0 or DISCARD not in kinds) and slot >= 0:
        for a in swaps:
            if a.slot == slot:
                return a
    if DISCARD in kinds:
        return kinds[DISCARD]
    return swaps[0]


def _should_knock(r: GolfReading, margin: float) -> bool:
    mine = r.expected_sum(r.me)
    return mine + margin <= r.best_opponent() or mine <= KNOCK_OUTRIGHT


def _best_swap(r: GolfReading, card: int, unknown_margin: float, view: GolfView) -> tuple[float, int]:
    """(gain in expected sum, slot) of the best place for `card`; gain <= 0 means keeping the hand is as good."""
    me = r.me
    hand = r.cards[me]
    now = r.expected_sum(me)
    best_gain, best_slot = -1e9, -1
    closing = r.six and view["went_out"] is None
    for slot in range(r.slots):
        trial = hand[:]
        trial[slot] = card
        after = r.expected_sum(me, trial)
        gain = now - after
        if hand[slot] < 0:
            gain -= unknown_margin
            # The last face-down card ends the round: only worth it when it wins the round.
            if closing and UNKNOWN not in trial and after + 1.0 > r.best_opponent():
                gain -= LAST_CARD_PENALTY
        if gain > best_gain:
            best_gain, best_slot = gain, slot
    return best_gain, best_slot
