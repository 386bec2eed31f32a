"""The Golf heuristic bot: a card-counting player of four-card and six-card Golf (issue 17; docs/bots.md has the
measurements, `heuristic-v1` is the bot it replaced).

Reasoning (the rules G-1 … G-8):
- **Count the cards.** Every card that is neither in the discard pile, nor face up, nor one of the bot's own
  remembered cards, nor the card in hand, is equally likely to be any of the *unseen* cards. So an unknown card
  (its own or an opponent's) is worth the mean value of the unseen cards, `mu`, and the *distribution* of the unseen
  values says what a draw from the stock is worth. An opponent's card that only its owner has seen is guessed
  `owner_bias` below `mu` (people keep the low cards they see and swap out the high ones). Six-card: an unknown card
  whose column partner is known pairs with it with the chance that an unseen card has the partner's rank.
- **What a turn is worth.** A player's *turn gain* is the expected drop of their (estimated) sum in one turn: the
  better of taking the top discard and drawing, where a drawn card is put where it gains most or thrown away, averaged
  over the unseen cards. The bot computes it for itself and for each opponent, from what it knows of their hands.
- **Swap, take, discard.** A card is swapped in where it lowers the expected sum most: over a known card whenever it
  is lower; over an unknown card only when it is `unknown_margin` below the card's estimate (an unknown card is a
  gamble whose mean is `mu`, and keeping it unknown keeps the option of replacing it later) — except in the round's
  last turn, when there is no later. The top discard is taken when swapping it in gains more than drawing is expected
  to (`take_margin`: a taken card is public); a taken card is never discarded again.
- **Knock by the expected result** (four-card). Knocking now ends the round after one more turn of every opponent:
  its expected result is the lead `L = min over opponents (their estimate - their turn gain) - my estimate`. Playing
  on instead gives every player more turns: it is better when my turn gain exceeds theirs (my hand still has more to
  improve) and worse otherwise. The bot knocks when `L >= knock_margin` and its own turn gain is at most the best
  opponent's plus `knock_drift`, or when `L` is very large. The thresholds were fitted by simulation, sweeping them in
  games against `heuristic-v1` and `counting-v0` (docs/bots.md); `bots/tuning.py` holds them.
- **Six-card:** the same estimates, column by column: two equal ranks in a column score 0, so a card that pairs a
  known card of its column is worth the column's whole value. Turning the last face-down card up (a swap onto it or a
  flip) ends the round after one more turn each: it is done only when the bot's (then exact) sum beats every
  opponent's expected sum after their final turn by `close_margin`; otherwise another slot is preferred. With
  `flip_on_discard = may` it does not flip (a face-down card keeps its options open and tells the others nothing);
  the initial flips go to different columns.
- **Peeks** (four-card `peek = choose`): the four slots are alike (no columns), so any two; the first legal ones.

Options: `noise` (probability of a uniformly random legal action instead, for the `easy` level), and the thresholds.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import cast

from podium.agents.base import BotOption, NoisyAgent
from podium.core.contract import Action, Game, View
from podium.games.golf.actions import DISCARD, DRAW, KNOCK, PASS, SWAP, TAKE, GolfAction
from podium.games.golf.bots.tuning import (
    CLOSE_MARGIN,
    KNOCK_DRIFT,
    KNOCK_MARGIN,
    KNOCK_SURE,
    OWNER_BIAS,
    TAKE_MARGIN,
    UNKNOWN_MARGIN,
)
from podium.games.golf.cards import DECK_SIZE, RANK_OF, parse_card
from podium.games.golf.rules import GolfPhase
from podium.games.golf.scoring import UNKNOWN
from podium.games.golf.view import GolfView, as_golf_view, card_values_of

_PARSED: dict[str, int] = {}
_CHOOSE_A_SLOT = (GolfPhase.PEEK, GolfPhase.INITIAL_FLIP, GolfPhase.FLIP)


def card_of(text: str) -> int:
    """The card id of a card's text, parsed once per text."""
    c = _PARSED.get(text)
    if c is None:
        c = _PARSED[text] = parse_card(text)
    return c


