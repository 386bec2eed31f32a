"""Kuhn poker for reinforcement learning (podium.rl, podium.openspiel): what one seat may know as a fixed vector of
floats, written from the state's read-only accessors. A plugin's encoding subclasses the plugin kit's base
(`podium.api.encoding`) and imports nothing of `podium.rl`, numpy or gymnasium. Its layout is documented in
docs/rl.md ("kuhn"). Utilities are the kit's default for a zero-sum game: the match's win shared among its winners."""

from __future__ import annotations

from podium.api.encoding import Encoder, Encoding, Feature, FloatBuffer, relative_seat
from podium.core.config import GameConfig
from podium.core.contract import JsonDict, State, View
from podium_kuhn.actions import NUM_ACTIONS
from podium_kuhn.config import KuhnConfig
from podium_kuhn.state import ANTE, KuhnState

OBSERVED = ("current_player", "first_player", "cards", "history", "hand", "chips")


class KuhnEncoder(Encoder):
    def __init__(self, config: GameConfig, players: int) -> None:
        if not isinstance(config, KuhnConfig):
            raise TypeError(f"Kuhn poker needs a Kuhn poker config, not {type(config).__name__}")
        self.kuhn = config
        self.deck = players + 1  # K-1.1
        self.slots = 2 * players - 1  # K-3.3: the most actions of a hand
        # the most a seat can win in a match: every other seat's ante and bet, each hand
        self.scale = float(config.hands * (players - 1) * (ANTE + config.bet))
        super().__init__(config, players)

    def layout(self) -> list[Feature]:
        n = self.players
        return [
            Feature("current", n, "the seat to move, one-hot by relative seat (all 0 once the match is over)"),
            Feature("first_player", n, "the hand's first player (K-5), one-hot by relative seat"),
            Feature("cards", n * self.deck, "per relative seat, its card one-hot (J, Q, K, A) if the viewer knows it"),
            Feature("history", 2 * self.slots, "this hand's actions in order, each one-hot: pass, bet"),
            Feature("hand", 1, "the hand / hands"),
            Feature("chips", n, "per relative seat, the match's net chips / the most a seat can win", -1.0, 1.0),
        ]

    def encode(self, state: State, player: int, out: FloatBuffer) -> None:
        if not isinstance(state, KuhnState):
            raise TypeError(f"Kuhn poker's encoder needs a Kuhn poker state, not {type(state).__name__}")
        n = self.players
        o = self.offsets
        if state.current_player is not None:
            out[o["current"] + relative_seat(state.current_player, player, n)] = 1.0
        out[o["first_player"] + relative_seat(state.first_player, player, n)] = 1.0
        for seat in range(n):
            card = state.known_card(seat, player)
            if card is not None:
                out[o["cards"] + relative_seat(seat, player, n) * self.deck + card] = 1.0
        for i, action_id in enumerate(state.history):
            out[o["history"] + 2 * i + action_id] = 1.0
        out[o["hand"]] = state.hand / self.kuhn.hands
        for seat, chips in enumerate(state.chips):
            out[o["chips"] + relative_seat(seat, player, n)] = chips / self.scale


class KuhnEncoding(Encoding, game="podium_kuhn.game:GAME"):
    def encoder(self, config: GameConfig, players: int) -> KuhnEncoder:
        return KuhnEncoder(config, players)

    def observed(self, view: View) -> JsonDict:
        """Left out: what follows from the history (facing_bet, in_hand, stakes, pot), the statistic `showdowns`,
        the rules, and the last hand's reveal (`last_hand`; its chips are in `chips`)."""
        return {key: view[key] for key in OBSERVED}

    def num_actions(self, config: GameConfig) -> int:
        return NUM_ACTIONS


ENCODING = KuhnEncoding()
