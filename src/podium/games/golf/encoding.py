"""Golf for reinforcement learning (podium.rl; every feature is described in docs/rl.md): what one seat may know
(G-7) as a fixed vector of floats, written straight from the position's flat lists; utilities and the length bound
that G-5.3's `round_turn_limit` gives."""

from __future__ import annotations

from array import array
from itertools import compress
from typing import TYPE_CHECKING, Any, cast

from podium.api.encoding import Encoder, Encoding, Feature, FloatBuffer
from podium.core.config import GameConfig
from podium.core.contract import JsonDict, State, View
from podium.games.golf.cards import DECK_SIZE, RANK_OF, SUIT_OF
from podium.games.golf.config import GolfConfig
from podium.games.golf.rules import OWNER, PHASE_INDEX, PHASES, PUBLIC, GolfPhase, rules_for

if TYPE_CHECKING:
    from podium.games.golf.state import GolfState

CARD = 17  # rank one-hot (13), suit one-hot (4)
SLOT = 3 + CARD  # what is known of the card (nobody / its owner / everybody), then the card if the viewer knows it
_AT = tuple(1.0 - i / DECK_SIZE for i in range(DECK_SIZE + 1))  # a discard's place, from the top
_RANK = tuple(3 + RANK_OF[c] for c in range(DECK_SIZE))  # where a card's rank and suit lie in a slot's block
_SUIT = tuple(16 + SUIT_OF[c] for c in range(DECK_SIZE))
# `refresh`'s memo, after its memoryview, before anything is written: where the copies of the discard pile, the hands,
# what is known of them, the totals and the last round's scores will be (the last round's are None before one ends)
_NOTHING = (None, None, None, None, False)


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
        # per viewer: each seat's place in the observation (the viewer first)
        self._rel = tuple(tuple((q - p) % n for q in range(n)) for p in range(n))
        self._o = (
            o["current"], o["phase"], o["first_player"], o["closer"], o["final_turns_left"], o["drawn"] - 3,
            o["drawn_from"], o["discard_top"] - 3, o["discard"], o["scores"], o["last_round_scores"],
        )  # fmt: skip
        # what `refresh` writes zeros from, and the hands block where nobody has seen any card
        self._hands_at = o["hands"]
        self._zero_head = array("f", bytes(4 * o["discard"]))
        self._zero_discard = array("f", bytes(4 * DECK_SIZE))
        self._zero_scores = array("f", bytes(4 * (self.size - o["scores"])))
        self._unseen = array("f", bytes(4 * (o["scores"] - o["hands"])))
        self._unseen[::SLOT] = array("f", [1.0]) * (n * slots)
        # a slot's block by (what is known) × 52 + card, as the owner sees it and as the others do (G-7: the owner
        # knows what it has seen, OWNER and up, the others what is PUBLIC)
        blocks = []
        for level in (OWNER, PUBLIC):
            table = []
            for k in range(3):
                for c in range(DECK_SIZE):
                    block = array("f", bytes(4 * SLOT))
                    block[k] = 1.0
                    if k >= level:
                        block[_RANK[c]] = block[_SUIT[c]] = 1.0
                    table.append(block)
            blocks.append(tuple(table))
        # per viewer, each hand card by its index in the position's flat lists: (index, where its block lies, the
        # blocks it is seen through); seat q's slot s lies at relative seat (q - viewer) % n
        self._slots = tuple(
            tuple(
                (i, slice(at, at + SLOT), blocks[0] if i // slots == p else blocks[1])
                for i in range(n * slots)
                for at in [o["hands"] + (((i // slots - p) % n) * slots + i % slots) * SLOT]
            )
            for p in range(n)
        )

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
        self.refresh(state, player, out, [])

    def refresh(self, state: State, player: int, out: FloatBuffer, memo: list[Any]) -> None:
        # The position read through its accessors, each once. A float written into the buffer costs as much as a
        # dozen other operations: the features before the discard pile change at almost every step and are written
        # again, the discard pile, hands and scores only when their source lists differ from the copies `memo` keeps
        # of what they were last written from.
        s = cast("GolfState", state)
        (cur_o, phase_o, first_o, closer_o, final_o, drawn_o, drawn_from_o, top_o, discard_o, scores_o,
         last_o) = self._o  # fmt: skip
        if memo:
            out[:discard_o] = self._zero_head
            w = memo[0]
        else:  # `out` holds zeros: nothing written yet
            # single floats are written through a memoryview (half the cost of an array's item assignment)
            w = memoryview(cast(Any, out))
            memo += (w, *_NOTHING)
        rel = self._rel[player]
        current = s.current_player
        if current is not None:
            w[cur_o + rel[current]] = 1.0
        phase = s.phase
        w[phase_o + PHASE_INDEX[phase]] = 1.0
        w[first_o + rel[s.first_player]] = 1.0
        closer = s.closer
        if closer is not None:
            w[closer_o + rel[closer]] = 1.0
        final = s.final_turns_left
        if final:
            w[final_o] = final / self.players
        w[final_o + 1] = s.round / self._rounds
        t = s.round_turns
        w[final_o + 2] = t / self._limit if self._limit else t / (t + 100.0)
        w[final_o + 3] = len(s.stock) / DECK_SIZE
        if phase is GolfPhase.DRAWN:
            taken = s.taken
            w[drawn_from_o + taken] = 1.0
            if taken or current == player:
                c = s.drawn
                w[drawn_o + _RANK[c]] = 1.0
                w[drawn_o + _SUIT[c]] = 1.0
        discard = s.discard
        if discard:
            c = discard[-1]
            w[top_o + _RANK[c]] = 1.0
            w[top_o + _SUIT[c]] = 1.0
        if discard != memo[1]:
            out[discard_o : discard_o + DECK_SIZE] = self._zero_discard
            i = len(discard)
            for c in discard:
                i -= 1
                w[discard_o + c] = _AT[i]
            memo[1] = discard[:]
        hands = s.hands
        known = s.known
        if hands != memo[2] or known != memo[3]:
            # every card as if nobody had seen it, then the cards someone has seen (few: `compress` finds them),
            # each a block made once per (what is known, card) and from whom (G-7: the owner knows what it has
            # seen, the others what is public)
            out[self._hands_at : scores_o] = self._unseen
            for i, at, blocks in compress(self._slots[player], known):
                out[at] = blocks[known[i] * DECK_SIZE + hands[i]]
            memo[2] = hands[:]
            memo[3] = known[:]
        totals = s.totals
        history = s.history
        last = history[-1] if history else None
        if totals != memo[4] or last != memo[5]:
            out[scores_o:] = self._zero_scores
            per_game = self._per_game
            for q, r in enumerate(rel):
                if totals[q]:
                    w[scores_o + r] = totals[q] * per_game
            if last:
                per_round = self._per_round
                for q, r in enumerate(rel):
                    if last[q]:
                        w[last_o + r] = last[q] * per_round
            memo[4] = totals[:]
            memo[5] = last[:] if last else None


class GolfEncoding(Encoding, game="podium.games.golf.game:GAME"):
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


ENCODING = GolfEncoding()
