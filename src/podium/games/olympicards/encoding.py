"""Olympicards for reinforcement learning (podium.rl; every feature is described in docs/rl.md): what one seat may
know as a fixed vector of floats, written from the table's read-only accessors (the storage itself, no copies);
utilities and the length bound that the cards give (O-5, O-8)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress
from typing import Any, cast

from podium.api.encoding import Encoder, Encoding, Feature, FloatBuffer
from podium.core.config import GameConfig
from podium.core.contract import JsonDict, State, View
from podium.games.olympicards.cards import DECK_SIZE, NO_CARD, NUM_KINDS
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.plays import Play
from podium.games.olympicards.sports import MAX_PLAY, MEASURES, PROGRESSIONS, RELATIONS, SHAPES, SPORTS_PER_SET, Sport
from podium.games.olympicards.state import OlympicardsState

SPORT = len(SHAPES) + len(MEASURES) + len(PROGRESSIONS) + len(RELATIONS) + 4
ROUNDS = 128  # rounds of one sport: each takes an action, and a sport has at most 90 plays and 7 withdrawals
_PHASES = {OlympicardsPhase.DECIDE: 0, OlympicardsPhase.PLAY: 1, OlympicardsPhase.OVER: 2}
_KINDS = range(NUM_KINDS)


def _olympicards(config: GameConfig) -> Config:
    if not isinstance(config, Config):
        raise TypeError(f"Olympicards needs an Olympicards config, not {type(config).__name__}")
    return config


def _sport_features(sport: Sport) -> list[tuple[int, float]]:
    """(place in the sport block, value) of the sport card's rule (O-9)."""
    at = 0
    out = [(SHAPES.index(sport.shape), 1.0)]
    at += len(SHAPES)
    out.append((at + MEASURES.index(sport.measure), 1.0))
    at += len(MEASURES)
    out.append((at + PROGRESSIONS.index(sport.progression), 1.0))
    at += len(PROGRESSIONS)
    if sport.target_relation is not None:
        out.append((at + RELATIONS.index(sport.target_relation), 1.0))
    at += len(RELATIONS)
    out += [(at, sport.min_cards / MAX_PLAY), (at + 1, sport.max_cards / MAX_PLAY)]
    out += [(at + 2, float(sport.flip)), (at + 3, float(sport.star))]
    return [(place, value) for place, value in out if value]


def _play_rows(plays: Sequence[Play], before: _Rows) -> _Rows:
    """A seat's plays in this sport, and its rows of the blocks played, first_play and last_play (copies / 2); from
    its rows `before` when it has made one play since them."""
    last = array("f", bytes(4 * NUM_KINDS))
    for kind in plays[-1]:
        last[kind] += 0.5
    old = before[0]
    if len(plays) == len(old) + 1 and plays[: len(old)] == old and old:
        played = array("f", before[1])
        for kind in plays[-1]:
            played[kind] += 0.5
        return plays[:], played, before[2], last
    played = array("f", bytes(4 * NUM_KINDS))
    for play in plays:
        for kind in play:
            played[kind] += 0.5
    first = array("f", bytes(4 * NUM_KINDS))
    for kind in plays[0]:
        first[kind] += 0.5
    return plays[:], played, first, last


_NO_MEDALS = [0, 0, 0]
_Rows = tuple[Sequence[Play], "array[float]", "array[float]", "array[float]"]
_NO_PLAYS: _Rows = (
    [],
    array("f", bytes(4 * NUM_KINDS)),
    array("f", bytes(4 * NUM_KINDS)),
    array("f", bytes(4 * NUM_KINDS)),
)