class GolfReading:
    """What a Golf view says, in the numbers the heuristic reasons with: the cards each seat shows the bot, the unseen
    cards (by value and rank), and the estimates built on them."""

    __slots__ = (
        "_terms",
        "cards",
        "closing",
        "guesses",
        "last_turn",
        "me",
        "mu",
        "n",
        "rank_left",
        "six",
        "slots",
        "unseen",
        "values",
    )

    def __init__(self, view: GolfView, values: tuple[int, ...], owner_bias: float) -> None:
        self.values = values
        me = view["player"]
        assert me is not None, "the heuristic plays a seat"
        self.me: int = me
        self.n: int = view["num_players"]
        self.slots: int = view["slots"]
        self.six: bool = view["variant"] == "six"
        seen = [False] * DECK_SIZE
        self.cards: list[list[int]] = []  # card or UNKNOWN per seat and slot
        for hand in view["hands"]:
            row = []
            for text in hand:
                if text is None:
                    row.append(UNKNOWN)
                else:
                    c = card_of(text)
                    seen[c] = True
                    row.append(c)
            self.cards.append(row)
        for text in view["discard"]:
            seen[card_of(text)] = True
        drawn = view["drawn"]
        if drawn is not None:
            seen[card_of(drawn)] = True
        unseen_cards = [c for c in range(DECK_SIZE) if not seen[c]]
        self.unseen: list[int] = [values[c] for c in unseen_cards]
        self.rank_left = rank_left = [0] * 13
        for c in unseen_cards:
            rank_left[RANK_OF[c]] += 1
        mu = self.mu = sum(self.unseen) / len(self.unseen) if self.unseen else 0.0
        owner_knows = view["owner_knows"]
        self.guesses: list[list[float]] = [
            [mu - owner_bias if seat != me and known else mu for known in owner_knows[seat]] for seat in range(self.n)
        ]
        closer = view["went_out"] if self.six else view["knocker"]
        # The round ends after this turn: information has no later use.
        self.last_turn: bool = closer is not None and closer != me
        self.closing: bool = self.six and closer is None
        self._terms: dict[int, list[float]] = {}

    # -- sums -----------------------------------------------------------------------------------------------------

    def column(self, seat: int, a: int, b: int, ga: float, gb: float) -> float:
        """A six-card column's expected value; an unknown card next to a known one pairs with it with the chance that
        an unseen card has its rank."""
        values = self.values
        if a >= 0 and b >= 0:
            return 0.0 if RANK_OF[a] == RANK_OF[b] else float(values[a] + values[b])
        if a < 0 and b < 0:
            return ga + gb
        known, guess = (a, gb) if a >= 0 else (b, ga)
        total = len(self.unseen)
        if seat != self.me or total == 0:
            return values[known] + guess
        p = self.rank_left[RANK_OF[known]] / total
        return (1.0 - p) * (values[known] + guess)

    def expected_sum(self, seat: int, hand: list[int] | None = None) -> float:
        """Expected sum of `seat`'s hand (`hand` overrides the cards: UNKNOWN = unknown)."""
        cards = self.cards[seat] if hand is None else hand
        guesses = self.guesses[seat]
        if not self.six:
            values = self.values
            return sum(values[c] if c >= 0 else guesses[i] for i, c in enumerate(cards))
        return sum(self.column(seat, cards[i], cards[i + 3], guesses[i], guesses[i + 3]) for i in range(3))

    def terms(self, seat: int) -> list[float]:
        """The terms `expected_sum(seat)` adds, in its order: a card's worth per slot (four-card) or a column's
        (six-card), made once per seat and reading (a turn gain asks for them for every unseen rank)."""
        got = self._terms.get(seat)
        if got is None:
            cards = self.cards[seat]
            guesses = self.guesses[seat]
            if self.six:
                got = [self.column(seat, cards[i], cards[i + 3], guesses[i], guesses[i + 3]) for i in range(3)]
            else:
                values = self.values
                got = [values[c] if c >= 0 else guesses[i] for i, c in enumerate(cards)]
            self._terms[seat] = got
        return got

    def gain(self, seat: int, card: int, unknown_margin: float) -> tuple[float, int]:
        """(drop of `seat`'s expected sum, slot) of the best place for `card`; an unknown slot counts
        `unknown_margin` less. Gain <= 0 means keeping the hand is as good. A swap changes one term of the sum (a
        slot, or in six-card its column), so only that term is priced again; the sums add the same terms in the
        same order as `expected_sum`, so the floats are its own."""
        hand = self.cards[seat]
        terms = self.terms(seat)
        now = sum(terms)
        trial = terms[:]
        six = self.six
        guesses = self.guesses[seat]
        values = self.values
        best_gain, best_slot = -1e9, -1
        for slot in range(self.slots):
            if six:
                i = slot % 3
                a, b = (card, hand[i + 3]) if slot < 3 else (hand[i], card)
                trial[i] = self.column(seat, a, b, guesses[i], guesses[i + 3])
            else:
                i = slot
                trial[i] = values[card]
            gain = now - sum(trial)
            trial[i] = terms[i]
            if hand[slot] < 0:
                gain -= unknown_margin
            if gain > best_gain:
                best_gain, best_slot = gain, slot
        return best_gain, best_slot

    def turn_gain(self, seat: int, top: int | None, unknown_margin: float) -> float:
        """The expected drop of `seat`'s sum in one turn: the better of taking `top` and drawing from the stock (a
        drawn card is placed where it gains most, or thrown away), averaged over the unseen cards by rank."""
        take = self.gain(seat, top, unknown_margin)[0] if top is not None else 0.0
        total = len(self.unseen)
        if not total:
            return max(0.0, take)
        draw = 0.0
        # One representative card per rank: the gain depends on a card's rank only.
        for rank, count in enumerate(self.rank_left):
            if count:
                draw += count * max(0.0, self.gain(seat, rank * 4 + _SUIT_FREE, unknown_margin)[0])
        return max(take, draw / total)


