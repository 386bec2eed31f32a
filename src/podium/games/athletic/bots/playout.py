"""Athletic Games' playouts for ISMCTS (see `podium.agents.playouts`).

`fast` (the default): each player places hand cards greedily (a random legal play, else a random
fill of an empty slot; no table moves) and ends the turn when nothing more fits. The playout stops once every player
has had one more turn after the searched one and scores medals − `ATHLETIC_HAND_WEIGHT` per card in hand (seven
cards are about one medal away) with `win_chances`, spread growing with the medals still needed.

The worlds (`sampler`, both playouts and the turn search): the cards the previous player kept at the end of their
turn are dealt by what that turn shows. A player who places the most cards they can (the heuristic, the solver, a
good human) ends a turn without a medal holding only cards that fit nowhere on the table they leave, even after
moves (else one more card could have been placed), and then draws `PLAIN_DRAW` (3) unseen cards. Under that model a
hand of theirs is, given how many of its cards fit the table (as it stood when this turn began), uniform among the
hands with that many; only that number's distribution changes: the fitting cards among 3 drawn from the unseen
cards but the kept ones, instead of among the whole hand. So a world is dealt as `determinize` deals it, then, with
chance `KEPT_TRUST` (the rest: uniform dealing, for a player who does not maximise, or a turn stopped short to deny
a clear), that number is drawn from the model and the hand is brought to it by trading random cards with the draw
pile within one reshuffle pool (`AthleticGame.determinize_with`). Whether they won a medal on that turn (then they
drew 7 fresh cards and nothing is known) is read from the medals seen at this seat's previous search when that was
the turn before theirs; a hand of 7 with no such record counts as a medal with chance `MEDAL_GUESS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

from podium.agents.playouts import Playout, rewards_of, win_chances
from podium.core.contract import Game, State, View
from podium.core.rng import Rng
from podium.games.athletic.actions import END_ACTION as ATHLETIC_END
from podium.games.athletic.actions import FILL as ATHLETIC_FILL
from podium.games.athletic.actions import PLAY as ATHLETIC_PLAY
from podium.games.athletic.actions import AthleticAction
from podium.games.athletic.cards import NUM_CARDS, mask_of
from podium.games.athletic.game import AthleticGame
from podium.games.athletic.solver import SearchLimit, position_of, solve
from podium.games.athletic.state import MEDAL_DRAW, PLAIN_DRAW, AthleticState
from podium.games.athletic.view import AthleticView, athletic_view

ATHLETIC_HAND_WEIGHT = 1.0 / 7.0
ATHLETIC_SPREAD = 0.8
KEPT_TRUST = 0.9  # weight of the "places the most it can" model against uniform dealing
MEDAL_GUESS = 0.3  # chance that a previous player holding 7 cards, with no record, won a medal last turn
FIT_NODES = 500  # solver budget for "does this card fit the table?" (past it: counted as fitting)


def athletic_score(s: AthleticState) -> list[float]:
    """Each seat's chance of winning from here: medals minus `ATHLETIC_HAND_WEIGHT` per card in hand (a card is about
    a seventh of a cleared hand), as win chances whose spread grows with the medals still needed."""
    if s.current is None:
        return rewards_of(s)
    target = s.config.medals_to_win
    values = [s.medals[p] - ATHLETIC_HAND_WEIGHT * len(s.hands[p]) for p in range(s.num_players)]
    spread = ATHLETIC_SPREAD * math.sqrt(max(1, target - max(s.medals)))
    return win_chances(values, spread, higher_is_better=True)


def fitting_cards(view: AthleticView) -> int | None:
    """The unseen cards (as a mask) that could be placed, after moves, on the table as it stood when the viewer's
    turn began; None when that table is not known from the view (a card already placed this turn)."""
    if view["placed_this_turn"]:
        return None
    hand, _, seen, up_only, table_moves = position_of(view)
    start = seen[-1]  # the layout before this turn's moves
    known = mask_of(hand) | mask_of(c for p in start for c in p)
    if not all(start):
        return ((1 << NUM_CARDS) - 1) & ~known  # an empty slot: anything fits
    fits = 0
    for c in range(NUM_CARDS):
        if known >> c & 1:
            continue
        try:
            placed = solve([c], start, up_only=up_only, table_moves=table_moves, node_limit=FIT_NODES).placed
        except SearchLimit:
            placed = 1
        if placed:
            fits |= 1 << c
    return fits


class AthleticPlayout(Playout):
    name = "fast"

    def __init__(self) -> None:
        self.turn = 0
        self.kept_trust = KEPT_TRUST
        self._medals: dict[int, list[int]] = {}  # turn -> the medals seen at this seat's search in that turn

    def prepare(self, view: View) -> None:
        self.turn = athletic_view(view)["turn"]

    def sampler(self, game: Game, view: View) -> Callable[[Rng], State]:
        typed = athletic_view(view)
        model = self._kept_model(typed)
        if model is None or not isinstance(game, AthleticGame):
            return game.determinizer(view)
        fits, prev, kept, trust = model

        def adjust(hands: list[list[int]], draw: list[int], epoch: list[int], rng: Rng) -> None:
            if rng.random() >= trust:
                return  # uniform dealing
            hand = hands[prev]
            fitting = sum(fits >> c & 1 for c in hand)
            fitting_left = fitting + sum(fits >> c & 1 for c in draw)
            left = len(hand) + len(draw) - kept  # what the 3 cards were drawn from: the unseen cards but the kept
            if len(hand) + len(draw) - fitting_left < kept:
                return  # so many kept cards that fit nowhere do not exist in this world
            target = 0
            for _ in range(PLAIN_DRAW):
                if rng.randbelow(left) < fitting_left:
                    target += 1
                    fitting_left -= 1
                left -= 1
            # A hand with `target` fitting cards, uniform among those: trade random cards with the draw pile (one pool).
            while fitting != target:
                out = fitting > target  # trade a fitting card out, else a fitting card in
                mine = [i for i, c in enumerate(hand) if bool(fits >> c & 1) == out]
                i = mine[rng.randbelow(len(mine))]
                pool = epoch[hand[i]]
                theirs = [j for j, c in enumerate(draw) if bool(fits >> c & 1) != out and epoch[c] == pool]
                if not theirs:
                    return
                j = theirs[rng.randbelow(len(theirs))]
                hand[i], draw[j] = draw[j], hand[i]
                fitting += -1 if out else 1

        return lambda rng: game.determinize_with(typed, rng, adjust)

    def _kept_model(self, view: AthleticView) -> tuple[int, int, int, float] | None:
        """(fitting cards, previous seat, cards it kept, chance the model holds), or None when nothing is known about
        the previous player's hand."""
        me = view["player"]
        turn = view["turn"]
        n = view["num_players"]
        if me is None or view["current_player"] != me:
            return None
        medals = list(view["medals"])
        self._medals[turn] = medals
        prev = (me - 1) % n
        size = view["hand_sizes"][prev]
        kept = size - PLAIN_DRAW
        if turn <= 1 or kept <= 0 or self.kept_trust <= 0:
            return None
        before = self._medals.get(turn - n)
        if before is not None:
            medal = 1.0 if medals[prev] > before[prev] else 0.0
        else:
            medal = MEDAL_GUESS if size == MEDAL_DRAW else 0.0
        fits = fitting_cards(view)
        if fits is None or medal >= 1.0:
            return None
        return fits, prev, kept, self.kept_trust * (1.0 - medal)

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, AthleticState)
        s = world
        n = s.num_players
        stop = self.turn + n  # the searcher's turn and one turn of everyone else
        while s.current is not None and s.turn < stop:
            legal = cast(list[AthleticAction], s.legal_actions())  # an Athletic state's actions are Athletic actions
            plays = [a for a in legal if a.kind == ATHLETIC_PLAY]
            if not plays:
                plays = [a for a in legal if a.kind == ATHLETIC_FILL]
            s.step(plays[rng.randbelow(len(plays))] if plays else ATHLETIC_END)
        return athletic_score(s)


class AthleticPlanPlayout(AthleticPlayout):
    """`plan`: like `fast`, but the player whose turn is under way finishes it with the heuristic bot's plan (the
    exact solver plus its tie-break), so that a searched first step is judged by the best turn that follows it.
    About a solver call per playout: much slower than `fast`."""

    name = "plan"

    def run(self, world: State, rng: Rng) -> list[float]:
        assert isinstance(world, AthleticState)
        from podium.games.athletic.bots.heuristic import AthleticHeuristic

        s = world
        p = s.current
        if p is not None and s.turn == self.turn:
            bot = AthleticHeuristic(s.game, p, 0)
            for action in bot.plan(s.typed_view(p)):
                if s.current != p or s.turn != self.turn:
                    break
                s.step(action)
        return super().run(s, rng)
