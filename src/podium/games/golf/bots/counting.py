"""`counting-v0`: an independent Golf heuristic, re-implemented as a sparring partner for the benchmarks (issue 17).

Where it comes from: the "Bayesball" player of another four-card Golf project (RaymondKlass/golf-reinforcement on
GitHub, `golf/players/bayesball_player.py`), written again here from its documented rules for podium's views and
actions (that project scores its four cards in two columns; podium's four-card Golf has no pairs, so its hand
scoring is podium's `partial_sum`, which also makes the bot play six-card Golf, with column pairs). Issue 17
measured podium's bots against it; it is kept as it is, to measure them again the same way. Do not improve it.

Its rules:
1. Every card the bot cannot see is worth `avg`, the mean value of the cards it has not seen (not in the discard
   pile, not face up or known in any hand, not the card in hand); an opponent's hand is estimated from its public
   cards the same way.
2. Knock (four-card) when its estimate is at least `min_distance` (8) below every opponent's, or when its own or the
   best opponent's estimate is at most `min_distance`.
3. Take the top discard when its value is below `avg - card_margin` (1) and one of its own known cards is worth at
   least the top discard minus the margin; otherwise draw from the stock.
4. With a card in hand, play whatever (each swap, or discarding a stock card) leaves the lowest estimated sum,
   the first such in the order swap slot 1, 2, …, discard.
Initial peeks and flips: the first legal slot; after a discard with `flip_on_discard = may` it passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from podium.agents.base import Agent, BotOption
from podium.core.contract import Action, Game, View
from podium.games.golf.actions import DISCARD, DRAW, KNOCK, PASS, SWAP, TAKE, GolfAction
from podium.games.golf.cards import DECK_SIZE, parse_card
from podium.games.golf.rules import GolfPhase
from podium.games.golf.scoring import UNKNOWN, partial_sum
from podium.games.golf.view import as_golf_view, card_values_of


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The bot's options (rules 2 and 3)."""

    min_distance: float = 8.0
    card_margin: float = 1.0


class GolfCountingV0(Agent):
    description = (
        "benchmark opponent (issue 17): an independent four-card Golf heuristic re-implemented from another Golf "
        "project: unknown cards are worth the mean of the cards not yet seen, it knocks when 8 points ahead (or "
        "at 8 or less), takes a low top discard, and keeps whatever leaves the lowest estimated sum"
    )
    options = (
        BotOption("min_distance", float, "knock when this far ahead, or when a hand is estimated at this or less"),
        BotOption("card_margin", float, "how far below the unseen mean a top discard must be to be taken"),
    )
    name = "counting-v0"
    benchmark = True  # a baseline for the benchmarks (docs/bots.md), not an opponent for players

    def __init__(self, game: Game, seat: int, seed: int = 0, **thresholds: float) -> None:
        super().__init__(game, seat, seed)
        self.thresholds = Thresholds(**thresholds)

    def act(self, view: View, legal: list[Action]) -> Action:
        actions = cast(list[GolfAction], legal)
        kinds = {a.kind: a for a in actions}
        golf = as_golf_view(view)
        phase = golf["phase"]
        if phase in (GolfPhase.PEEK, GolfPhase.INITIAL_FLIP, GolfPhase.FLIP):
            return kinds.get(PASS, actions[0])
        values = card_values_of(golf)
        six = golf["variant"] == "six"
        me = golf["player"]
        assert me is not None, "the bot plays a seat"
        hands = [[parse_card(t) if t is not None else UNKNOWN for t in hand] for hand in golf["hands"]]
        seen = [False] * DECK_SIZE
        for hand in hands:
            for c in hand:
                if c >= 0:
                    seen[c] = True
        for text in golf["discard"]:
            seen[parse_card(text)] = True
        if golf["drawn"] is not None:
            seen[parse_card(golf["drawn"])] = True
        unseen = [values[c] for c in range(DECK_SIZE) if not seen[c]]
        avg = sum(unseen) / len(unseen) if unseen else 0.0
        guesses = [avg] * golf["slots"]

        def estimate(cards: list[int]) -> float:
            return partial_sum(cards, values, six, guesses)

        mine = estimate(hands[me])
        if phase == GolfPhase.KNOCK or DRAW in kinds:
            others = min(estimate(hands[q]) for q in range(golf["num_players"]) if q != me)
            distance = self.thresholds.min_distance
            knock = mine + distance <= others or mine <= distance or others <= distance
            if phase == GolfPhase.KNOCK:
                return kinds[KNOCK] if knock else kinds[PASS]
            if knock and KNOCK in kinds:
                return kinds[KNOCK]
            top = golf["discard_top"]
            if top is not None and TAKE in kinds:
                worth = values[parse_card(top)]
                known = [values[c] for c in hands[me] if c >= 0]
                margin = self.thresholds.card_margin
                if avg - margin > worth and any(v > worth - margin for v in known):
                    return kinds[TAKE]
            return kinds[DRAW]
        drawn = golf["drawn"]
        assert drawn is not None, "the player in the drawn phase sees the card in hand"
        card = parse_card(drawn)
        best: GolfAction | None = None
        best_sum = 0.0
        for a in actions:
            if a.kind == SWAP:
                trial = hands[me][:]
                trial[a.slot] = card
                after = estimate(trial)
            elif a.kind == DISCARD and golf["drawn_from"] == "stock":
                after = mine
            else:
                continue
            if best is None or after < best_sum:
                best, best_sum = a, after
        return best if best is not None else actions[0]
