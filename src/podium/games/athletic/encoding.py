"""Athletic Games for reinforcement learning (podium.rl; every feature is described in docs/rl.md): what one seat
may know (A-8) as a fixed vector of floats, written straight from the state's lists; utilities and the length bound
of A-7's `max_turns`."""

from __future__ import annotations

from array import array

from podium.api.encoding import Encoder, Encoding, Feature, FloatBuffer
from podium.core.config import GameConfig
from podium.core.contract import JsonDict, State, View
from podium.games.athletic.actions import MOVE_BASE, move_action
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES
from podium.games.athletic.config import AthleticConfig
from podium.games.athletic.state import AthleticState

MOVES = NUM_PILES * (NUM_PILES - 1)
_DEPTH = tuple(1.0 - i / NUM_CARDS for i in range(NUM_CARDS + 1))  # a pile card's place, from the top


def _athletic(config: GameConfig) -> AthleticConfig:
    if not isinstance(config, AthleticConfig):
        raise TypeError(f"Athletic Games needs an AthleticConfig, not {type(config).__name__}")
    return config


class AthleticEncoder(Encoder):
    def __init__(self, config: GameConfig, players: int) -> None:
        self._max_turns = _athletic(config).max_turns
        self._medals = _athletic(config).medals_to_win
        super().__init__(config, players)
        n = players
        self._rel = tuple(tuple((q - p) % n for q in range(n)) for p in range(n))
        self._reshuffles = 0
        self._epoch: list[int] = []  # the epochs the pools below were made from
        self._pools = array("f")
        self._pooled = b""
        o = self.offsets
        self._o = (
            o["current"], o["first_player"], o["turn"], o["medals"], o["hand_sizes"], o["draw_size"],
            o["placed_this_turn"], o["moves_since_placement"], o["last_move"], o["reshuffles"], o["hand"],
            o["tops"], o["piles"], o["empty"], o["pools"], o["pool_cards_held"],
        )  # fmt: skip

    def layout(self) -> list[Feature]:
        n = self.players
        return [
            Feature("current", n, "the seat to move, one-hot by relative seat (all 0 once the game is over)"),
            Feature("first_player", n, "the seat that started (A-2.4), one-hot by relative seat"),
            Feature("turn", 1, "the turn being played / max_turns (A-7)"),
            Feature("medals", n, "per relative seat, medals / medals_to_win"),
            Feature("hand_sizes", n, "per relative seat, cards in hand / 60"),
            Feature("draw_size", 1, "cards in the draw pile / 60"),
            Feature("placed_this_turn", 1, "cards placed from hand this turn / 60 (A-5.1 needs at least one)"),
            Feature("moves_since_placement", 1, "moves made since the last card placed this turn, m / (m + 10)"),
            Feature("last_move", MOVES, "the last of those moves, one-hot by move (from a to b: a × 4 + (b if b < a "
                    "else b - 1), the order of the action ids)"),
            Feature("reshuffles", 1, "reshuffles of the centre so far (A-6), r / (r + 10)"),
            Feature("hand", NUM_CARDS, "the viewer's hand, one per card (card id = sport × 10 + value - 1, sports "
                    "r g b y o p)"),
            Feature("tops", NUM_PILES * NUM_CARDS, "per pile (slot 0..4), its top card, one-hot by card id"),
            Feature("piles", NUM_PILES * NUM_CARDS, "per pile and card: 1 - i/60 if the card lies i-th from the "
                    "top of that pile (the top is 1), else 0"),
            Feature("empty", NUM_PILES, "per pile, 1 if the slot is empty (A-4.3: only a hand card fills it)"),
            Feature("pools", NUM_CARDS, "per card held in a hand or the draw pile that a reshuffle hid again "
                    "(A-8, the view's pools): the reshuffle's number / reshuffles so far; else 0"),
            Feature("pool_cards_held", n, "per relative seat, how many cards of those pools it holds / 60"),
        ]  # fmt: skip

    def encode(self, state: State, player: int, out: FloatBuffer) -> None:
        assert isinstance(state, AthleticState)
        (cur_o, first_o, turn_o, medals_o, sizes_o, draw_o, placed_o, moves_o, last_o, reshuffles_o, hand_o,
         tops_o, piles_o, empty_o, pools_o, held_o) = self._o  # fmt: skip
        rel = self._rel[player]
        current = state.current
        if current is not None:
            out[cur_o + rel[current]] = 1.0
        out[first_o + rel[state.first_player]] = 1.0
        out[turn_o] = state.turn / self._max_turns
        medals = state.medals
        hands = state.hands
        for q, r in enumerate(rel):
            out[medals_o + r] = medals[q] / self._medals
            out[sizes_o + r] = len(hands[q]) / NUM_CARDS
        draw = state.draw
        out[draw_o] = len(draw) / NUM_CARDS
        out[placed_o] = state.placed / NUM_CARDS
        chain = state.chain
        if chain:
            m = len(chain)
            out[moves_o] = m / (m + 10.0)
            a, b = chain[-1]
            out[last_o + move_action(a, b).id - MOVE_BASE] = 1.0
        for c in hands[player]:
            out[hand_o + c] = 1.0
        reshuffles = state.reshuffles
        pooled = b""
        if reshuffles:
            out[reshuffles_o] = reshuffles / (reshuffles + 10.0)
            epoch = state.epoch
            if reshuffles != self._reshuffles or epoch != self._epoch:
                # the epochs change only at a reshuffle (A-6): the pools' values are made once per reshuffle
                self._reshuffles = reshuffles
                self._epoch = list(epoch)
                self._pools = array("f", [k / reshuffles if k else 0.0 for k in epoch])
                # per card 1 if it has a pool: a translation table, so that a hand's pool cards are counted in C
                self._pooled = bytes(1 if k else 0 for k in epoch) + bytes(256 - NUM_CARDS)
            out[pools_o : pools_o + NUM_CARDS] = self._pools
            pooled = self._pooled
            for q, r in enumerate(rel):
                out[held_o + r] = bytes(hands[q]).translate(pooled).count(1) / NUM_CARDS
        p_o = piles_o
        t_o = tops_o
        for k, pile in enumerate(state.piles):
            if pile:
                out[t_o + pile[-1]] = 1.0
                i = len(pile)
                for c in pile:
                    i -= 1
                    out[p_o + c] = _DEPTH[i]
                    if pooled and pooled[c]:  # a card on the table is in no pool (its epoch is stale)
                        out[pools_o + c] = 0.0
            else:
                out[empty_o + k] = 1.0
            p_o += NUM_CARDS
            t_o += NUM_CARDS


class AthleticEncoding(Encoding, game="podium.games.athletic.game:GAME"):
    def encoder(self, config: GameConfig, players: int) -> AthleticEncoder:
        self.game.check_players(players)
        return AthleticEncoder(config, players)

    def observed(self, view: View) -> JsonDict:
        # Left out: the rules (fixed per environment) and `reason` (it follows from the medals); of the moves since
        # the last placement their number and the last one (the action mask shows which moves they forbid); of the
        # reshuffles' pools each card's pool and how many pool cards each seat holds, not per pool.
        omitted = {"game", "config", "num_players", "player", "is_over", "reason", "moves_since_placement", "pools"}
        out = {key: value for key, value in view.items() if key not in omitted}
        chain = view["moves_since_placement"]
        out["moves"] = (len(chain), chain[-1] if chain else None)
        pools = view["pools"]
        out["pool_cards"] = sorted((card, pool["epoch"]) for pool in pools for card in pool["cards"])
        out["pool_cards_held"] = [sum(pool["hands"][seat] for pool in pools) for seat in range(view["num_players"])]
        return out


ENCODING = AthleticEncoding()
