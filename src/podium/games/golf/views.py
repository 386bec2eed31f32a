"""What a Golf player (or a spectator) may know (G-7): the views, built from a position (their type: view.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from podium.core.contract import JsonDict, View
from podium.games.golf.cards import CARD_TEXT, DECK_SIZE, parse_card
from podium.games.golf.position import GolfPosition
from podium.games.golf.rules import END_NAMES, OWNER, PUBLIC, UNSEEN, GolfPhase, Rules
from podium.games.golf.scoring import column_sum, known_sum
from podium.games.golf.view import GolfRoundEnd, GolfView

assert END_NAMES == ("knock", "stock", "all_face_up", "turn_limit")  # the view's round_ends, written out below
assert (UNSEEN, OWNER, PUBLIC) == (0, 1, 2)  # the rows below are indexed by what is known of a card

# Rows indexed by what is known of a card (UNSEEN, OWNER, PUBLIC), then (but the flags) by the card: what
# everybody else and what its owner sees of it (G-7), as its id (-1: unknown) and as its text (None: unknown).
# A seat's parts are read from them slot by slot (4 or 6 slots: plain indexing is several times cheaper than
# `map` over so few items).
_HIDDEN = (-1,) * DECK_SIZE
_SHOWN = tuple(range(DECK_SIZE))
_NO_TEXT: tuple[str | None, ...] = (None,) * DECK_SIZE
_SEEN_BY_ALL = (_HIDDEN, _HIDDEN, _SHOWN)
_SEEN_BY_OWNER = (_HIDDEN, _SHOWN, _SHOWN)
_TEXTS_BY_ALL = (_NO_TEXT, _NO_TEXT, CARD_TEXT)
_TEXTS_BY_OWNER = (_NO_TEXT, CARD_TEXT, CARD_TEXT)
_IS_PUBLIC = (False, False, True)
_OWNER_KNOWS = (False, True, True)
_ID_TEXT: tuple[str | None, ...] = (*CARD_TEXT, None)  # by a card's id as seen (above), -1: unknown
_ONE_TEXT = tuple((text,) for text in CARD_TEXT)  # a card put on the discard pile
_DRAWN = GolfPhase.DRAWN  # read once: a member read from its enum class goes through the metaclass (~60 ns)

Texts = tuple[str | None, ...]
Flags = tuple[bool, ...]

# How views share what they are made of: everything below that a view holds by reference is immutable (strings,
# ints, tuples of them); each view gets its own dicts (itself, config, values, last_round, round_ends). The parts
# kept between calls are objects that are never changed once made: a newer one replaces an older one whole, so a
# view being made in another thread at the same time reads one consistent set of parts.


class _Round:
    """The parts of a view that change only when a round ends, and what they were made of: the round's first
    player, the round, the totals, the rounds' scores, the counts of how rounds ended and the last round's reveal
    (a reveal is never changed once built: compared by identity). `template` has every key of a view in order, with
    those values; `reveal` is the reveal with a tuple for each list."""

    __slots__ = ("ends", "ends_json", "first", "history", "last", "reveal", "round", "template", "totals")

    def __init__(
        self,
        first: int,
        round_: int,
        totals: list[int],
        history: list[list[int]],
        ends: list[int],
        last: JsonDict | None,
        template: GolfView,
    ) -> None:
        self.first = first
        self.round = round_
        self.totals = totals[:]
        self.history = history[:]  # their rows are never changed
        self.ends = ends = ends[:]
        self.last = last
        self.reveal = None if last is None else cast(GolfRoundEnd, _frozen(last))
        self.ends_json = {"knock": ends[0], "stock": ends[1], "all_face_up": ends[2], "turn_limit": ends[3]}
        template = self.template = template.copy()
        template["round"] = self.round
        template["first_player"] = self.first
        template["scores"] = tuple(self.totals)
        template["round_scores"] = tuple(map(tuple, self.history))


def _frozen(last: JsonDict) -> JsonDict:
    """A round's reveal with a tuple for each of its lists."""
    out = dict(last)
    for key, value in last.items():
        if isinstance(value, list):
            out[key] = tuple([tuple(x) if isinstance(x, list) else x for x in value])
    return out


