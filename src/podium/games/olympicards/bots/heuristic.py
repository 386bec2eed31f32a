"""The Olympicards heuristic bot: how a good human plays (the rules O-4 … O-9).

The game is a sequence of races: in each sport, the players who can keep playing longest take the medals, and the
ones who drop out early take cards, which are the fuel for the later sports. So the bot asks, at each decision:

- **How long can I keep going in this sport?** Its *stamina*: the number of plays it could chain from its hand if it
  played alone, always making its cheapest legal play (`chain`). Flip sports (a new target every round) draw
  their targets from the unseen cards.
- **How long can they?** The opponents' hands are unknown, but their sizes and earlier plays are not: the bot deals
  them `samples` hands at random from the cards it has not seen (exactly the cards they could hold) and measures
  their stamina the same way. That gives the chance that it outlasts each of them.
- **Fight or withdraw now for the cards?** Withdrawing now gives a known award (cards, in two-player the medal goes
  to the opponent). Staying in wins the medal of the position at which it expects to drop out, but every play costs
  cards it would rather keep. A card is worth `card_value` points (about a third of a bronze: a card in hand is
  roughly a third of a future play). The bot compares the expected values of both choices. So it gives up cheap
  medals (bronze) unless it is clearly stronger, and fights for gold when it is even.
- **Which cards to spend?** The legal play that leaves the longest chain for the rest of this sport, and among those
  the lowest in value (high cards win the "higher than" sports later; fewer cards keep the hand big). The first play
  of Swimming picks the lane colour the hand is richest in for the same reason.
- **Postpone a sport** (the start player's choice) when its own stamina for it is clearly below that of a random
  hand of the same size: another sport is likely to suit the hand better.
- **Last one in** (3+ players): gold is already won, so withdraw at once and keep the cards — unless world records
  are on, the sport has a star and the whole hand can be played out: then play it out (2 points for the record).

Options: `noise` (probability of a random legal action, for the `easy` level), `samples`, `card_value`.
"""

from __future__ import annotations

from podium.agents.base import BotOption, NoisyAgent
from podium.core.contract import Action, Game, View
from podium.games.olympicards.actions import ACCEPT, POSTPONE, WITHDRAW, OlyAction
from podium.games.olympicards.bots.stamina import CARD_VALUE, chain, fight_value, play_cost
from podium.games.olympicards.cards import COPIES, NO_CARD, NUM_KINDS, parse_card
from podium.games.olympicards.config import Config
from podium.games.olympicards.plays import Play
from podium.games.olympicards.sports import Sport
from podium.games.olympicards.views import OlympicardsView, typed_view

_PARSED: dict[str, int] = {}
MAX_CANDIDATES = 24


def _card(text: str) -> int:
    k = _PARSED.get(text)
    if k is None:
        k = _PARSED[text] = parse_card(text)
    return k