# Cards are numbered rank * 4 + suit (cards.card); the suit does not matter to a sum.
_SUIT_FREE = 0


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The heuristic's options, at their fitted values (`tuning.py` says what each means)."""

    knock_margin: float = KNOCK_MARGIN
    knock_drift: float = KNOCK_DRIFT
    knock_sure: float = KNOCK_SURE
    unknown_margin: float = UNKNOWN_MARGIN
    owner_bias: float = OWNER_BIAS
    take_margin: float = TAKE_MARGIN
    close_margin: float = CLOSE_MARGIN


class GolfBot(NoisyAgent):
    """A Golf bot that decides from its view and the table's card values (`heuristic` and the frozen
    `heuristic-v1`): the noise, the view's reading and the value table are the same for both."""

    _values: tuple[int, ...] | None = None

    def act(self, view: View, legal: list[Action]) -> Action:
        blunder = self.blunder(legal)
        if blunder is not None:
            return blunder
        actions = cast(list[GolfAction], legal)
        golf = as_golf_view(view)
        if self._values is None:
            self._values = card_values_of(golf)
        return self.choose(golf, actions, self._values)

    @abstractmethod
    def choose(self, view: GolfView, legal: list[GolfAction], values: tuple[int, ...]) -> GolfAction:
        """The bot's decision."""