class _Seats:
    """The per-seat parts of a view, made from the position's `hands` and `known` (kept as copies): per seat its
    texts as everybody else sees them and as its owner does, what those add up to (`scoring.known_sum`), which cards
    are public and which the owner knows; `rows` the per-seat rows every viewer shares (public, face_up,
    owner_knows); `viewers` each viewer's hands and sums, made on the first view of that viewer (`common`: the
    same for every viewer, while nobody knows a card nobody else does).

    While no seat has a card only its owner knows (six-card always: G-8 shows every card it reveals), the owners'
    lists are the others' lists themselves (`own_texts is texts`), so that a change copies three lists, not six."""

    __slots__ = (
        "common", "hands", "known", "own_sums", "own_texts", "owner", "public", "rows", "sums", "texts", "viewers",
    )  # fmt: skip

    hands: list[int]
    known: list[int]
    texts: list[Texts]
    own_texts: list[Texts]
    sums: list[int]
    own_sums: list[int]
    public: list[Flags]
    owner: list[Flags]
    rows: tuple[tuple[Flags, ...], tuple[Flags, ...], tuple[Flags, ...]]
    viewers: dict[int | None, tuple[tuple[Texts, ...], tuple[int, ...]]]
    common: tuple[tuple[Texts, ...], tuple[int, ...]] | None

    def __init__(self, kit: _Kit, hands: list[int], known: list[int], old: _Seats | None, mover: int) -> None:
        r = kit.rules
        slots = r.slots
        n = r.n
        if old is None:
            starts: Sequence[int] = range(0, n * slots, slots)
            texts: list[Texts] = [()] * n
            sums = [0] * n
            public: list[Flags] = [()] * n
            own_texts, own_sums, owner = texts, sums, public
            new_hands: list[int] | None = hands[:]
            new_known: list[int] | None = known[:]
        else:
            # Only the seats whose cards or what is known of them changed: one per action (but when a round ends),
            # most likely the one before the current player or the current player (a check in C of the whole lists,
            # keeping a list that did not change), else found seat by seat.
            old_hands = old.hands
            old_known = old.known
            new_hands = old_hands if hands == old_hands else None
            new_known = old_known if known == old_known else None
            starts = []
            for seat in (mover - 1 if mover > 0 else n - 1, mover) if mover >= 0 else ():
                base = seat * slots
                end = base + slots
                if new_hands is not old_hands:
                    new_hands = old_hands[:]
                    new_hands[base:end] = hands[base:end]
                    if new_hands != hands:
                        continue
                if new_known is not old_known:
                    new_known = old_known[:]
                    new_known[base:end] = known[base:end]
                    if new_known != known:
                        continue
                starts.append(base)  # the copies kept below
                break
            else:
                new_hands = hands[:]
                new_known = known[:]
                starts = [
                    base
                    for base in range(0, n * slots, slots)
                    if hands[base : base + slots] != old_hands[base : base + slots]
                    or known[base : base + slots] != old_known[base : base + slots]
                ]
            texts = old.texts[:]
            sums = old.sums[:]
            public = old.public[:]
            if old.own_texts is old.texts:
                own_texts, own_sums, owner = texts, sums, public
            else:
                own_texts = old.own_texts[:]
                own_sums = old.own_sums[:]
                owner = old.owner[:]
        six = r.six
        worth = kit.worth
        pairs = kit.pairs
        pub = _IS_PUBLIC
        own = _OWNER_KNOWS
        for base in starts:
            q = base // slots
            marks = known[base : base + slots]
            if six:
                c0, c1, c2, c3, c4, c5 = hands[base : base + 6]
                k0, k1, k2, k3, k4, k5 = marks
                ids = _SEEN_BY_ALL
                i0, i1, i2, i3, i4, i5 = ids[k0][c0], ids[k1][c1], ids[k2][c2], ids[k3][c3], ids[k4][c4], ids[k5][c5]
                named = _ID_TEXT
                texts[q] = (named[i0], named[i1], named[i2], named[i3], named[i4], named[i5])
                sums[q] = pairs[i0][i3] + pairs[i1][i4] + pairs[i2][i5]  # column by column (G-8.4)
                public[q] = (pub[k0], pub[k1], pub[k2], pub[k3], pub[k4], pub[k5])
                if OWNER in marks:
                    if own_texts is texts:
                        own_texts, own_sums, owner = texts[:], sums[:], public[:]
                    owner[q] = (own[k0], own[k1], own[k2], own[k3], own[k4], own[k5])
                    ids = _SEEN_BY_OWNER
                    i0, i1, i2 = ids[k0][c0], ids[k1][c1], ids[k2][c2]
                    i3, i4, i5 = ids[k3][c3], ids[k4][c4], ids[k5][c5]
                    own_texts[q] = (named[i0], named[i1], named[i2], named[i3], named[i4], named[i5])
                    own_sums[q] = pairs[i0][i3] + pairs[i1][i4] + pairs[i2][i5]
                elif own_texts is not texts:
                    own_texts[q] = texts[q]
                    own_sums[q] = sums[q]
                    owner[q] = public[q]
            else:
                c0, c1, c2, c3 = hands[base : base + 4]
                k0, k1, k2, k3 = marks
                tx = _TEXTS_BY_ALL
                texts[q] = (tx[k0][c0], tx[k1][c1], tx[k2][c2], tx[k3][c3])
                val = worth[0]
                sums[q] = val[k0][c0] + val[k1][c1] + val[k2][c2] + val[k3][c3]
                public[q] = (pub[k0], pub[k1], pub[k2], pub[k3])
                if OWNER in marks:
                    if own_texts is texts:
                        own_texts, own_sums, owner = texts[:], sums[:], public[:]
                    owner[q] = (own[k0], own[k1], own[k2], own[k3])
                    tx = _TEXTS_BY_OWNER
                    own_texts[q] = (tx[k0][c0], tx[k1][c1], tx[k2][c2], tx[k3][c3])
                    val = worth[1]
                    own_sums[q] = val[k0][c0] + val[k1][c1] + val[k2][c2] + val[k3][c3]
                elif own_texts is not texts:
                    own_texts[q] = texts[q]
                    own_sums[q] = sums[q]
                    owner[q] = public[q]
        assert new_hands is not None and new_known is not None  # each equal to the position's list
        self.hands = new_hands
        self.known = new_known
        self.texts = texts
        self.own_texts = own_texts
        self.sums = sums
        self.own_sums = own_sums
        self.public = public
        self.owner = owner
        public_rows = tuple(public)
        self.rows = (public_rows, public_rows if six else _face_down(n, slots),
                     public_rows if owner is public else tuple(owner))  # fmt: skip
        self.viewers = {}
        # every viewer's hands and sums, made now, while nobody knows a card of their own that others do not
        self.common = (tuple(texts), tuple(sums)) if own_texts is texts else None

    def of(self, viewer: int | None) -> tuple[tuple[Texts, ...], tuple[int, ...]]:
        """`viewer`'s hands and known sums: the others' seats as everybody sees them, their own as they do (made
        again: for a viewer not yet in `viewers`)."""
        viewers = self.viewers
        texts = self.texts
        if viewer is not None and self.own_texts[viewer] is not texts[viewer]:  # they know a card nobody else does
            texts = texts[:]
            texts[viewer] = self.own_texts[viewer]
            sums = self.sums[:]
            sums[viewer] = self.own_sums[viewer]
            made = (tuple(texts), tuple(sums))
        else:  # as everybody sees the seats (one pair for every such viewer)
            made = viewers.get(None) or (tuple(texts), tuple(self.sums))
            viewers[None] = made
        viewers[viewer] = made
        return made


