"""Golf for reinforcement learning (podium.rl; every feature is described in docs/rl.md): what one seat may know
(G-7) as a fixed vector of floats, written straight from the position's flat lists; utilities and the length bound
that G-5.3's `round_turn_limit` gives."""

from __future__ import annotations

from typing import Any

from podium.core.config import GameConfig
from podium.core.contract import JsonDict, State, View
from podium.games.golf import GAME
from podium.games.golf.cards import DECK_SIZE, RANK_OF, SUIT_OF
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import P_DRAWN, PHASES, PUBLIC, rules_for
from podium.rl.base import Encoder, Encoding, Feature, FloatBuffer

CARD = 17  # rank one-hot (13), suit one-hot (4)
SLOT = 3 + CARD  # what is known of the card (nobody / its owner / everybody), then the card if the viewer knows it
_AT = tuple(1.0 - i / DECK_SIZE for i in range(DECK_SIZE + 1))  # a discard's place, from the top
_RANK = tuple(3 + RANK_OF[c] for c in range(DECK_SIZE))  # where a card's rank and suit lie in a slot's block
_SUIT = tuple(16 + SUIT_OF[c] for c in range(DECK_SIZE))


def _golf(config: GameConfig) -> GolfConfig:
    if not isinstance(config, GolfConfig):
        raise TypeError(f"Golf needs a GolfConfig, not {type(config).__name__}")
    return config


class GolfEncoder(Encoder):
    def __init__(self, config: GameConfig, players: int) -> None:
        golf = _golf(config)
        rules = rules_for(golf, players)
        slots = rules.slots
        self._limit = golf.round_turn_limit
        self._rounds = rules.rounds
        worst = max(1, *(abs(v) for v in rules.values))
        self._per_round = 1.0 / (2 * worst * slots)  # a round's score lies within ±slots × 2 × the worst value
        self._per_game = self._per_round / rules.rounds
        super().__init__(config, players)
        o = self.offsets
        n = players
        # per viewer: each seat's place in the observation (the viewer first), and each hand card's (index in the
        # position's flat lists, its block, the knowledge from which the viewer sees it: G-7)
        self._rel = tuple(tuple((q - p) % n for q in range(n)) for p in range(n))
        self._order = tuple(tuple((p + r) % n for r in range(n)) for p in range(n))
        self._own = tuple(
            tuple((p * slots + s, o["hands"] + s * SLOT) for s in range(slots)) for p in range(n)
        )  # the viewer's cards: it knows those it has seen (OWNER and up)
        self._others = tuple(
            tuple(
                (q * slots + s, o["hands"] + (r * slots + s) * SLOT)
                for r, q in enumerate(self._order[p])
                if r
                for s in range(slots)
            )
            for p in range(n)
        )  # the other seats' cards: it knows the public ones
        self._o = (
            o["current"], o["phase"], o["first_player"], o["closer"], o["final_turns_left"], o["round"],
            o["round_turns"], o["stock_size"], o["drawn"], o["drawn_from"], o["discard_top"], o["discard"],
            o["scores"], o["last_round_scores"],
        )  # fmt: skip

    def layout(self) -> list[Feature]:
        n = self.players
        slots = _golf(self.config).slots
        return [
            Feature("current", n, "the seat to move, one-hot by relative seat (all 0 once the game is over)"),
            Feature("phase", len(PHASES), "the phase, one-hot: peek, initial_flip, start, drawn, knock, flip, over"),
            Feature("first_player", n, "the round's first player (G-3.4), one-hot by relative seat"),
            Feature("closer", n, "who knocked (four-card) or first had all cards face up (six-card), one-hot"),
            Feature("final_turns_left", 1, "turns left in the closing round, the current one included, / players"),
            Feature("round", 1, "the round (hole) / rounds"),
            Feature("round_turns", 1, "turns begun in this round / round_turn_limit (G-5.3); t / (t + 100) if none"),
            Feature("stock_size", 1, "cards in the stock / 52"),
            Feature("drawn", CARD, "the card in hand if the viewer may see it: rank one-hot (A..K), suit one-hot"),
            Feature("drawn_from", 2, "in the drawn phase: the card came from the stock, from the discard pile"),
            Feature("discard_top", CARD, "the top discard: rank one-hot, suit one-hot"),
            Feature("discard", DECK_SIZE, "per card (by id: rank × 4 + suit, suits c d h s): 1 - i/52 if it lies "
                    "i-th from the top of the discard pile (the top is 1), else 0"),
            Feature("hands", n * slots * SLOT, "per relative seat and slot: what is known of the card, one-hot "
                    "(nobody, its owner only, everybody), then its rank and suit one-hot if the viewer knows it"),
            Feature("scores", n, "per relative seat, the running total / (rounds × slots × 2 × worst absolute "
                    "value)", -1),
            Feature("last_round_scores", n, "per relative seat, the last finished round's score / (slots × 2 × "
                    "worst absolute value)", -1),
        ]  # fmt: skip

    def encode(self, state: State, player: int, out: FloatBuffer) -> None:
        # The position's own storage, read as its views and records modules read it (position.py documents each
        # field): the accessors cost more than the writes here, and this runs at every step of an environment.
        s: Any = state
        (cur_o, phase_o, first_o, closer_o, final_o, round_o, turns_o, stock_o, drawn_o, drawn_from_o, top_o,
         discard_o, scores_o, last_o) = self._o  # fmt: skip
        rel = self._rel[player]
        current = s._cur
        if current >= 0:
            out[cur_o + rel[current]] = 1.0
        phase = s._phase  # the index of its GolfPhase in PHASES
        out[phase_o + phase] = 1.0
        out[first_o + rel[s._first]] = 1.0
        closer = s._closer
        if closer >= 0:
            out[closer_o + rel[closer]] = 1.0
        out[final_o] = s._final_left / self.players
        out[round_o] = s._round / self._rounds
        t = s.round_turns
        out[turns_o] = t / self._limit if self._limit else t / (t + 100.0)
        out[stock_o] = len(s._stock) / DECK_SIZE
        if phase == P_DRAWN:
            taken = s._taken
            out[drawn_from_o + taken] = 1.0
            if taken or current == player:
                c = s._drawn
                out[drawn_o - 3 + _RANK[c]] = 1.0
                out[drawn_o - 3 + _SUIT[c]] = 1.0
        discard = s._discard
        if discard:
            c = discard[-1]
            out[top_o - 3 + _RANK[c]] = 1.0
            out[top_o - 3 + _SUIT[c]] = 1.0
            i = len(discard)
            for c in discard:
                i -= 1
                out[discard_o + c] = _AT[i]
        hands = s._hands
        known = s._known
        for i, o in self._own[player]:
            k = known[i]
            out[o + k] = 1.0
            if k:  # OWNER or PUBLIC (G-7)
                c = hands[i]
                out[o + _RANK[c]] = 1.0
                out[o + _SUIT[c]] = 1.0
        for i, o in self._others[player]:
            k = known[i]
            out[o + k] = 1.0
            if k == PUBLIC:
                c = hands[i]
                out[o + _RANK[c]] = 1.0
                out[o + _SUIT[c]] = 1.0
        totals = s._totals
        history = s._history
        per_game = self._per_game
        for q, r in enumerate(rel):
            if totals[q]:
                out[scores_o + r] = totals[q] * per_game
        if history:
            last = history[-1]
            per_round = self._per_round
            for q, r in enumerate(rel):
                if last[q]:
                    out[last_o + r] = last[q] * per_round


