"""The Athletic Games entry point: setup (A-2), action codecs, determinization and the rules summary."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from podium.core.config import GameConfig
from podium.core.contract import Chance, Game, Information, State, Utility, View
from podium.core.errors import ConfigError, RecordError
from podium.core.rng import Rng
from podium.games.athletic import actions
from podium.games.athletic.actions import AthleticAction
from podium.games.athletic.cards import ALL_CARDS, NUM_CARDS, NUM_PILES, parse_card
from podium.games.athletic.config import AthleticConfig
from podium.games.athletic.state import HAND_SIZE, AthleticState
from podium.games.athletic.view import AthleticView, athletic_view

# adjust(hands, draw, epoch of each card, rng): see `AthleticGame.determinize_with`.
Adjust = Callable[[list[list[int]], list[int], list[int], Rng], None]


class AthleticGame(Game):
    name: ClassVar[str] = "athletic"
    title: ClassVar[str] = "Athletic Games"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    config_type: ClassVar[type[GameConfig]] = AthleticConfig
    information = Information.IMPERFECT  # the hands are hidden
    utility = Utility.ZERO_SUM  # the encoding's utilities: the win shared among the tied winners
    chance = Chance.EXPLICIT  # the deal, dealt as chance nodes under the `chance` option

    def max_steps(self, config: GameConfig, num_players: int) -> int | None:
        # Every turn ends (A-4.2 forbids a layout seen since the last placement), but the moves of one turn have no
        # useful bound: only the turns are bounded.
        return None

    def max_turns(self, config: GameConfig, num_players: int) -> int | None:
        if not isinstance(config, AthleticConfig):
            raise ConfigError(f"Athletic Games needs an athletic config, not {type(config).__name__}")
        return config.max_turns

    state_type: ClassVar[type[State]] = AthleticState

    def deal(self, config: GameConfig, num_players: int, seed: int) -> AthleticState:
        config = cast(AthleticConfig, config)  # new_game checked its type
        first = 0 if config.first_player is None else config.first_player
        if first >= num_players:
            raise ConfigError(
                f"invalid value {first} for athletic option 'first_player'; allowed: none | seat 0..{num_players - 1}"
            )
        rng = Rng(seed)
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(num_players)]
        rest = deck[num_players * HAND_SIZE :]
        piles = [[c] for c in rest[:NUM_PILES]]
        return AthleticState(config, hands, piles, rest[NUM_PILES:], rng, first_player=first, current=first)

    def parse_action(self, text: str, config: GameConfig | None = None) -> AthleticAction:
        return actions.parse_action(text)

    def action_from_json(self, data: Any, config: GameConfig | None = None) -> AthleticAction:
        return actions.action_from_json(data)

    def action_from_id(self, action_id: int, config: GameConfig) -> AthleticAction:
        return actions.action_from_id(action_id)

    def num_actions(self, config: GameConfig) -> int:
        return actions.NUM_ACTIONS

    def max_chance_outcomes(self, config: GameConfig) -> int:
        return NUM_CARDS  # a shuffle deals among the cards

    def determinize(self, view: View, rng: Rng) -> AthleticState:
        """Deal the cards `view["player"]` cannot see: each reshuffle pool's unseen cards are shuffled among the
        hands and draw-pile places that hold cards of that pool (pool 0 = the initial deal's unseen cards)."""
        try:
            return self._determinize(athletic_view(view), rng)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not an Athletic Games view: {exc}") from None

    def determinize_with(self, view: AthleticView, rng: Rng, adjust: Adjust) -> AthleticState:
        """`determinize`, with the dealt cards handed to `adjust(hands, draw, epochs, rng)` before the state is made:
        it may exchange unseen cards between the hands of others and the draw pile, within one reshuffle pool
        (`epochs[c]`; exchanges across pools would not match the view). For searches that weigh worlds."""
        return self._determinize(view, rng, adjust)

    def _determinize(self, view: AthleticView, rng: Rng, adjust: Adjust | None = None) -> AthleticState:
        config = AthleticConfig.from_options(view["config"])
        n = view["num_players"]
        me = view["player"]
        piles = [[parse_card(t) for t in p] for p in view["piles"]]
        own = sorted(parse_card(t) for t in view["hand"] or ()) if me is not None else []
        hand_sizes = view["hand_sizes"]
        draw_size = view["draw_size"]
        epoch_of: dict[int, int] = {}
        unseen: dict[int, list[int]] = {}
        hand_counts: dict[int, list[int]] = {}
        draw_counts: dict[int, int] = {}
        for pool in view["pools"]:
            k = pool["epoch"]
            cards = [parse_card(t) for t in pool["cards"]]
            for c in cards:
                epoch_of[c] = k
            unseen[k] = [c for c in cards if c not in own]
            hand_counts[k] = list(pool["hands"])
            draw_counts[k] = pool["draw"]
        visible = set(own) | {c for p in piles for c in p}
        unseen[0] = [c for c in ALL_CARDS if c not in visible and c not in epoch_of]
        hand_counts[0] = [hand_sizes[j] - sum(hand_counts[k][j] for k in hand_counts if k) for j in range(n)]
        draw_counts[0] = draw_size - sum(draw_counts.values())
        hands: list[list[int]] = [[] for _ in range(n)]
        if me is not None:
            hands[me] = list(own)
        draw: list[int] = []
        for k, cards in unseen.items():
            rng.shuffle(cards)
            seats = [j for j in range(n) if j != me]
            wanted = sum(hand_counts[k][j] for j in seats) + draw_counts[k]
            if wanted != len(cards) or min(hand_counts[k]) < 0 or draw_counts[k] < 0:
                raise RecordError(f"the view's counts do not fit its cards (pool {k})")
            at = 0
            for j in seats:
                hands[j] += cards[at : at + hand_counts[k][j]]
                at += hand_counts[k][j]
            draw += cards[at:]
        epoch = [0] * NUM_CARDS
        for c, k in epoch_of.items():
            epoch[c] = k
        if adjust is not None:
            adjust(hands, draw, epoch, rng)
        for h in hands:
            h.sort()
        return AthleticState(
            config,
            hands,
            piles,
            draw,
            Rng(rng.next_u64()),
            first_player=view["first_player"],
            current=view["current_player"],
            turn=view["turn"],
            medals=list(view["medals"]),
            epoch=epoch,
            reshuffles=view["reshuffles"],
            placed=view["placed_this_turn"],
            chain=[(a, b) for a, b in view["moves_since_placement"]],
            reason=view["reason"],
        )

    def rules_summary(self, config: GameConfig) -> str:
        assert isinstance(config, AthleticConfig)
        step = (
            "the same sport's next value up or down (no wrap-around: nothing follows a 10 or precedes a 1)"
            if config.step == "both"
            else "the same sport's next value up only (no wrap-around: nothing goes on a 10 but another 10)"
        )
        moves = (
            "Move: take the top card of a pile and put it on another pile, obeying the same rule; moving a pile's "
            "last card leaves an empty slot. A move may not bring back a table layout already seen since you last "
            "placed a card (that would only undo your own moves)."
            if config.table_moves
            else "Table moves are off (table_moves=false): only hand cards are placed."
        )
        # The option counts seats from 0, as records do; players read them from 1 (`first_player=1` is seat 2).
        first = f"Seat {(config.first_player or 0) + 1}"
        return (
            "Athletic Games (2-5 players). 60 cards: six sports (r g b y o p = red green blue yellow orange purple) "
            "with values 1 to 10; a card is written value then sport, e.g. 7r is red 7.\n\n"
            f"Setup: each player gets 7 hidden cards, 5 cards are dealt face up as the five piles, the rest is the "
            f"draw pile. {first} starts; play goes in seat order.\n\n"
            f"Placing: a card may go on a pile whose top card has the same value (any sport), or {step}.\n\n"
            "Your turn: any number of steps, then end. Play: put a hand card on a pile. "
            f"{moves} Fill: put any hand card into an empty slot (table cards never fill a slot). "
            "An empty slot left at the end of a turn stays empty until someone fills it.\n\n"
            "End of the turn: if you placed at least one card and your hand is empty, you win a medal and draw 7; "
            "otherwise you draw 3. When the draw pile is empty, every centre card except the five top cards is "
            "shuffled into a new draw pile; if that is still not enough you draw what there is.\n\n"
            f"The first player to {config.medals_to_win} medal(s) wins at once. Safety net: after "
            f"{config.max_turns} turns in total the most medals win (ties: fewest cards in hand).\n\n"
            "You see your hand, every pile in full, the number of cards in each hand, the draw pile size and the "
            "medals."
        )


GAME = AthleticGame()