class _Kit:
    """What the views under one `Rules` are made of, kept between calls: the config and values JSON (copied into
    each view), four-card: a card's value by what is known of it, to everybody else and to its owner (0 when they
    cannot see it), six-card: a column's known sum for every two cards or -1 (unknown; G-8.4), both as
    `scoring.known_sum` counts them, the template of a view, and the latest `_Round`, `_Seats` and discard pile's
    texts (its cards, copied, and their texts), each replaced whole when a position differs."""

    __slots__ = ("config", "config_values", "pairs", "pile", "round", "rules", "seats", "template", "values", "worth")

    def __init__(self, r: Rules) -> None:
        self.rules = r
        values = r.values
        nothing = (0,) * DECK_SIZE
        # four-card: by what is known of a card, then the card: its value to everybody else and to its owner
        self.worth = ((nothing, nothing, values), (nothing, values, values))
        cards = (*_SHOWN, -1)
        self.pairs = tuple(tuple(int(column_sum(a, b, values, 0, 0)) for b in cards) for a in cards) if r.six else ()
        config = self.config = r.config_json()  # copied again for each view
        self.config_values = isinstance(config.get("values"), dict)  # a config's only nested value
        self.values = r.values_json()
        self.template = cast(GolfView, {
            "game": "golf", "config": None, "num_players": r.n, "player": None, "current_player": None,
            "is_over": False, "variant": "six" if r.six else "four", "slots": r.slots, "values": None, "round": 0,
            "rounds": r.rounds, "first_player": 0, "phase": None, "stock_size": 0, "discard": (), "discard_top": None,
            "drawn": None, "drawn_from": None, "hands": (), "public": (), "face_up": (), "owner_knows": (),
            "known_sum": (), "knocker": None, "went_out": None, "final_turns_left": 0, "scores": (),
            "round_scores": (), "last_round": None, "round_ends": None, "turns": 0, "round_turns": 0,
        })  # fmt: skip
        self.round: _Round | None = None
        self.seats: _Seats | None = None
        self.pile: tuple[list[int], tuple[str, ...]] = ([], ())

    def discard_texts(self, discard: list[int]) -> tuple[str, ...]:
        """The discard pile's texts, bottom to top, for a pile other than the last one: those made last, with the
        card put on the pile or taken from it since, or all made again."""
        known, texts = self.pile
        size = len(discard) - len(known)
        copy = discard[:]  # kept; compared with the last pile by taking off or putting back its top card for a moment
        if size == 1:
            top = copy.pop()
            if copy == known:
                texts += _ONE_TEXT[top]
            else:
                texts = tuple(map(CARD_TEXT.__getitem__, discard))
            copy.append(top)
        elif size == -1 and known:
            copy.append(known[-1])
            texts = texts[:-1] if copy == known else tuple(map(CARD_TEXT.__getitem__, discard))
            copy.pop()
        else:
            texts = tuple(map(CARD_TEXT.__getitem__, discard))
        self.pile = (copy, texts)
        return texts


