"""Kuhn poker's `Game`: codecs, determinize and the rules summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.core import checks
from podium.core.config import GameConfig
from podium.core.contract import Chance, Game, Information, Utility, View
from podium.core.errors import ConfigError, RecordError
from podium.core.rng import Rng
from podium_kuhn import actions
from podium_kuhn.actions import NAMES, NUM_ACTIONS, KuhnAction
from podium_kuhn.config import KuhnConfig
from podium_kuhn.state import MAX_PLAYERS, MIN_PLAYERS, KuhnState, card_of


class KuhnGame(Game):
    name = "kuhn"
    title = "Kuhn poker"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    config_type = KuhnConfig
    # The game-type facts (podium.openspiel and podium.rl read them): the cards are hidden (K-2), the chips won add
    # up to what the others lost, and the deal is shuffled by the state's generator, with no explicit chance mode.
    information = Information.IMPERFECT
    utility = Utility.ZERO_SUM
    chance = Chance.SAMPLED

    def max_steps(self, config: GameConfig, num_players: int) -> int:
        # K-3.3: a hand ends when everybody has passed, or has answered the first bet, made at the latest by the
        # last seat: at most 2n - 1 decisions, each a turn.
        return _config(config).hands * (2 * num_players - 1)

    def config(self, options: Mapping[str, Any] | None = None, /, **kwargs: Any) -> KuhnConfig:
        return KuhnConfig.from_options(options, **kwargs)

    def deal(self, config: GameConfig, num_players: int, seed: int) -> KuhnState:
        return KuhnState.new(_config(config), num_players, seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> KuhnState:
        return KuhnState.from_dict(data)

    def parse_action(self, text: str, config: GameConfig | None = None) -> KuhnAction:
        return actions.parse_action(text)

    def action_from_json(self, data: Any, config: GameConfig | None = None) -> KuhnAction:
        return actions.action_from_json(data)

    def action_from_id(self, action_id: int, config: GameConfig) -> KuhnAction:
        return actions.action_from_id(action_id)

    def num_actions(self, config: GameConfig) -> int:
        return NUM_ACTIONS

    def determinize(self, view: View, rng: Rng) -> KuhnState:
        """Deal the cards the viewer has not seen (the others' cards and the one left in the deck) at random,
        keeping everything the view shows."""
        try:
            return _determinize(view, rng)
        except RecordError:
            raise
        except (ConfigError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"not a kuhn view: {type(exc).__name__}: {exc}") from None

    def rules_summary(self, config: GameConfig) -> str:
        config = _config(config)
        match = (
            "One hand."
            if config.hands == 1
            else f"A match of {config.hands} hands; seat 0 starts the first, the next seat the next one, and the "
            "chips won and lost add up."
        )
        return (
            f"Kuhn poker: {match} The deck has one card more than there are players, ranked J < Q < K < A "
            "(two players: J, Q, K). Everyone antes 1 chip and gets one card face down; the rest stays hidden.\n\n"
            "In turn, starting with the first seat, each player passes (checks) or bets "
            f"{config.bet} chip{'s' if config.bet > 1 else ''}. Once someone has bet, each of the other players in "
            "turn calls (bet) or folds (pass). The hand ends when everyone has passed, or when everyone has "
            "answered the bet.\n\n"
            "If more than one player is left, the highest card among them takes the pot (a showdown: those cards "
            "are shown); a bettor whom everybody left takes it without showing. Most chips at the end wins."
        )


def _config(config: GameConfig | None) -> KuhnConfig:
    if config is None:
        return KuhnConfig()
    if not isinstance(config, KuhnConfig):
        raise ConfigError(f"Kuhn poker needs a KuhnConfig, not {type(config).__name__}")
    return config


def _determinize(view: View, rng: Rng) -> KuhnState:
    if view.get("game") != "kuhn":
        raise RecordError("not a kuhn view")
    config = KuhnConfig.from_options(checks.mapping(view["config"], "config"))
    n = checks.integer(view["num_players"], "num_players", MIN_PLAYERS, MAX_PLAYERS)
    player = checks.optional_integer(view["player"], "player", 0, n - 1)
    shown = checks.sequence(view["cards"], "cards", n)
    cards = [None if text is None else card_of(text, n + 1, f"cards[{seat}]") for seat, text in enumerate(shown)]
    if player is not None and cards[player] is None:
        raise RecordError("a seat's view shows its own card")
    unseen = [c for c in range(n + 1) if c not in cards]
    rng.shuffle(unseen)
    dealt = [unseen.pop() if card is None else card for card in cards]
    history = checks.sequence(view["history"], "history")
    if any(word not in NAMES for word in history):
        raise RecordError(f"history holds actions ({', '.join(NAMES)}), not {history!r}")
    return KuhnState(
        config,
        n,
        hand=view["hand"],
        cards=dealt,
        deck=unseen,
        history=[NAMES.index(word) for word in history],
        chips=view["chips"],
        showdowns=view["showdowns"],
        last=view["last_hand"],
        rng=Rng(rng.next_u64()),
    )


GAME = KuhnGame()