class OlympicardsEncoder(Encoder):
    def __init__(self, config: GameConfig, players: int) -> None:
        self._sports = [_sport_features(sport) for sport in _olympicards(config).sport_set.sports]
        super().__init__(config, players)
        n = players
        self._rel = tuple(tuple((q - p) % n for q in range(n)) for p in range(n))
        self._offsets = tuple(self.offsets.values())  # in the order of the layout
        self._discard: list[int] = []  # the discard pile the block below was made from
        self._discard_block = array("f", bytes(4 * NUM_KINDS))
        # per seat: the plays of this sport its rows below were made from (the blocks played, first_play and
        # last_play, the same for every viewer), made again only when the seat has played since
        self._seat_rows: list[_Rows] = [_NO_PLAYS] * players
        o = self.offsets
        self._row_slices = [
            tuple(
                slice(o[name] + r * NUM_KINDS, o[name] + (r + 1) * NUM_KINDS)
                for name in ("played", "first_play", "last_play")
            )
            for r in range(n)
        ]
        # what `refresh` writes zeros from, block by block
        self._zero_head = array("f", bytes(4 * o["sport_pile"]))
        self._zero_pile = array("f", bytes(4 * (o["postponed"] - o["sport_pile"])))
        self._zero_hand = array("f", bytes(4 * (o["played"] - o["postponed"])))
        self._zero_plays = array("f", bytes(4 * (o["medals"] - o["plays"])))
        self._zero_records = array("f", bytes(4 * SPORTS_PER_SET))

    def layout(self) -> list[Feature]:
        n = self.players
        k = NUM_KINDS
        w = max(n, 3)
        return [
            Feature("phase", 3, "the phase, one-hot: decide (accept or postpone, O-4), play (O-5), over"),
            Feature("current", n, "the seat to move, one-hot by relative seat (all 0 once the game is over)"),
            Feature("start_player", n, "the holder of the start player card, one-hot by relative seat"),
            Feature("sport", SPORTS_PER_SET, "the sport being played or decided on, one-hot by its place in the set"),
            Feature("sport_rule", SPORT, "its card (O-9): shape, measure, progression and target relation one-hot "
                    "(in the order of docs/sports.md), min and max cards / 4, flip, star"),
            Feature("sport_number", 1, "sports finished / 9"),
            Feature("round", 1, "the sport's round / 128"),
            Feature("round_order", n, "per relative seat, (its place in this round's order + 1) / players, 0 if "
                    "not in it"),
            Feature("turn", 1, "the place in the round's order of the seat to move / players"),
            Feature("target", k, "the round's target card in a flip sport, one-hot by kind (colour × 9 + value - "
                    "1, colours r g b y k)"),
            Feature("sport_pile", SPORTS_PER_SET * (SPORTS_PER_SET + 1), "per place in the sport pile from the top: "
                    "a face-down card (1 in the last column), or a postponed card one-hot by sport"),
            Feature("sports_done", SPORTS_PER_SET, "per sport of the set, (its place in the order played + 1) / 9, "
                    "0 if not played yet"),
            Feature("postponed", 1, "sport cards postponed so far / 9"),
            Feature("hand", k, "the viewer's hand, per kind: copies / 2"),
            Feature("hand_sizes", n, "per relative seat, cards in hand / 90"),
            Feature("played", n * k, "per relative seat and kind: copies it played in this sport / 2"),
            Feature("first_play", n * k, "per relative seat and kind: copies in its first play of this sport / 2 "
                    "(it sets a lane colour)"),
            Feature("last_play", n * k, "per relative seat and kind: copies in its last play of this sport / 2"),
            Feature("plays", n, "per relative seat, plays made in this sport / 90"),
            Feature("last_any", k + n, "the last play anyone made in this sport: copies per kind / 2, then who "
                    "made it, one-hot by relative seat"),
            Feature("withdrawn", n, "per relative seat, out of this sport"),
            Feature("withdrawals", w * n, "per withdrawal of this sport in order (as many as max(players, 3)): "
                    "who withdrew, one-hot by relative seat"),
            Feature("medals", n * 3, "per relative seat: gold, silver, bronze / 9"),
            Feature("world_records", n * SPORTS_PER_SET, "per relative seat and sport of the set: kept for a world "
                    "record (O-8)"),
            Feature("discard", k, "the discard pile, per kind: copies / 2"),
            Feature("draw_size", 1, "cards in the draw pile / 90"),
        ]  # fmt: skip

    def encode(self, state: State, player: int, out: FloatBuffer) -> None:
        self.refresh(state, player, out, [])

    def refresh(self, state: State, player: int, out: FloatBuffer, memo: list[Any]) -> None:
        # A float written into the buffer costs as much as a dozen other operations. What changes at almost every
        # step is written again into zeros; the blocks that change seldom (each seat's played, first_play and
        # last_play, which change only when it plays; the sport pile and the sports done; medals and world
        # records; the discard pile) only when their source lists differ from the copies `memo` keeps of what they
        # were last written from for this viewer.
        assert isinstance(state, OlympicardsState)
        s = state  # read through the table's accessors (the storage itself, typed read-only: no copies)
        (phase_o, current_o, start_o, sport_o, rule_o, number_o, round_o, order_o, turn_o, target_o, pile_o, done_o,
         postponed_o, hand_o, sizes_o, played_o, _first_o, _last_o, plays_o, any_o, out_o, withdrawals_o, medals_o,
         records_o, discard_o, draw_o) = self._offsets  # fmt: skip
        rel = self._rel[player]
        n = self.players
        if memo:
            w = memo[n]
            out[:pile_o] = self._zero_head
            out[postponed_o:played_o] = self._zero_hand
            out[plays_o:medals_o] = self._zero_plays
        else:  # `out` holds zeros, which are also the rows of the seats that have not played
            # single floats are written through a memoryview (half the cost of an array's item assignment)
            w = memoryview(cast(Any, out))
            memo += [[]] * n + [w, None, None, None, None, None, None]
        w[phase_o + _PHASES[s.phase]] = 1.0
        current = s.current_player
        if current is not None:
            w[current_o + rel[current]] = 1.0
        w[start_o + rel[s.start_player]] = 1.0
        sport = s.sport_index
        if sport >= 0:
            w[sport_o + sport] = 1.0
            for place, value in self._sports[sport]:
                w[rule_o + place] = value
        w[number_o] = len(s.sports_done) / SPORTS_PER_SET
        w[round_o] = s.round_number / ROUNDS
        for place, q in enumerate(s.round_order):
            w[order_o + rel[q]] = (place + 1) / n
        w[turn_o] = s.turn / n
        if s.target != NO_CARD:
            w[target_o + s.target] = 1.0
        pile = s.sport_pile
        pile_up = s.pile_face_up
        done = s.sports_done
        if pile != memo[n + 1] or pile_up != memo[n + 2] or done != memo[n + 3]:
            out[pile_o:postponed_o] = self._zero_pile
            at = pile_o
            for sport_card, up in zip(pile, pile_up, strict=True):
                w[at + (sport_card if up else SPORTS_PER_SET)] = 1.0
                at += SPORTS_PER_SET + 1
            for place, sport_done in enumerate(done):
                w[done_o + sport_done] = (place + 1) / SPORTS_PER_SET
            memo[n + 1] = pile[:]
            memo[n + 2] = pile_up[:]
            memo[n + 3] = done[:]
        w[postponed_o] = s.postponed / SPORTS_PER_SET
        counts = s.hand_counts(player)
        for kind in compress(_KINDS, counts):  # the kinds held, found in C
            w[hand_o + kind] = counts[kind] * 0.5
        sizes = s.hand_sizes
        all_plays = s.seat_plays
        withdrawn = s.withdrawn
        seat_rows = self._seat_rows
        for q, r in enumerate(rel):
            w[sizes_o + r] = sizes[q] / DECK_SIZE
            plays = all_plays[q]
            if plays:
                w[plays_o + r] = len(plays) / DECK_SIZE
            if plays != memo[q]:
                if plays:
                    rows = seat_rows[q]
                    if plays != rows[0]:  # the seat's rows are made once per change, for every viewer
                        rows = seat_rows[q] = _play_rows(plays, rows)
                else:
                    rows = _NO_PLAYS
                played, first, last = self._row_slices[r]
                out[played] = rows[1]
                out[first] = rows[2]
                out[last] = rows[3]
                memo[q] = rows[0]  # (a copy, never changed)
            if withdrawn[q]:
                w[out_o + r] = 1.0
        last_play = s.last_play
        if last_play is not None:
            for kind in last_play:
                w[any_o + kind] += 0.5
            w[any_o + NUM_KINDS + rel[s.last_player]] = 1.0
        at = withdrawals_o
        for q in s.withdrawals:
            w[at + rel[q]] = 1.0
            at += n
        all_medals = s.medals
        all_records = s.world_records
        if all_medals != memo[n + 4] or all_records != memo[n + 5]:
            # medals are won one at a time, as the seats withdraw (O-7): only the seats whose medals or records
            # changed are written again
            medals_memo = memo[n + 4]
            records_memo = memo[n + 5]
            if medals_memo is None:
                medals_memo = memo[n + 4] = [_NO_MEDALS] * n
                records_memo = memo[n + 5] = [[]] * n
            for q, r in enumerate(rel):
                medals = all_medals[q]
                if medals != medals_memo[q]:
                    gold, silver, bronze = medals_memo[q] = medals[:]  # (changed in place by the engine)
                    at = medals_o + 3 * r
                    w[at] = gold / SPORTS_PER_SET
                    w[at + 1] = silver / SPORTS_PER_SET
                    w[at + 2] = bronze / SPORTS_PER_SET
                records = all_records[q]
                if records != records_memo[q]:
                    out[records_o + r * SPORTS_PER_SET : records_o + (r + 1) * SPORTS_PER_SET] = self._zero_records
                    for record in records:
                        w[records_o + r * SPORTS_PER_SET + record] = 1.0
                    records_memo[q] = records[:]
        discard = s.discard
        if discard != memo[n + 6]:
            if discard != self._discard:  # it changes only when a round or a sport ends (O-5, O-8): made once
                self._discard = list(discard)
                counts = [0] * NUM_KINDS
                for kind in discard:
                    counts[kind] += 1
                self._discard_block = array("f", [count * 0.5 for count in counts])
            out[discard_o : discard_o + NUM_KINDS] = self._discard_block
            memo[n + 6] = self._discard
        w[draw_o] = s.draw_size / DECK_SIZE