class OlympicardsHeuristic(NoisyAgent):
    description = (
        "plays like a good human: in each sport it measures how long it can keep playing against "
        "sampled opponent hands, fights for a medal within reach, withdraws early for cards otherwise, spends its "
        "cheapest cards and postpones sports that do not suit its hand"
    )
    options = (
        *NoisyAgent.options,
        BotOption("samples", int, "sampled opponent hands per estimate", minimum=1),
        BotOption("card_value", float, "points a card in hand is worth when weighing cards against medals"),
    )
    name = "heuristic"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        noise: float = 0.0,
        samples: int = 6,
        card_value: float = CARD_VALUE,
    ) -> None:
        super().__init__(game, seat, seed, noise)
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.samples = int(samples)
        self.card_value = float(card_value)
        self._config: Config | None = None  # the table's rules, read from the first view

    # ------------------------------------------------------------------ decisions

    def act(self, view: View, legal: list[Action]) -> Action:
        blunder = self.blunder(legal)
        if blunder is not None:
            return blunder
        if len(legal) == 1:
            return legal[0]
        seen = typed_view(view)
        sport = self._sport(seen)
        if seen["phase"] == "decide":
            return self._decide(seen, sport)
        return self._play(seen, sport, legal)

    def _decide(self, view: OlympicardsView, sport: Sport) -> Action:
        hand = self._hand(view)
        mine = self._chain(view, sport, hand, [], None, None)[0]
        pool = self._pool(view)
        size = sum(hand)
        typical = (
            sum(self._chain(view, sport, self._deal(pool, size), [], None, None)[0] for _ in range(self.samples))
            / self.samples
        )
        return POSTPONE if mine + 0.5 < typical else ACCEPT

    def _play(self, view: OlympicardsView, sport: Sport, legal: list[Action]) -> Action:
        n = view["num_players"]
        plays = [a for a in legal if isinstance(a, OlyAction) and a.kind == "play"]
        hand = self._hand(view)
        withdrawals = len(view["withdrawals"])
        if n > 2 and withdrawals == n - 1:
            # Last one in: gold is won. Play the hand out only for a world record.
            if view["config"].get("world_record") and sport.star and self._can_empty(view, sport, hand):
                return self._best_play(view, sport, hand, plays, prefer_many=True)
            return WITHDRAW
        if not plays:
            return WITHDRAW
        best = self._best_play(view, sport, hand, plays)
        if self._fight_value(view, sport, hand) > 0.0:
            return best
        return WITHDRAW

    # ------------------------------------------------------------------ the race estimate

    def _fight_value(self, view: OlympicardsView, sport: Sport, hand: list[int]) -> float:
        """Expected points (relative) of staying in this sport minus those of withdrawing now (`fight_value`), the
        rivals measured on `samples` hands dealt from the cards this seat has not seen."""
        me = self.seat
        n = view["num_players"]
        mine = self._chain(view, sport, hand, self._own_plays(view, me), self._last(view), view["target"])[0]
        pool = self._pool(view)
        rivals = [p for p in range(n) if p != me and (n == 2 or not view["withdrawn"][p])]
        samples = [[self._rival_stamina(view, sport, pool, rival) for rival in rivals] for _ in range(self.samples)]
        return fight_value(n, len(view["withdrawals"]), mine, samples, sport.min_cards, self.card_value)

    def _rival_stamina(self, view: OlympicardsView, sport: Sport, pool: list[int], rival: int) -> int:
        """The stamina of `rival` on a hand of their size dealt from `pool`, after their plays so far."""
        hand = self._deal(pool, view["hand_sizes"][rival])
        return self._chain(view, sport, hand, self._own_plays(view, rival), self._last(view), view["target"])[0]

    # ------------------------------------------------------------------ stamina

    def _chain(
        self,
        view: OlympicardsView,
        sport: Sport,
        hand: list[int],
        own: list[Play],
        last: Play | None,
        target: str | None,
    ) -> tuple[int, list[int]]:
        """`chain` (its stamina, and the cards left) of `hand`; a flip sport's later targets are drawn from the cards
        this seat has not seen."""
        card = _card(target) if target is not None else NO_CARD
        if not sport.flip:
            return chain(sport, hand, own, last, card)
        pool = self._pool(view)
        return chain(sport, hand, own, last, card, lambda: self._random_card(pool))

    def _can_empty(self, view: OlympicardsView, sport: Sport, hand: list[int]) -> bool:
        own = self._own_plays(view, self.seat)
        return not any(self._chain(view, sport, hand, own, self._last(view), view["target"])[1])

    def _best_play(
        self, view: OlympicardsView, sport: Sport, hand: list[int], plays: list[OlyAction], prefer_many: bool = False
    ) -> OlyAction:
        """The play leaving the longest chain, then the cheapest (or, for a record, the one using most cards)."""
        candidates = sorted(plays, key=lambda a: play_cost(a.cards))[:MAX_CANDIDATES]
        own = self._own_plays(view, self.seat)
        best = candidates[0]
        best_key: tuple[float, float] | None = None
        for action in candidates:
            rest = hand[:]
            for k in action.cards:
                rest[k] -= 1
            after = self._chain(view, sport, rest, [*own, action.cards], action.cards, None)[0]
            tiebreak = len(action.cards) if prefer_many else -play_cost(action.cards)
            key = (after, tiebreak)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    # ------------------------------------------------------------------ reading the view

    def _sport(self, view: OlympicardsView) -> Sport:
        """The sport card being played or decided on (a bot is asked only then)."""
        if self._config is None:
            self._config = Config.from_options(view["config"])
        sport = view["sport"]
        assert sport is not None, "a bot decides only while a sport is on"
        return self._config.sport_set.sports[sport["index"]]

    def _hand(self, view: OlympicardsView) -> list[int]:
        counts = [0] * NUM_KINDS
        for text in view["hand"] or ():
            counts[_card(text)] += 1
        return counts

    def _own_plays(self, view: OlympicardsView, seat: int) -> list[Play]:
        return [tuple(sorted(_card(t) for t in play)) for play in view["plays"][seat]]

    def _last(self, view: OlympicardsView) -> Play | None:
        last = view["last_any"]
        return tuple(sorted(_card(t) for t in last["cards"])) if last is not None else None

    def _pool(self, view: OlympicardsView) -> list[int]:
        """The cards this seat has not seen: what the other hands and the draw pile are made of."""
        counts = [COPIES] * NUM_KINDS
        for text in view["hand"] or ():
            counts[_card(text)] -= 1
        for text in view["discard"]:
            counts[_card(text)] -= 1
        for plays in view["plays"]:
            for play in plays:
                for text in play:
                    counts[_card(text)] -= 1
        if view["target"] is not None:
            counts[_card(view["target"])] -= 1
        return [k for k in range(NUM_KINDS) for _ in range(max(0, counts[k]))]

    def _deal(self, pool: list[int], size: int) -> list[int]:
        counts = [0] * NUM_KINDS
        size = min(size, len(pool))
        picked = pool[:]
        rng = self.rng
        for i in range(size):
            j = i + rng.randbelow(len(picked) - i)
            picked[i], picked[j] = picked[j], picked[i]
            counts[picked[i]] += 1
        return counts

    def _random_card(self, pool: list[int]) -> int:
        return pool[self.rng.randbelow(len(pool))] if pool else NO_CARD