class GolfHeuristic(GolfBot):
    description = (
        "counts cards: an unseen card is worth the mean of the cards not yet seen, a card is swapped in where it "
        "lowers the expected sum most, the discard is taken when it beats a draw, and it knocks (four-card) when "
        "its expected lead after the others' last turns is large and playing on would not gain more"
    )
    options = (
        *NoisyAgent.options,
        BotOption("knock_margin", float, "knock when the expected lead after the others' final turns is this much"),
        BotOption("knock_drift", float, "… and its own turn gain exceeds the best opponent's by at most this"),
        BotOption("knock_sure", float, "knock whatever the turn gains when the expected lead is this much"),
        BotOption("unknown_margin", float, "how far below its estimate a card must be to replace an unknown card"),
        BotOption("owner_bias", float, "how far below the unseen mean an opponent's privately seen card is guessed"),
        BotOption("take_margin", float, "take the top discard when it gains this much more than a draw"),
        BotOption("close_margin", float, "six-card: go out only when this far ahead of every opponent's final sum"),
    )
    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, noise: float = 0.0, **thresholds: float) -> None:
        super().__init__(game, seat, seed, noise)
        self.thresholds = Thresholds(**thresholds)

    def choose(self, view: GolfView, legal: list[GolfAction], values: tuple[int, ...]) -> GolfAction:
        kinds = {a.kind: a for a in legal}
        phase = view["phase"]
        if phase in _CHOOSE_A_SLOT:
            return pick_slot(view, legal, kinds)
        r = GolfReading(view, values, self.thresholds.owner_bias)
        margin = 0.0 if r.last_turn else self.thresholds.unknown_margin
        top_text = view["discard_top"]
        if phase == GolfPhase.KNOCK:  # knock = "after": the hand is final, the others get a last turn
            return (
                kinds[KNOCK] if self._should_knock(r, card_of(top_text) if top_text else None, False) else kinds[PASS]
            )
        if DRAW in kinds:  # start of the turn
            top = card_of(top_text) if top_text is not None else None
            if KNOCK in kinds and self._should_knock(r, top, True):
                return kinds[KNOCK]
            if top is not None and TAKE in kinds:
                gain, slot = self._placement(r, top, margin)
                if slot >= 0 and gain > 0.0 and gain >= r.turn_gain(r.me, None, margin) + self.thresholds.take_margin:
                    return kinds[TAKE]
            return kinds[DRAW]
        # A card in hand: swap it in or discard it (a taken card is never discarded again: that changes nothing).
        drawn = view["drawn"]
        assert drawn is not None, "the player in the drawn phase sees the card in hand"
        gain, slot = self._placement(r, card_of(drawn), margin)
        swaps = [a for a in legal if a.kind == SWAP]
        may_discard = DISCARD in kinds and view["drawn_from"] == "stock"
        if slot >= 0 and (gain > 0.0 or not may_discard):
            for a in swaps:
                if a.slot == slot:
                    return a
        if DISCARD in kinds and (may_discard or not swaps):
            return kinds[DISCARD]
        # A taken card that gains nothing anywhere: put it where it loses least.
        return max(swaps, key=lambda a: self._swap_gain(r, card_of(drawn), a.slot))

    def _swap_gain(self, r: GolfReading, card: int, slot: int) -> float:
        trial = r.cards[r.me][:]
        trial[slot] = card
        return r.expected_sum(r.me) - r.expected_sum(r.me, trial)

    def _placement(self, r: GolfReading, card: int, margin: float) -> tuple[float, int]:
        """`r.gain` for the bot, with six-card's rule for the last face-down card: a swap that turns it up closes
        the round, worth it only when that wins the round clearly."""
        gain, slot = r.gain(r.me, card, margin)
        if not r.closing:
            return gain, slot
        hand = r.cards[r.me]
        if hand.count(UNKNOWN) != 1 or hand[slot] != UNKNOWN:
            return gain, slot
        trial = hand[:]
        trial[slot] = card
        if self._closing_wins(r, r.expected_sum(r.me, trial)):
            return gain, slot
        # Turning the last card up would lose the round: the best swap onto a known card instead.
        best_gain, best_slot = -1e9, -1
        for s in range(r.slots):
            if hand[s] != UNKNOWN:
                g = self._swap_gain(r, card, s)
                if g > best_gain:
                    best_gain, best_slot = g, s
        return best_gain, best_slot

    def _closing_wins(self, r: GolfReading, mine: float) -> bool:
        return mine + self.thresholds.close_margin <= self._others_final(r, None)

    def _others_final(self, r: GolfReading, top: int | None) -> float:
        """The best opponent's expected sum after one more turn (from the unseen cards and the top discard)."""
        return min(r.expected_sum(q) - r.turn_gain(q, top, 0.0) for q in range(r.n) if q != r.me)

    def _should_knock(self, r: GolfReading, top: int | None, instead: bool) -> bool:
        """Knock when the expected lead once every opponent has had a last turn is large enough, and playing on is
        not expected to widen it (four-card; thresholds fitted by simulation, `tuning.py`)."""
        mine = r.expected_sum(r.me)
        lead = self._others_final(r, top) - mine
        if lead >= self.thresholds.knock_sure:
            return True
        if lead < self.thresholds.knock_margin:
            return False
        if not instead:
            return True
        drift = r.turn_gain(r.me, top, self.thresholds.unknown_margin) - max(
            r.turn_gain(q, top, self.thresholds.unknown_margin) for q in range(r.n) if q != r.me
        )
        return drift <= self.thresholds.knock_drift


def pick_slot(view: GolfView, legal: list[GolfAction], kinds: dict[int, GolfAction]) -> GolfAction:
    """The choice of a slot to peek at or turn up, or not to turn one up at all where the rules allow it."""
    if PASS in kinds:
        return kinds[PASS]  # flip_on_discard = may: keep the card face down
    return pick_flip(view, legal)


def pick_flip(view: GolfView, legal: list[GolfAction]) -> GolfAction:
    """A slot to peek at or turn up: in six-card, prefer a column whose other card is still unknown (spreads the
    information over the columns, and keeps a pair possible in each)."""
    me = view["player"]
    if view["variant"] != "six" or me is None:
        return legal[0]
    hand = view["hands"][me]
    best = legal[0]
    best_score = -1e9
    for a in legal:
        partner = (a.slot + 3) % 6
        score = 1.0 if hand[partner] is None else 0.0
        if score > best_score:
            best, best_score = a, score
    return best