class OlympicardsEncoding(Encoding, game="podium.games.olympicards.game:GAME"):
    def encoder(self, config: GameConfig, players: int) -> OlympicardsEncoder:
        self.game.check_players(players)
        return OlympicardsEncoder(config, players)

    def observed(self, view: View) -> JsonDict:
        # Left out: the rules (fixed per environment); what follows from the rest (is_over, sport details beyond
        # its place in the set, next_award, points, last_play); the statistics sport_rounds; every hand, shown once
        # the game is over. Of the plays in this sport: each seat's cards, first and last play and their number; of
        # the discard pile its cards, not their order (it is shuffled before it is drawn from, O-8).
        omitted = {"game", "config", "num_players", "player", "is_over", "sport", "next_award", "points",
                   "last_play", "sport_rounds", "hands", "plays", "discard"}  # fmt: skip
        out = {key: value for key, value in view.items() if key not in omitted}
        out["sport"] = view["sport"]["index"] if view["sport"] is not None else None
        out["plays"] = [
            (sorted(card for play in plays for card in play), plays[0] if plays else None, plays[-1] if plays else None,
             len(plays))
            for plays in view["plays"]
        ]  # fmt: skip
        out["discard"] = sorted(view["discard"])
        return out


ENCODING = OlympicardsEncoding()
