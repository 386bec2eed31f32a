"""Golf's fast playout for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): every player follows a cheap version of the heuristic bot's thresholds (`tuning.py`), using
only what that player could know in the sampled world (`rules.visible_at`: their own seen cards and the public ones;
for the rest the mean value of the cards the searching player has not seen, counted from its view when the decision
starts), with the sums of the views and the heuristic (`scoring.Pricer`: `partial_sum` precomputed per value table).
Players knock (four-card) when their estimated lead is `PLAYOUT_KNOCK_LEAD`, the heuristic's rule without the turn
gains. The playout stops at the end of the round being searched and scores the totals with `win_chances` (spread
`GOLF_SPREAD` points per round still to play), mixed with a small share (`GOLF_MARGIN`) of the score margin
(`podium.agents.playouts.with_margin`), so that a decided game still prefers keeping points. It reads the sampled
world through the state's read-only accessors only.

`prune` (at the root of a decision, issue 17): a card in hand is never put over a known card worth no more than it
when it can be thrown away instead (or, when it must be swapped in, when a known card worth more is there), never
thrown away when it is worth less than a known card it could replace, and a card taken from the discard pile is never
discarded again (a turn that changes nothing); and of the four-card peeks only the first is searched (the slots are
alike). Six-card Golf judges a swap by its column (a pair scores 0) and prunes only swaps whose column partner is
known. An anchored search (`anchor`, Golf's `hard`) keeps the heuristic's move in six-card Golf (`min_anchor`).

`sampler` (the worlds of a decision): four-card Golf deals an opponent's privately seen cards low, as players keep
them (`beliefs.py`), instead of uniformly; with that the search judges knocks itself (before, the uniform worlds
overrated a knock and a knock the heuristic would not make was not searched; docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from podium.agents.playouts import Playout, rewards_of, with_margin
from podium.core.contract import Action, Game, State, View
from podium.core.rng import Rng
from podium.games.golf.actions import (
    DISCARD,
    DISCARD_ACTION,
    DRAW_ACTION,
    KNOCK,
    KNOCK_ACTION,
    PASS_ACTION,
    SWAP,
    SWAPS,
    TAKE_ACTION,
    GolfAction,
)
from podium.games.golf.bots.beliefs import belief_sampler
from podium.games.golf.bots.heuristic import GolfHeuristic
from podium.games.golf.bots.rollout import FourCardPolicy, finish_four, fits, turn_ends
from podium.games.golf.bots.rollout_six import finish_six
from podium.games.golf.bots.tuning import PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN
from podium.games.golf.cards import DECK_SIZE, RANK_OF, parse_card
from podium.games.golf.rules import MAX_PLAYERS, OWNER, UNSEEN, GolfPhase, visible_at
from podium.games.golf.scoring import UNKNOWN, Pricer
from podium.games.golf.state import GolfState
from podium.games.golf.views import GolfView, as_golf_view, card_values_of

GOLF_SPREAD = 7.0
# The score margin's share of a reward, and the points that make a margin count (tanh scale).
GOLF_MARGIN = 0.05
GOLF_MARGIN_SCALE = 10.0
# Turning the last face-down card up ends the round: the playout avoids it unless the gain is big.
LAST_CARD_PENALTY = 8.0

_START, _DRAWN, _KNOCK = GolfPhase.START, GolfPhase.DRAWN, GolfPhase.KNOCK
# The kinds of move that can end a round in the phases `step` looks at (a knock only in four-card Golf).
_TURN_ENDS = frozenset((SWAP, DISCARD, KNOCK))


# visible_at(p, q) for every pair of seats, looked up on every knock decision.
_SIGHT = tuple(tuple(visible_at(p, q) for q in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS))


def _should_knock(hands: Sequence[int], known: Sequence[int], n: int, p: int, price: Pricer) -> bool:
    """`p`'s expected sum is below every opponent's, as `p` sees the hands, by PLAYOUT_KNOCK_LEAD (four-card)."""
    sight = _SIGHT[p]
    others = math.inf
    for q in range(n):
        if q != p:
            theirs = price.seat(hands, known, q * 4, sight[q])
            others = min(others, theirs)
    return price.seat(hands, known, p * 4, sight[p]) + PLAYOUT_KNOCK_LEAD <= others


def _best_swap(
    hands: Sequence[int], known: Sequence[int], p: int, card: int, price: Pricer, closing: bool
) -> tuple[float, int]:
    """(gain in `p`'s expected sum, slot) of the best place for `card`, as `p` sees the hand (its own cards it has
    seen, `known` at least OWNER): read straight from the position's lists, as this runs on every step. `closing`:
    six-card, nobody has all cards face up yet."""
    best_gain, best_slot = -1e9, 0
    if not price.six:
        base = p * 4
        worth = price.cards
        v = worth[card]
        guess = worth[UNKNOWN]
        for slot in range(4):
            i = base + slot
            gain = worth[hands[i]] - v if known[i] >= OWNER else guess - v - UNKNOWN_MARGIN
            if gain > best_gain:
                best_gain, best_slot = gain, slot
        return best_gain, best_slot
    base = p * 6
    columns = price.columns
    placed = columns[card]
    unknown = columns[UNKNOWN]
    last_unknown = closing and known[base : base + 6].count(UNSEEN) == 1
    for slot in range(6):
        i = base + slot
        j = base + (slot + 3) % 6
        partner = hands[j] if known[j] >= OWNER else UNKNOWN
        if known[i] >= OWNER:
            gain = columns[hands[i]][partner] - placed[partner]
        else:
            gain = unknown[partner] - placed[partner] - UNKNOWN_MARGIN
            if last_unknown:
                gain -= LAST_CARD_PENALTY
        if gain > best_gain:
            best_gain, best_slot = gain, slot
    return best_gain, best_slot


def unseen_mean(view: GolfView, values: Sequence[int]) -> float:
    """The mean value of the cards the viewer has not seen (not in the discard pile, shown in no hand, not in hand)."""
    seen = [False] * DECK_SIZE
    for hand in view["hands"]:
        for text in hand:
            if text is not None:
                seen[parse_card(text)] = True
    for text in view["discard"]:
        seen[parse_card(text)] = True
    if view["drawn"] is not None:
        seen[parse_card(view["drawn"])] = True
    unseen = [values[c] for c in range(DECK_SIZE) if not seen[c]]
    return sum(unseen) / len(unseen) if unseen else sum(values) / len(values)


def prune_golf(view: GolfView, legal: list[GolfAction]) -> list[GolfAction]:
    """`legal` without the swaps and discards that are no better than another legal move for certain (see the
    module's docstring); never empty."""
    me = view["player"]
    drawn = view["drawn"]
    if view["phase"] == GolfPhase.PEEK:
        return legal[:1]  # G-3.3: four-card slots are alike (no columns), so which card to look at does not matter
    if view["phase"] != GolfPhase.DRAWN or drawn is None or me is None:
        return legal
    values = card_values_of(view)
    six = view["variant"] == "six"
    card = parse_card(drawn)
    hand = [parse_card(t) if t is not None else UNKNOWN for t in view["hands"][me]]
    can_discard = view["drawn_from"] == "stock" and any(a.kind == DISCARD for a in legal)
    if six and view["config"].get("flip_on_discard", "no") == "must":
        can_discard = False  # a discard then turns a card up: not the same as keeping the hand

    def change(slot: int) -> float | None:
        """How much the swap onto `slot` lowers the hand's sum, when that is certain (None: it depends on unknown
        cards)."""
        old = hand[slot]
        if old < 0:
            return None
        if not six:
            return float(values[old] - values[card])
        partner = hand[(slot + 3) % 6]
        if partner < 0:
            return None
        before = 0 if RANK_OF[old] == RANK_OF[partner] else values[old] + values[partner]
        after = 0 if RANK_OF[card] == RANK_OF[partner] else values[card] + values[partner]
        return float(before - after)

    known = {a.slot: change(a.slot) for a in legal if a.kind == SWAP}
    best_known = max((g for g in known.values() if g is not None), default=None)
    kept: list[GolfAction] = []
    for a in legal:
        if a.kind == DISCARD and view["drawn_from"] == "discard" and known:
            continue  # taking the top discard and discarding it again changes nothing
        if a.kind == DISCARD and can_discard and best_known is not None and best_known > 0.0:
            continue  # a swap over a known card lowers the sum for certain (and leaves the worse card on top)
        if a.kind == SWAP:
            gain = known[a.slot]
            if gain is not None and gain <= 0.0 and can_discard:
                continue  # the discard keeps the hand at least as low
            if gain is not None and best_known is not None and gain < best_known and not can_discard:
                continue  # another known card is worth replacing more
        kept.append(a)
    return kept or legal


class GolfPlayout(Playout):
    name = "fast"
    margin = GOLF_MARGIN

    def __init__(self, through_engine: bool = False, beliefs: float = 1.0) -> None:
        # How strongly the sampled worlds deal an opponent's privately seen cards low (`beliefs.py`; 0: uniformly,
        # as `determinize`).
        self.beliefs = beliefs
        self.round = 0
        self.price = Pricer((), False, 0.0)
        self.four = FourCardPolicy(self.price, PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN)
        # False: the rest of a round from a turn's start is played on plain lists (`rollout.py`), with the same result.
        self.through_engine = through_engine
        self._heuristic: GolfHeuristic | None = None

    def prepare(self, view: View) -> None:
        golf = as_golf_view(view)
        self.round = golf["round"]
        values = card_values_of(golf)
        # Rounded, so that six-card's column table (cached per guess) is reused from one decision to the next.
        guess = round(unseen_mean(golf, values), 1)
        self.price = Pricer(values, golf["variant"] == "six", guess)
        self.four = FourCardPolicy(self.price, PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN)

    def prune(self, view: View, legal: list[Action]) -> list[Action]:
        kept: list[Action] = list(prune_golf(as_golf_view(view), [a for a in legal if isinstance(a, GolfAction)]))
        return kept or legal

    def sampler(self, game: Game, view: View) -> Callable[[Rng], State]:
        weighted = belief_sampler(as_golf_view(view), self.beliefs) if self.beliefs > 0 else None
        return weighted if weighted is not None else super().sampler(game, view)

    def default(self, view: View, legal: list[Action]) -> Action | None:
        """The heuristic bot's move (an anchored search keeps it unless another is clearly better)."""
        golf = as_golf_view(view)
        if self._heuristic is None:
            from podium.games.golf import GAME  # here: the package imports this module

            self._heuristic = GolfHeuristic(GAME, golf["player"] or 0)
        actions = [a for a in legal if isinstance(a, GolfAction)]
        return self._heuristic.choose(golf, actions, card_values_of(golf))

    def min_anchor(self, view: View) -> float:
        # Six-card: the anchored flat search lost 66 of 70 games to the heuristic (its deviations were noise among up
        # to seven moves, its playout cruder than the heuristic; docs/bots.md): an anchored search keeps the
        # heuristic's move there until that is fixed.
        return math.inf if as_golf_view(view)["variant"] == "six" else 0.0

    def final(self, state: State) -> list[float]:
        return super().final(state) if self.margin == 0 else _final(state, self.margin)

    def play(self, world: State, action: Action, rng: Rng, keep: bool) -> list[float]:
        """A move of a turn's start (draw, take, knock) or with a card in hand (swap, discard) in the round being
        searched is played on the lists with the rest of the round (`finish_four`, `finish_six`), which leave
        `world` as it was: no copy, no engine step, the same rewards (tests/games/golf/test_golf_bots_rollout.py)."""
        s = world
        if (
            action.__class__ is GolfAction
            and s.__class__ is GolfState
            and not self.through_engine
            and s.round == self.round
            and (s.phase is _START or s.phase is _DRAWN)
            and fits(s.rules)
        ):
            return self._finish(s, action)
        return super().play(world, action, rng, keep)

    def step(self, world: State, action: Action) -> list[float] | None:
        """The tree's walk: a move that ends the round being searched (G-5.1 after a knock, G-8.3 after going out,
        G-5.2, G-5.3) returns the round's rewards, those of `play`, instead of being applied: the playouts score the
        round's end, so nothing after it is searched, and the engine does not deal the next round (a sixth of the
        four-card tree's time when late-round positions walked across it). Anything else by `apply`. Six-card (as
        `fits` plays it: no flip after a discard) has no knock, and a swap that turns the last card up leaves every
        other player a turn, so the same check holds."""
        s = world
        if (
            action.__class__ is GolfAction
            and action.kind in _TURN_ENDS  # first: draws, takes and peeks (half the steps) go straight on
            and s.__class__ is GolfState
            and not self.through_engine
            and s.round == self.round
            and fits(r := s.rules)
        ):
            kind = action.kind
            phase = s.phase
            # As the engine's end of a turn (`GolfState._end_turn`) reads its fields after the move.
            turns = s.turns
            cap = turns - s.round_turns + r.turn_limit
            if phase is _DRAWN and kind in (SWAP, DISCARD):
                ends = turn_ends(s.stock, s.final_turns_left, turns, cap)
            elif phase is _START and kind == KNOCK:
                ends = not s.stock or turns + 1 >= cap
            else:
                ends = False
            if ends:
                return self._finish(s, action)
        world.apply(action)
        return None

    def _finish(self, s: GolfState, first: GolfAction | None = None) -> list[float]:
        """The rewards of the round under way played out on lists from a turn's start or a card in hand, `first`
        (if given) being the current player's move."""
        r = s.rules
        if r.six:
            totals = finish_six(s, self.price, TAKE_GAIN, UNKNOWN_MARGIN, LAST_CARD_PENALTY, first)
        else:
            totals = finish_four(s, self.four, first)
        if s.round >= r.rounds:  # that was the last round: as `rewards_of` scores the finished game
            return _by_totals(totals, self.margin)
        return self._estimate(list(map(float, totals)), r.rounds - s.round)

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, GolfState)
        s = world
        price = self.price
        start_round = self.round
        r = s.rules
        n = s.num_players
        lists = not self.through_engine and fits(r)
        while (p := s.current_player) is not None and s.round == start_round:
            phase = s.phase
            if (phase is _START or phase is _DRAWN) and lists:
                return self._finish(s)
            if phase is _START:
                # A whole turn (G-4.1): the draw or take and then the swap or discard, decided on the same hand.
                hands, known = s.hands, s.known
                open_round = s.closer is None
                if r.knock_instead and open_round and _should_knock(hands, known, n, p, price):
                    s.apply(KNOCK_ACTION)
                    continue
                discard = s.discard
                if discard:
                    gain, slot = _best_swap(hands, known, p, discard[-1], price, open_round)
                    if gain >= TAKE_GAIN:
                        s.apply(TAKE_ACTION)
                        s.apply(SWAPS[slot])  # the card and the hand the take was weighed on
                        continue
                s.apply(DRAW_ACTION)
                gain, slot = _best_swap(s.hands, s.known, p, s.drawn, price, open_round)
                s.apply(SWAPS[slot] if gain > 0.0 else DISCARD_ACTION)
            elif phase is _DRAWN:
                gain, slot = _best_swap(s.hands, s.known, p, s.drawn, price, s.closer is None)
                if gain > 0.0 or (s.taken and r.must_swap):
                    s.apply(SWAPS[slot])
                else:
                    s.apply(DISCARD_ACTION)
            elif phase is _KNOCK:
                s.apply(KNOCK_ACTION if _should_knock(s.hands, s.known, n, p, price) else PASS_ACTION)
            else:
                legal = s.legal_actions()
                s.apply(PASS_ACTION if PASS_ACTION in legal else legal[rng.randbelow(len(legal))])
        if p is None:  # the game is over
            return _final(s, self.margin)
        return self._estimate([float(t) for t in s.totals], r.rounds - s.round + 1)

    def _estimate(self, totals: list[float], left: int) -> list[float]:
        """Rewards at the end of a round with `left` rounds still to play: win chances and the score margin.
        `with_margin(win_chances(...))` in one pass, with the same floats."""
        scale = _SCALES.get(left)
        if scale is None:
            scale = _SCALES[left] = 1.0 / (GOLF_SPREAD * math.sqrt(left) * math.sqrt(2.0))
        n = len(totals)
        others = n - 1
        margin = self.margin
        keep = 1.0 - margin
        total = sum(totals)
        erf = math.erf
        tanh = math.tanh
        if n == 2:  # the loop below written out
            a, b = totals
            return [
                keep * ((0.0 + 0.5 * (1.0 + erf((b - a) * scale))) / 1)
                + margin * 0.5 * (1.0 + tanh(-1.0 * (a - (total - a) / 1) / GOLF_MARGIN_SCALE)),
                keep * ((0.0 + 0.5 * (1.0 + erf((a - b) * scale))) / 1)
                + margin * 0.5 * (1.0 + tanh(-1.0 * (b - (total - b) / 1) / GOLF_MARGIN_SCALE)),
            ]
        out = []
        for p in range(n):
            mine = totals[p]
            chances = 0.0
            for q in range(n):
                if q != p:
                    chances += 0.5 * (1.0 + erf((totals[q] - mine) * scale))
            ahead = -1.0 * (mine - (total - mine) / others)
            out.append(keep * (chances / others) + margin * 0.5 * (1.0 + tanh(ahead / GOLF_MARGIN_SCALE)))
        return out


# 1 / (spread * sqrt(2)) of `win_chances` by rounds left
_SCALES: dict[int, float] = {}


def _by_totals(totals: list[int], margin: float) -> list[float]:
    """`rewards_of` of a finished game with these totals (lowest wins, ties share): the same numbers, without the
    state."""
    n = len(totals)
    out = []
    for p in range(n):
        beaten = 0.0
        for q in range(n):
            if q != p:
                if totals[p] < totals[q]:
                    beaten += 1.0
                elif totals[p] == totals[q]:
                    beaten += 0.5
        out.append(beaten / (n - 1))
    if margin:
        return with_margin(out, [float(t) for t in totals], False, margin, GOLF_MARGIN_SCALE)
    return out


def _final(state: State, margin: float) -> list[float]:
    return rewards_of(state, margin, GOLF_MARGIN_SCALE)