class GolfEncoding(Encoding):
    def encoder(self, config: GameConfig, players: int) -> GolfEncoder:
        self.game.check_players(players)
        return GolfEncoder(config, players)

    def observed(self, view: View) -> JsonDict:
        # Left out: the rules (fixed per environment), statistics (round_ends, turns) and the previous rounds (their
        # reveal, every score but the last round's), which are fixed by the time they are shown;
        # known_sum follows from the hands shown.
        omitted = {"game", "config", "num_players", "player", "variant", "slots", "values", "rounds", "is_over",
                   "round_ends", "turns", "last_round", "round_scores", "known_sum"}  # fmt: skip
        out = {key: value for key, value in view.items() if key not in omitted}
        out["last_round_scores"] = view["round_scores"][-1] if view["round_scores"] else None
        return out

    def max_steps(self, config: GameConfig, players: int) -> int | None:
        # G-5.3: a round has at most round_turn_limit turns of at most three decisions (draw or take; swap or
        # discard; knock, pass or flip), after at most two peeks or flips per player (G-3.3, G-8.1).
        golf = _golf(config)
        if not golf.round_turn_limit:
            return None
        return golf.rounds * (2 * players + 3 * golf.round_turn_limit)

    def max_turns(self, config: GameConfig, players: int) -> int | None:
        golf = _golf(config)
        return golf.rounds * golf.round_turn_limit if golf.round_turn_limit else None


GolfEncoding.game = GAME
ENCODING = GolfEncoding()