_KITS: dict[Rules, _Kit] = {}


class GolfViews(GolfPosition):
    """What each seat may know of a position (G-7): a part of the position (`GolfState` is one), reading its fields
    directly, since a view is built for every decision of a bot that reads one."""

    __slots__ = ()

    def view(self, player: int | None) -> View:
        """What `player` may know (G-7); the keys are described in `GolfView`."""
        return cast(View, self.golf_view(player))

    def full_view(self) -> View:
        """The spectator's view with every card shown: all hands (and their sums), the card in hand and the stock
        (top first)."""
        view = self.golf_view(None)
        rules = self._r
        slots = rules.slots
        hands = self._hands
        every = [hands[q * slots : q * slots + slots] for q in range(self.num_players)]
        view["hands"] = tuple([tuple(map(CARD_TEXT.__getitem__, cards)) for cards in every])
        view["known_sum"] = tuple([known_sum(cards, rules.values, rules.six) for cards in every])
        if self.drawn >= 0:
            view["drawn"] = CARD_TEXT[self.drawn]
        view["stock"] = tuple(map(CARD_TEXT.__getitem__, reversed(self._stock)))
        return cast(View, view)

    def shown_view(self, player: int | None) -> View:
        """What a person in `player`'s seat is shown: `view`, but with the option `memory` (G-4 at a real table)
        without the player's own cards that only they know: they have seen them and must remember them, so those
        cards never leave the engine. The moment they see one is told by that action's event (a peek's card; the card
        put down is the one they held). Their `known_sum` counts what is shown. The other seats' cards, and a finished
        game, are shown as `view` shows them."""
        view = self.golf_view(player)
        if player is None or not self.rules.config.memory or view["is_over"]:
            return cast(View, view)
        public = view["public"][player]
        own = view["hands"][player]
        if all(public[i] or own[i] is None for i in range(len(own))):
            return cast(View, view)
        shown = tuple([card if public[i] else None for i, card in enumerate(own)])
        hands = list(view["hands"])
        hands[player] = shown
        view["hands"] = tuple(hands)
        sums = list(view["known_sum"])
        rules = self.rules
        sums[player] = known_sum([-1 if card is None else parse_card(card) for card in shown], rules.values, rules.six)
        view["known_sum"] = tuple(sums)
        return cast(View, view)

    def golf_view(self, player: int | None) -> GolfView:
        n = self.num_players
        # a seat that is a plain int in range passes at the first test (the common case, on every view)
        if (
            player is not None
            and not (type(player) is int and 0 <= player < n)
            and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n)
        ):
            raise ValueError(f"no seat {player!r} in a {n}-player game")
        r = self._r
        kit = _KITS.get(r)
        if kit is None:
            if len(_KITS) >= 64:
                _KITS.clear()
            kit = _KITS[r] = _Kit(r)
        round_ = kit.round
        if (round_ is None or round_.last is not self._last or round_.round != self.round
                or round_.first != self._first or round_.totals != self._totals or round_.history != self._history
                or round_.ends != self._ends):  # fmt: skip
            round_ = kit.round = _Round(
                self._first, self.round, self._totals, self._history, self._ends, self._last, kit.template
            )
        seats = kit.seats
        hands = self._hands
        known = self._known
        if seats is None or seats.hands != hands or seats.known != known:
            seats = kit.seats = _Seats(kit, hands, known, seats, self._cur)
        view = round_.template.copy()
        config = kit.config.copy()
        if kit.config_values:
            config["values"] = config["values"].copy()
        view["config"] = config
        view["player"] = player
        cur = self._cur
        if cur < 0:
            view["is_over"] = True
        else:
            view["current_player"] = cur
        view["values"] = kit.values.copy()
        phase = view["phase"] = self.phase
        view["stock_size"] = len(self._stock)
        discard = self._discard
        if discard:
            pile = kit.pile
            texts = view["discard"] = pile[1] if discard == pile[0] else kit.discard_texts(discard)
            view["discard_top"] = texts[-1]
        if phase is _DRAWN:
            taken = self.taken
            view["drawn_from"] = "discard" if taken else "stock"
            if taken or player == cur:
                view["drawn"] = CARD_TEXT[self.drawn]
        made = seats.common or seats.viewers.get(player)
        if made is None:
            made = seats.of(player)
        view["hands"], view["known_sum"] = made
        view["public"], view["face_up"], view["owner_knows"] = seats.rows
        closer = self._closer
        if closer >= 0:
            if r.six:
                view["went_out"] = closer
            else:
                view["knocker"] = closer
        view["final_turns_left"] = self._final_left
        reveal = round_.reveal
        if reveal is not None:
            view["last_round"] = reveal.copy()
        view["round_ends"] = round_.ends_json.copy()
        turns = view["turns"] = self._turns
        view["round_turns"] = turns - self._cap + r.turn_limit
        return view


_FACE_DOWN: dict[tuple[int, int], tuple[tuple[bool, ...], ...]] = {}


def _face_down(n: int, slots: int) -> tuple[tuple[bool, ...], ...]:
    """Four-card `face_up`: no card is ever face up."""
    rows = _FACE_DOWN.get((n, slots))
    if rows is None:
        rows = _FACE_DOWN[(n, slots)] = ((False,) * slots,) * n
    return rows
