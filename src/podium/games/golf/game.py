"""Golf's entry point: the `Game` object (codecs, determinize, rules summary)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from podium.core.config import GameConfig
from podium.core.contract import Chance, Game, Information, Utility, View
from podium.core.errors import ConfigError, RecordError
from podium.core.rng import Rng
from podium.games.golf import actions, records
from podium.games.golf.actions import NUM_ACTIONS, GolfAction
from podium.games.golf.cards import DECK_SIZE, RANK_NAMES
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import MAX_PLAYERS
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


def view_sampler(view: View) -> Callable[[Rng], GolfState]:
    """`determinize` in two steps: `records.view_sampler` reads and checks the view once, each call deals a sample."""
    return records.view_sampler(GolfState, view)


GAME = GolfGame()
