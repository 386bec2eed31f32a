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
known. An anchored search on `fast` keeps the heuristic's move in six-card Golf (`min_anchor`); `columns` (Golf's
`hard`, issue 31) plays six-card rounds with the heuristic's own moves and searches there.

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
    KNOCK_ACTION,
    PASS_ACTION,
    SWAP,
    SWAPS,
    TAKE_ACTION,
    GolfAction,
)
from podium.games.golf.bots.beliefs import belief_sampler
from podium.games.golf.bots.heuristic import GolfHeuristic
from podium.games.golf.bots.policy import LAST_CARD_PENALTY, FourCard, Seat4, SixCard
from podium.games.golf.bots.tuning import PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN
from podium.games.golf.cards import DECK_SIZE, RANK_OF, parse_card
from podium.games.golf.rules import UNSEEN, GolfPhase, Rules
from podium.games.golf.scoring import UNKNOWN, Pricer
from podium.games.golf.state import GolfState
from podium.games.golf.view import GolfView, as_golf_view, card_values_of

GOLF_SPREAD = 7.0
# The score margin's share of a reward, and the points that make a margin count (tanh scale).
GOLF_MARGIN = 0.05
GOLF_MARGIN_SCALE = 10.0

_START, _DRAWN, _KNOCK = GolfPhase.START, GolfPhase.DRAWN, GolfPhase.KNOCK
_NO_PLACE = (-math.inf, -1)  # (gain, slot) of an empty discard pile: nothing to take


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
    if view["phase"] == GolfPhase.INITIAL_FLIP and me is not None:
        # G-8.1: before a card is seen the slots differ only by whether their column partner is already face up
        # (columns are alike, and so are a column's two rows): one flip of each kind.
        shown = view["hands"][me]
        kinds: dict[bool, GolfAction] = {}
        for a in legal:
            kinds.setdefault(shown[(a.slot + 3) % 6] is None, a)
        return list(kinds.values())
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
    # Whether the rest of a round is played by the heuristic bot itself (`GolfColumnsPlayout` in six-card) instead of
    # the cheap policy of `policy.py`.
    by_heuristic = False

    def __init__(self, beliefs: float = 1.0) -> None:
        # How strongly the sampled worlds deal an opponent's privately seen cards low (`beliefs.py`; 0: uniformly,
        # as `determinize`).
        self.beliefs = beliefs
        self.round = 0  # the round being searched, and the game's rounds
        self.rounds = 0
        self.price = Pricer((), False, 0.0)
        self.four = FourCard(self.price, PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN)
        self.six = SixCard(self.price, TAKE_GAIN, UNKNOWN_MARGIN, LAST_CARD_PENALTY)
        self.values: tuple[int, ...] = ()
        self._heuristic: GolfHeuristic | None = None

    def prepare(self, view: View) -> None:
        golf = as_golf_view(view)
        self.round = golf["round"]
        self.rounds = golf["rounds"]
        self.values = values = card_values_of(golf)
        # Rounded, so that six-card's column table (cached per guess) is reused from one decision to the next.
        guess = round(unseen_mean(golf, values), 1)
        self.price = Pricer(values, golf["variant"] == "six", guess)
        self.four = FourCard(self.price, PLAYOUT_KNOCK_LEAD, TAKE_GAIN, UNKNOWN_MARGIN)
        self.six = SixCard(self.price, TAKE_GAIN, UNKNOWN_MARGIN, LAST_CARD_PENALTY)

    def prune(self, view: View, legal: list[Action]) -> list[Action]:
        kept: list[Action] = list(prune_golf(as_golf_view(view), [a for a in legal if isinstance(a, GolfAction)]))
        return kept or legal

    def sampler(self, game: Game, view: View) -> Callable[[Rng], State]:
        weighted = belief_sampler(as_golf_view(view), self.beliefs) if self.beliefs > 0 else None
        return weighted if weighted is not None else super().sampler(game, view)

    def default(self, view: View, legal: list[Action]) -> Action | None:
        """The heuristic bot's move (an anchored search keeps it unless another is clearly better)."""
        golf = as_golf_view(view)
        actions = [a for a in legal if isinstance(a, GolfAction)]
        return self.heuristic().choose(golf, actions, card_values_of(golf))

    def heuristic(self) -> GolfHeuristic:
        """The heuristic bot (its `choose` reads the seat from the view, so one serves every seat)."""
        if self._heuristic is None:
            from podium.games.golf import GAME  # here: the package imports this module

            self._heuristic = GolfHeuristic(GAME, 0)
        return self._heuristic

    def min_anchor(self, view: View) -> float:
        # Six-card: the anchored flat search lost 66 of 70 games to the heuristic (its deviations were noise among up
        # to seven moves, its playout cruder than the heuristic; docs/bots.md): an anchored search keeps the
        # heuristic's move there until that is fixed.
        return math.inf if as_golf_view(view)["variant"] == "six" else 0.0

    def final(self, state: State) -> list[float]:
        return super().final(state) if self.margin == 0 else _final(state, self.margin)

    def step(self, world: State, action: Action) -> list[float] | None:
        """The tree's walk: a move that ends the round being searched returns the round's rewards, those of `play`:
        the playouts score the round's end, so nothing after it is searched, and the engine does not deal the next
        round (`GolfState.step_in_round`; a sixth of the four-card tree's time when late-round positions walked
        across it)."""
        s: GolfState = world  # type: ignore[assignment]  # the sampler's (`determinize`'s) worlds
        if s.round == self.round and s.step_in_round(action) < 0:  # type: ignore[arg-type]  # a legal action of `s`
            return self._scored(s)
        if s.round != self.round:
            s.step(action)  # type: ignore[arg-type]
        return None

    def play(self, world: State, action: Action, rng: Rng, keep: bool) -> list[float]:
        """The flat search's step: `action` and the rest of the round, through the engine."""
        s: GolfState = world.clone() if keep else world  # type: ignore[assignment]
        if s.round != self.round:
            return super().play(s, action, rng, False)
        p = s.step_in_round(action)  # type: ignore[arg-type]
        if p >= 0:  # the round goes on (the seat `step_in_round` returns is the one to move: no query for it)
            self._round(s, p, rng)
        return self._scored(s)

    def play_each(self, world: State, actions: list[Action], rng: Rng) -> list[list[float]]:
        """`play` of each action in the world, with the four-card policy's seats (`Seat4`) made once for the world
        rather than once per action: a searched move changes at most its mover's (a swap or a peek), which is made
        again after it."""
        s: GolfState = world  # type: ignore[assignment]
        r = s.rules
        if self.by_heuristic or r.six or s.round != self.round:
            return super().play_each(world, actions, rng)
        seat = self.four.seat
        hands, known = s.hands, s.known
        before = [seat(hands, known, b) for b in range(0, 4 * s.num_players, 4)]
        mover: int = s.current_player  # type: ignore[assignment]  # the round is under way
        last = len(actions) - 1
        out = []
        for k, action in enumerate(actions):
            keep = k < last
            t = s.clone() if keep else s
            p = t.step_in_round(action)  # type: ignore[arg-type]
            if p >= 0:
                changed = mover if action.slot >= 0 else -1  # type: ignore[attr-defined]  # a Golf action
                self._four_round(t, r, p, rng.clone() if keep else rng, before[:], changed)
            out.append(self._scored(t))
        return out

    def run(self, world: State, rng: Rng) -> list[float]:
        """The rest of the round being searched, by the policy (`policy.py`), then its rewards (`_scored`)."""
        s: GolfState = world  # type: ignore[assignment]
        if s.is_over:
            return _final(s, self.margin)
        if s.round != self.round:  # a later round (a search not stopped at the round's end): scored as it stands
            return self._estimate([float(t) for t in s.totals], s.rules.rounds - s.round + 1)
        self._round(s, s.current_player, rng)  # type: ignore[arg-type]  # a round under way has one
        return self._scored(s)

    def _round(self, s: GolfState, p: int, rng: Rng) -> None:
        """Plays the rest of the round under way in `s`, `p` to move, by the policy (`policy.py`) or the heuristic."""
        r = s.rules
        if self.by_heuristic:
            self._heuristic_round(s, p)
        elif r.six:
            self._six_round(s, r, p, rng)
        else:
            self._four_round(s, r, p, rng)

    def _scored(self, s: GolfState) -> list[float]:
        """The rewards of the round just ended (`step_in_round`: scored, the next round not dealt): the game's, after
        the last round (as `rewards_of` scores the finished game), else the win chances with the rounds left. `s` is in
        the round being searched."""
        if self.round >= self.rounds:
            return _by_totals(list(s.totals), self.margin)
        return self._estimate(list(map(float, s.totals)), self.rounds - self.round)

    def _heuristic_round(self, s: GolfState, p: int) -> None:
        """Plays the rest of the round with every seat's move the heuristic bot's, from that seat's view of the
        sampled world (what it may know there: G-7) and the world's legal actions."""
        choose = self.heuristic().choose
        values = self.values
        view, legal, step = s.golf_view, s.legal_actions, s.step_in_round
        while True:
            p = step(choose(view(p), legal(), values))
            if p < 0:
                return

    def _four_round(
        self, s: GolfState, r: Rules, p: int, rng: Rng, seats: list[Seat4] | None = None, changed: int = -1
    ) -> None:
        """Four-card: plays the rest of the round. The lists read are the state's own, changed in place by its
        steps within a round; each seat's `Seat4` is made again after a move that changes its hand. `seats`: the
        seats as they were before the last move, which changed only the hand of `changed` (-1: none)."""
        policy = self.four
        seat, place, knocks = policy.seat, policy.place, policy.knocks
        take_gain = policy.take_gain
        hands, known, discard = s.hands, s.known, s.discard
        if seats is None:
            seats = [seat(hands, known, b) for b in range(0, 4 * s.num_players, 4)]
        elif changed >= 0:
            seats[changed] = seat(hands, known, 4 * changed)
        # Nobody has knocked yet this round (only the playout's own moves knock from here on). After a knock nobody
        # decides to knock and nobody moves twice (G-5.1): a seat is read no more once its hand changes, so its
        # `Seat4` is not made again.
        open_round = s.closer is None
        may_knock = r.knock_instead and open_round
        must_swap = r.must_swap
        step = s.step_in_round
        while True:
            phase = s.phase
            if phase is _START:
                if may_knock and knocks(seats, p):
                    may_knock = open_round = False
                    nxt = step(KNOCK_ACTION)
                else:
                    gain, slot = place(seats[p], discard[-1]) if discard else _NO_PLACE
                    if gain >= take_gain:
                        step(TAKE_ACTION)
                        nxt = step(SWAPS[slot])
                        if open_round:
                            seats[p] = seat(hands, known, 4 * p)
                    else:
                        step(DRAW_ACTION)
                        phase = _DRAWN  # played at once (reading the state's phase again costs a call)
            if phase is _DRAWN:
                gain, slot = place(seats[p], s.drawn)
                if gain > 0.0 or (must_swap and s.taken):
                    nxt = step(SWAPS[slot])
                    if open_round:
                        seats[p] = seat(hands, known, 4 * p)
                else:
                    nxt = step(DISCARD_ACTION)
            elif phase is _KNOCK:
                open_round = not knocks(seats, p)
                nxt = step(PASS_ACTION if open_round else KNOCK_ACTION)
            elif phase is not _START:  # the peeks and flips (a knock or a take at the start is played above)
                nxt = step(_any(s, rng))
                seats[p] = seat(hands, known, 4 * p)
            if nxt < 0:
                return
            p = nxt

    def _six_round(self, s: GolfState, r: Rules, p: int, rng: Rng) -> None:
        """Six-card: plays the rest of the round, as `_four_round`, with each seat's `Slot6` list and its count of
        face-down cards."""
        policy = self.six
        place, swapped = policy.place, policy.swapped
        take_gain = policy.take_gain
        n = s.num_players
        hands, known, discard = s.hands, s.known, s.discard
        seats = [policy.seat(hands, known, b) for b in range(0, 6 * n, 6)]
        hidden = [known[b : b + 6].count(UNSEEN) for b in range(0, 6 * n, 6)]
        must_swap = r.must_swap
        step = s.step_in_round
        while True:
            phase = s.phase
            mine = seats[p]
            if phase is _START:
                gain, slot = place(mine, discard[-1], hidden[p] == 1 and s.closer is None) if discard else _NO_PLACE
                if gain >= take_gain:
                    step(TAKE_ACTION)
                    hidden[p] -= known[6 * p + slot] == UNSEEN
                    nxt = step(SWAPS[slot])
                    swapped(mine, hands, known, 6 * p, slot)
                else:
                    step(DRAW_ACTION)
                    phase = _DRAWN
            if phase is _DRAWN:
                gain, slot = place(mine, s.drawn, hidden[p] == 1 and s.closer is None)
                if gain > 0.0 or (must_swap and s.taken):
                    hidden[p] -= known[6 * p + slot] == UNSEEN
                    nxt = step(SWAPS[slot])
                    swapped(mine, hands, known, 6 * p, slot)
                else:
                    nxt = step(DISCARD_ACTION)
            elif phase is not _START:  # the flips at a round's start and after a discard (`flip_on_discard`)
                nxt = step(_any(s, rng))
                seats[p] = policy.seat(hands, known, 6 * p)
                hidden[p] = known[6 * p : 6 * p + 6].count(UNSEEN)
            if nxt < 0:
                return
            p = nxt

    def _estimate(self, totals: list[float], left: int) -> list[float]:
        """Rewards at the end of a round with `left` rounds still to play: win chances and the score margin.
        `with_margin(win_chances(...))` in one pass, with the same floats."""
        scale = _SCALES.get(left)
        if scale is None:
            scale = _SCALES[left] = 1.0 / (GOLF_SPREAD * math.sqrt(left) * math.sqrt(2.0))
        n = len(totals)
        margin = self.margin
        keep = 1.0 - margin
        total = sum(totals)
        erf = math.erf
        tanh = math.tanh
        if n == 2:  # the loop below written out (adding to 0.0, dividing by 1 and multiplying by -1.0 change no float)
            a, b = totals
            return [
                keep * (0.5 * (1.0 + erf((b - a) * scale)))
                + margin * 0.5 * (1.0 + tanh(-(a - (total - a)) / GOLF_MARGIN_SCALE)),
                keep * (0.5 * (1.0 + erf((a - b) * scale)))
                + margin * 0.5 * (1.0 + tanh(-(b - (total - b)) / GOLF_MARGIN_SCALE)),
            ]
        others = n - 1
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


