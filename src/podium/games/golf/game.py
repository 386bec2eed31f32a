"""Golf's entry point: the `Game` object (codecs, determinize, rules summary)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from podium.core.checks import integer, memoized, optional_integer
from podium.core.config import GameConfig
from podium.core.contract import Chance, Game, Information, Utility, View
from podium.core.errors import ConfigError, RecordError
from podium.core.rng import Rng
from podium.games.golf import actions
from podium.games.golf.actions import NUM_ACTIONS, GolfAction
from podium.games.golf.cards import DECK_SIZE, RANK_NAMES, parse_card
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import (
    END_NAMES,
    MAX_PLAYERS,
    OWNER,
    PHASE_OF,
    PUBLIC,
    UNSEEN,
    GolfPhase,
    copy_last,
    rules_for,
)
from podium.games.golf.state import GolfState


class GolfGame(Game):
    name = "golf"
    title = "Golf"
    min_players = 2
    max_players = MAX_PLAYERS
    config_type = GolfConfig
    information = Information.IMPERFECT  # G-7: face-down cards
    utility = Utility.ZERO_SUM  # the encoding's utilities: the win shared among the tied lowest totals
    chance = Chance.EXPLICIT  # the shuffles (G-3), dealt as chance nodes under the `chance` option

    def max_steps(self, config: GameConfig, num_players: int) -> int | None:
        # G-5.3: a round has at most round_turn_limit turns of at most three decisions (draw or take; swap or
        # discard; knock, pass or flip), after at most two peeks or flips per player (G-3.3, G-8.1).
        golf = _golf(config)
        if not golf.round_turn_limit:
            return None
        return golf.rounds * (2 * num_players + 3 * golf.round_turn_limit)

    def max_turns(self, config: GameConfig, num_players: int) -> int | None:
        golf = _golf(config)
        return golf.rounds * golf.round_turn_limit if golf.round_turn_limit else None

    state_type = GolfState

    def config(self, options: Mapping[str, Any] | None = None, /, **kwargs: Any) -> GolfConfig:
        return GolfConfig.from_options(options, **kwargs)

    def deal(self, config: GameConfig, num_players: int, seed: int) -> GolfState:
        return GolfState.new(cast(GolfConfig, config), num_players, seed)  # new_game checked the config's type

    def parse_action(self, text: str, config: GameConfig | None = None) -> GolfAction:
        return actions.parse_action(text, _slots(config))

    def action_from_json(self, data: Any, config: GameConfig | None = None) -> GolfAction:
        return actions.action_from_json(data, _slots(config))

    def action_from_id(self, action_id: int, config: GameConfig) -> GolfAction:
        return actions.action_from_id(action_id)

    def num_actions(self, config: GameConfig) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self, config: GameConfig) -> int:
        return DECK_SIZE  # a deal chooses among the 52 cards

    def determinize(self, view: View, rng: Rng) -> GolfState:
        """Deal the cards the viewer cannot know uniformly at random into the places they cannot see (other
        players' unseen or privately seen cards, the viewer's unseen cards, the stock, a card someone else
        drew), keeping everything the view shows."""
        return self.determinizer(view)(rng)

    def determinizer(self, view: View) -> Callable[[Rng], GolfState]:
        """`determinize` with the view read once (a search samples thousands of worlds from one view): the checks,
        the card texts and the cards nobody has seen are worked out here, and each sample only copies the lists,
        shuffles the unseen cards and deals them. A view that is no Golf view raises RecordError here."""
        try:
            return view_sampler(view)
        except RecordError:
            raise
        except (ConfigError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"not a golf view: {type(exc).__name__}: {exc}") from None

    def rules_summary(self, config: GameConfig) -> str:
        if not isinstance(config, GolfConfig):
            raise ConfigError(f"Golf needs a GolfConfig, not {type(config).__name__}")
        return rules_summary(config)


def _golf(config: GameConfig) -> GolfConfig:
    if not isinstance(config, GolfConfig):
        raise ConfigError(f"Golf needs a GolfConfig, not {type(config).__name__}")
    return config


def _slots(config: GameConfig | None) -> int | None:
    """The cards per player of the game being played, so that action errors name its slots (None: either)."""
    if config is None:
        return None
    if not isinstance(config, GolfConfig):
        raise ConfigError(f"Golf needs a GolfConfig, not {type(config).__name__}")
    return config.slots


def rules_summary(config: GolfConfig) -> str:
    values = ", ".join(f"{rank} {value}" for rank, value in zip(RANK_NAMES, config.value_table, strict=True))
    rounds = f"{config.rounds} round{'s' if config.rounds != 1 else ''}"
    taken = (
        "A card taken from the discard pile must be swapped in."
        if config.must_swap_taken
        else "A card taken from the discard pile may be discarded again."
    )
    limit = (
        f" A round ends after {config.round_turn_limit} turns at the latest, all players together (a safety net: "
        "taking the top discard and giving a card back could go on for ever)."
        if config.round_turn_limit
        else ""
    )
    if config.six:
        flip = {
            "no": "",
            "may": " After discarding a stock card you may turn one of your face-down cards face up.",
            "must": " After discarding a stock card you must turn one of your face-down cards face up.",
        }[config.flip_on_discard]
        ending = (
            "When a player has all six cards face up, every other player has one more turn, then the round ends."
            if config.final_turns
            else "The round ends as soon as a player has all six cards face up."
        )
        scoring = (
            "Each round you score your sum minus the round winner's sum (the winner scores 0)."
            if config.relative_scoring
            else "Each round you score your own sum."
        )
        return (
            f"Six-card Golf, {rounds}, lowest total wins.\n\n"
            "Each player has six cards face down in two rows of three (slots 1-3 on top, 4-6 below; a column is slots "
            "1 and 4, 2 and 5, or 3 and 6). At the start of a round everybody turns two "
            "of their cards face up.\n\n"
            "On your turn draw the top card of the stock or take the top card of the discard pile. Swap it for any "
            "of your six cards (the new card lies face up, the old one is discarded face up), or discard a stock "
            f"card. {taken}{flip}\n\n"
            f"{ending} The round also ends when the stock runs out: whoever drew its last card finishes that turn. "
            f"There is no knocking.{limit}\n\n"
            f"Card values: {values}. Two cards of the same rank in one column score 0 together. "
            f"The lowest sum wins the round (ties: all win). {scoring}"
        )
    peek = (
        "each player looks at two of their cards of their choice"
        if config.peek == "choose"
        else "each player looks at their first two cards (slots 1 and 2)"
    )
    knock = (
        "Instead of drawing you may knock (once per round, one player)."
        if config.knock == "instead"
        else "At the end of a normal turn you may knock (once per round, one player)."
    )
    return (
        f"Golf with four cards, {rounds}, lowest total wins.\n\n"
        f"Each player gets four cards face down; the stock's top card starts the discard pile; {peek}. Afterwards "
        "you never look at your face-down cards again, but you remember what you have seen.\n\n"
        "On your turn draw the top card of the stock or take the top card of the discard pile, then swap it for "
        f"one of your cards (face down; the old card is discarded face up) or discard it. {taken} {knock}\n\n"
        "After a knock every other player has one more turn, then the round ends. The round also ends when the "
        "stock runs out: whoever drew its last card finishes that turn (a knock's remaining turns are lost)."
        f"{limit}\n\n"
        f"Card values: {values}. The lowest sum wins the round (ties: all win). Each round you score your sum minus "
        "the winner's sum (the winner scores 0); the first player moves one seat on each round."
    )


_view_config = memoized(GolfConfig.from_options)


def view_sampler(view: View) -> Callable[[Rng], GolfState]:
    """`determinize` in two steps: read and check the view (once), then deal (per sample) the cards the viewer cannot
    know uniformly at random into the places they cannot see (other players' unseen or privately seen cards, the
    viewer's unseen cards, the stock, a card someone else drew), keeping everything the view shows. The counts and
    scores are taken as the view has them. A view not even shaped like a Golf view raises KeyError, TypeError or
    ValueError, which `GolfGame.determinizer` reports as RecordError."""
    if view.get("game") != "golf":
        raise RecordError("not a golf view")
    config = _view_config(view["config"])
    n = integer(view["num_players"], "num_players", 2, MAX_PLAYERS)
    optional_integer(view["player"], "player", 0, n - 1)
    r = rules_for(config, n)
    slots = r.slots
    known: list[int] = []
    hands: list[int] = []
    view_hands = view["hands"]
    public = view["public"]
    owner_knows = view["owner_knows"]
    for q in range(n):
        for s in range(slots):
            text = view_hands[q][s]
            known.append(PUBLIC if public[q][s] else OWNER if owner_knows[q][s] else UNSEEN)
            hands.append(-1 if text is None else parse_card(text))
    discard = [parse_card(t) for t in view["discard"]]
    phase = PHASE_OF[view["phase"]]
    drawn = -1
    if phase is GolfPhase.DRAWN and view["drawn"] is not None:
        drawn = parse_card(view["drawn"])
    seen = {c for c in hands if c >= 0}
    seen.update(discard)
    if drawn >= 0:
        seen.add(drawn)
    unknown = [c for c in range(DECK_SIZE) if c not in seen]
    deal_drawn = phase is GolfPhase.DRAWN and drawn < 0
    hidden = [i for i, c in enumerate(hands) if c < 0]  # dealt in this order, from the end of the shuffled cards
    if len(unknown) - deal_drawn - len(hidden) != view["stock_size"]:
        raise RecordError(f"the view's cards do not add up to a deck (stock_size {view['stock_size']})")
    taken = view["drawn_from"] == "discard"
    current = view["current_player"]
    first = view["first_player"]
    round_ = view["round"]
    closer = view["went_out"] if r.six else view["knocker"]
    final_left = view["final_turns_left"]
    totals = list(view["scores"])
    history = [list(s) for s in view["round_scores"]]  # its rows shared by the samples, as by clones: never changed
    last = copy_last(view["last_round"])
    ends = [view["round_ends"][name] for name in END_NAMES]
    turns = view["turns"]
    round_turns = view["round_turns"]

    # Everything but the dealt cards, built once; each sample is a copy of it (list slices) with its own deal.
    proto = GolfState(
        r,
        hands=hands,
        known=known,
        stock=[],
        discard=discard,
        drawn=None if drawn < 0 else drawn,
        taken=taken,
        phase=phase,
        current=current,
        first=first,
        round=round_,
        closer=closer,
        final_left=final_left,
        totals=totals,
        history=history,
        last=last,
        ends=ends,
        turns=turns,
        round_turns=round_turns,
        rng=Rng(0),
    )

    def sample(rng: Rng) -> GolfState:
        stock = unknown[:]
        rng.shuffle(stock)
        return proto.dealt(hidden, stock, deal_drawn, Rng(rng.next_u64()))

    return sample


GAME = GolfGame()