def _any(s: GolfState, rng: Rng) -> GolfAction:
    """A move of a decision the policy leaves to chance (which card to peek at or turn up): a pass where allowed
    (`flip_on_discard = may`: keep the card face down), else any."""
    legal = s.legal_actions()
    return PASS_ACTION if PASS_ACTION in legal else legal[rng.randbelow(len(legal))]


class GolfColumnsPlayout(GolfPlayout):
    """`fast`, but six-card rounds are played by the heuristic bot for every seat (issue 31): it prices a column
    with its pair chances and a turn by what a draw is worth, where `fast`'s six-card policy is a cruder sketch (an
    anchored search on it lost 66 of 70 games to the heuristic). Four-card rounds, which have no columns, are
    `fast`'s. A six-card playout costs several times `fast`'s, so the search spends `SIX_SHARE` of its iteration
    budget there (600 → 60)."""

    name = "columns"

    def prepare(self, view: View) -> None:
        super().prepare(view)
        self.by_heuristic = as_golf_view(view)["variant"] == "six"

    def min_anchor(self, view: View) -> float:
        return 0.0  # its six-card playouts are the heuristic's own: an anchored search may search there

    def iterations(self, view: View, iterations: int) -> int:
        if as_golf_view(view)["variant"] != "six":
            return iterations
        return max(1, round(iterations * SIX_SHARE))


class GolfHeuristicPlayout(GolfColumnsPlayout):
    """`columns` in both variants: four-card rounds played by the heuristic too, with a tenth of the budget (a
    measured alternative, docs/bots.md)."""

    name = "heuristic"

    def prepare(self, view: View) -> None:
        super().prepare(view)
        self.by_heuristic = True

    def iterations(self, view: View, iterations: int) -> int:
        return max(1, round(iterations * SIX_SHARE))


# The share of the iteration budget a six-card decision of `columns` spends (a heuristic playout costs about ten of
# `fast`'s; a 5-player round ends no later than a 2-player one, at the first player out, so one share serves all).
SIX_SHARE = 0.1
