"""Athletic Games rules (A-1 … A-8, rules.md): the state of a game and its turn structure.

A turn is a sequence of atomic actions by the player to move: `play` a hand card on a pile (A-3, A-4.1), `move` a
pile's top card to another pile (A-4.2, option `table_moves`), `fill` an empty slot with a hand card (A-4.3), and
`end` (A-4.4), which scores the medal and draws (A-5, A-6) and passes the turn.

The decisions the original rule sheet leaves open (moves may not bring back a layout seen since the last card was
placed, so every turn ends; A-7's "at once" and `max_turns`) are stated in rules.md, at their rules.

Hidden information and perfect recall (A-8): the full content of the piles is public, and so is the set of centre
cards collected by each reshuffle of A-6. Every card in a hand or in the draw pile carries the number of the
reshuffle that last hid it (0 = the initial deal); which cards of each such pool are still hidden, and how many of
them each hand and the draw pile hold, is public knowledge and part of every view. `determinize` and
`shuffle_hidden` shuffle each pool separately, which is exactly what a player with perfect recall cannot tell apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from podium.core.contract import Action, Event, JsonDict, Result, State, View
from podium.core.errors import GameNotOver, IllegalAction
from podium.core.rng import Rng
from podium.games.athletic import records
from podium.games.athletic.actions import (
    ACTIONS,
    END,
    END_ACTION,
    FILL,
    FILL_BASE,
    MOVE,
    PLAY,
    AthleticAction,
)
from podium.games.athletic.cards import NUM_CARDS, NUM_PILES, PLACE, TEXT, mask_of
from podium.games.athletic.config import AthleticConfig
from podium.games.athletic.layout import CODE_BITS, CODE_MASK, legal_moves, moved_key, pile_code, replay_chain
from podium.games.athletic.termination import AthleticTermination
from podium.games.athletic.view import AthleticView, PoolView, as_view, build_pools, options_of, pools_view

if TYPE_CHECKING:
    from podium.games.athletic.layout import LayoutKey

HAND_SIZE = 7
MEDAL_DRAW = 7
PLAIN_DRAW = 3
_BIT = tuple(1 << c for c in range(NUM_CARDS)).__getitem__  # a card's bit; a hand's bits add up to its mask
_LAZY = frozenset({"hand_masks", "codes", "seen"})  # built on first use in a state read from a record


class AthleticState(State, game="podium.games.athletic.game:GAME"):
    hand_masks: list[int]
    codes: list[int]
    seen: set[LayoutKey]

    def __init__(
        self,
        config: AthleticConfig,
        hands: list[list[int]],
        piles: list[list[int]],
        draw: list[int],
        rng: Rng,
        first_player: int,
        current: int | None,
        turn: int = 1,
        medals: list[int] | None = None,
        epoch: list[int] | None = None,
        reshuffles: int = 0,
        placed: int = 0,
        chain: Sequence[tuple[int, int]] = (),
        reason: str | None = None,
        cards_placed: int = 0,
        medal_turns: int = 0,
        lazy: bool = False,
    ) -> None:
        """The one way to build a state, for a fresh deal (`AthleticGame.deal`: the defaults are the start of the
        first turn), a stored state (`records.read_state`, which checks the record first, the lists its own and the
        hands sorted) and a sampled one (`AthleticGame.determinize`). The structures `legal_actions` and `apply`
        keep (`_LAZY`: hand masks, pile codes, the layouts seen since the last placement) follow the hands, piles
        and `chain`, the moves made since then: built here, or with `lazy` on first use, so that a state read from
        a record and never played pays nothing for them. A move chain is replayed here either way, as a check
        (RecordError if the moves do not fit the piles)."""
        num_players = len(hands)
        self._config = config
        self._up = config.step == "up"
        self.num_players = num_players
        self.hands = hands  # each sorted
        self.piles = piles
        self.chain = list(chain)  # moves made since the last card placed this turn
        if chain or not lazy:
            self._build_lazy()
        self.draw = draw  # the top of the draw pile is the end of the list
        self.rng = rng
        self.first_player = first_player
        self.medals = medals if medals is not None else [0] * num_players
        # The reshuffle that last hid a card (meaningful for hand and draw cards).
        self.epoch = epoch if epoch is not None else [0] * NUM_CARDS
        self.reshuffles = reshuffles
        self.current = current
        self.turn = turn  # number of the turn being played (the number of turns played once over)
        self.placed = placed  # cards placed from hand during this turn
        self.reason = reason
        # The view's pools (A-8) while they are kept: reshuffle -> [its hidden cards' texts, sorted; per seat how
        # many; how many in the draw pile]. Built by the first view and kept up to date by apply from then on (a
        # play takes a card out, a draw moves one, a reshuffle adds a pool); None until then, and in a copy.
        self.pools: dict[int, list[Any]] | None = None
        self.cards_placed = cards_placed  # statistics for result details
        self.medal_turns = medal_turns

    def _build_lazy(self) -> None:
        """Build `_LAZY` from the position as it is now, as `__init__` does: they follow the hands, piles and chain,
        so `apply` asks for them (reads the codes) before changing anything. All three at once (one already there, e.g.
        the hand masks `shuffle_hidden` sets, is made again the same). `self.__dict__` is not read here: in a state
        built by `__init__` that would cost every later attribute access (3% of playing a game, in callgrind)."""
        self.hand_masks = [sum(map(_BIT, hand)) for hand in self.hands]  # each hand as a bit mask, kept by apply
        self.codes = [pile_code(p) for p in self.piles]  # `pile_code` of each pile, kept in step with `piles`
        # The layouts seen since the last placement, as layout keys (tuples of the five codes).
        self.seen = replay_chain(self.piles, self.codes, self.chain, self._config.up_only)

    if not TYPE_CHECKING:  # for the type checker, the attributes are always there (as they are once asked for)

        def __getattr__(self, name: str) -> Any:
            # Called only for an attribute the instance lacks: `_LAZY`'s cost nothing once built.
            if name in _LAZY:
                self._build_lazy()
                return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- contract -------------------------------------------------------------------------------------------------

    @property
    def config(self) -> AthleticConfig:
        return self._config

    @property
    def current_player(self) -> int | None:
        return self.current

    def legal_actions(self) -> list[Action]:
        current = self.current
        if current is None:
            return []
        hand = self.hands[current]
        mask = self.hand_masks[current]
        place = PLACE[self._up]
        tops = [(code & CODE_MASK) - 1 for code in self.codes]  # each pile's top card, -1 for an empty slot
        # The plays, pile by pile: the hand's cards that fit the pile's top are one AND of bit masks; only the plays
        # found are visited (not every card against every pile). Ids are card * NUM_PILES + pile, so sorting them
        # gives the id order.
        ids: list[int] = []
        empties: list[int] = []
        top_mask = 0  # the top cards, as a bit mask
        for p in range(NUM_PILES):
            t = tops[p]
            if t < 0:
                empties.append(p)
                continue
            top_mask |= 1 << t
            fits = mask & place[t]
            while fits:
                low = fits & -fits
                ids.append((low.bit_length() - 1) * NUM_PILES + p)
                fits ^= low
        ids.sort()
        plays: list[Action] = [ACTIONS[i] for i in ids]
        if empties:
            # any hand card may fill an empty slot; A-3 does not apply there.
            plays += [ACTIONS[FILL_BASE + c * NUM_PILES + p] for c in hand for p in empties]
        if self._config.table_moves:
            plays += legal_moves(self.codes, self.seen, tops, top_mask, place)
        plays.append(END_ACTION)  # ending the turn is always allowed
        return plays

    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, AthleticAction) or ACTIONS[action.id] is not action:
            raise IllegalAction(f"{action!r} is not an Athletic Games action")
        if self.current is None:
            raise IllegalAction("the game is over; no action is legal")
        reason = self._illegal_reason(action)
        if reason:
            legal = ", ".join(a.text() for a in self.legal_actions())
            raise IllegalAction(f"{action.text()}: {reason}; legal now: {legal}")
        events: list[Event] = []
        self._play(action, events)
        return events

    def step(self, action: Action) -> None:
        self._play(action, None)  # type: ignore[arg-type]  # an action from legal_actions() is an AthleticAction

    def _play(self, action: AthleticAction, events: list[Event] | None) -> None:
        """The rules of one legal action (A-3, A-4, A-5); what happened goes to `events` unless it is None (`step`)."""
        player = self.current
        assert player is not None
        kind = action.kind
        # Read before anything changes: in a state read from a record this builds `_LAZY` from the position as it is.
        codes = self.codes
        if kind == END:
            self._end_turn(player, events)
            return
        piles = self.piles
        if kind == MOVE:
            source, target = action.source, action.pile
            card = piles[source].pop()
            piles[target].append(card)
            codes[source] >>= CODE_BITS
            codes[target] = codes[target] << CODE_BITS | (card + 1)
            self.chain.append((source, target))
            self.seen.add(tuple(codes))
            if events is not None:
                events.append(Event("move", {"player": player, "card": TEXT[card], "from": source, "to": target}))
            return
        card = action.card
        self.hands[player].remove(card)
        self.hand_masks[player] ^= 1 << card
        piles[action.pile].append(card)
        pools = self.pools
        if pools is not None and self.epoch[card]:
            pool = pools[self.epoch[card]]
            pool[0].remove(TEXT[card])
            pool[1][player] -= 1
            if not pool[0]:
                del pools[self.epoch[card]]
        codes[action.pile] = codes[action.pile] << CODE_BITS | (card + 1)
        self.placed += 1
        self.cards_placed += 1
        self.chain = []
        self.seen = {tuple(codes)}
        if events is not None:
            events.append(
                Event("play" if kind == PLAY else "fill", {"player": player, "card": TEXT[card], "pile": action.pile})
            )

    def _illegal_reason(self, action: AthleticAction) -> str:
        kind = action.kind
        piles = self.piles
        if kind == END:
            return ""
        if kind == MOVE:
            if not self._config.table_moves:
                return "table moves are off in this game (table_moves=false)"
            src, dst = piles[action.source], piles[action.pile]
            if not src:
                return f"pile {action.source + 1} is empty"
            if not dst:
                return f"pile {action.pile + 1} is an empty slot; only a hand card may fill it (A-4.3)"
            if not PLACE[self._up][dst[-1]] >> src[-1] & 1:
                return f"{TEXT[src[-1]]} may not go on {TEXT[dst[-1]]} (A-3)"
            if moved_key(self.codes, action.source, action.pile) in self.seen:
                return "that move would bring back a table layout already seen since the last card placed"
            return ""
        assert self.current is not None
        if action.card not in self.hands[self.current]:
            return f"{TEXT[action.card]} is not in your hand"
        dst = piles[action.pile]
        if kind == FILL:
            return "" if not dst else f"pile {action.pile + 1} is not empty; use play"
        if not dst:
            return f"pile {action.pile + 1} is an empty slot; use fill"
        if not PLACE[self._up][dst[-1]] >> action.card & 1:
            return f"{TEXT[action.card]} may not go on {TEXT[dst[-1]]} (A-3)"
        return ""

    def _end_turn(self, player: int, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("turn_end", {"player": player, "placed": self.placed, "turn": self.turn}))
        hand = self.hands[player]
        cfg = self._config
        if self.placed > 0 and not hand:
            self.medals[player] += 1
            self.medal_turns += 1
            if events is not None:
                events.append(Event("medal", {"player": player, "medals": self.medals[player]}))
            if self.medals[player] >= cfg.medals_to_win:  # at once, no draw
                self._finish("medals", events)
                return
            count = MEDAL_DRAW
        else:
            count = PLAIN_DRAW
        self._draw(player, count, events)
        self.placed = 0
        self.chain = []
        self.seen = {tuple(self.codes)}
        if self.turn >= cfg.max_turns:
            self._finish("turn_limit", events)
            return
        self.turn += 1
        self.current = (player + 1) % self.num_players
        if events is not None:
            events.append(Event("turn_start", {"player": self.current, "turn": self.turn}))

    def _draw(self, player: int, count: int, events: list[Event] | None) -> None:
        got: list[int] = []
        draw = self.draw
        while len(got) < count:
            if not draw:  # everything but the five tops becomes the new draw pile
                collected = [c for p in self.piles for c in p[:-1]]
                if not collected:
                    break
                for p in self.piles:
                    del p[:-1]
                self.codes = [p[-1] + 1 if p else 0 for p in self.piles]
                self.rng.shuffle(collected)
                self.reshuffles += 1
                for c in collected:
                    self.epoch[c] = self.reshuffles
                draw.extend(collected)
                if self.pools is not None:
                    self.pools[self.reshuffles] = [
                        [TEXT[c] for c in sorted(collected)],
                        [0] * self.num_players,
                        len(collected),
                    ]
                if events is not None:
                    events.append(Event("reshuffle", {"cards": len(collected)}))
            got.append(draw.pop())
        pools = self.pools
        if pools is not None:
            for c in got:
                k = self.epoch[c]
                if k:
                    pool = pools[k]
                    pool[1][player] += 1
                    pool[2] -= 1
        hand = self.hands[player]
        hand.extend(got)
        hand.sort()
        self.hand_masks[player] = mask_of(hand)
        if events is not None:
            events.append(Event("draw", {"player": player, "count": len(got)}))
            events.append(Event("draw_cards", {"player": player, "cards": [TEXT[c] for c in got]}, frozenset({player})))

    def _finish(self, reason: str, events: list[Event] | None) -> None:
        self.reason = reason
        self.current = None
        self.placed = 0
        self.chain = []
        if events is not None:
            winners = list(self.result().winners)
            events.append(Event("game_over", {"reason": reason, "winners": winners, "medals": list(self.medals)}))

    def view(self, player: int | None) -> View:
        return as_view(self.typed_view(player))

    def typed_view(self, player: int | None) -> AthleticView:
        """`view` with its type, for Athletic code that reads it: what a seat sees (A-8)."""
        n = self.num_players
        out: AthleticView = {
            "game": "athletic",
            "config": options_of(self._config),
            "num_players": n,
            "player": player,
            "current_player": self.current,
            "is_over": self.current is None,
            "turn": self.turn,
            "first_player": self.first_player,
            "hand": [TEXT[c] for c in self.hands[player]] if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "piles": [[TEXT[c] for c in p] for p in self.piles],
            "draw_size": len(self.draw),
            "medals": list(self.medals),
            "placed_this_turn": self.placed,
            "moves_since_placement": [list(m) for m in self.chain],
            "reshuffles": self.reshuffles,
            "pools": self._pools(),
            "reason": self.reason,
        }
        return out

    def _pools(self) -> list[PoolView]:
        """The view's `pools` (A-8): for each reshuffle, in order, whose cards are still in hands or the draw pile,
        those cards (sorted) and how many each hand and the draw pile hold. Kept up to date by `apply` once a view
        has asked (`self.pools`), so a view copies them; the first is built in one pass over the hidden cards. Either
        way the cost follows the cards, not the number of reshuffles in the game."""
        pools = self.pools
        if pools is None:
            pools = self.pools = build_pools(self.hands, self.draw, self.epoch)
        return pools_view(pools)

    def full_view(self) -> View:
        """The spectator's view with every card shown: all hands and the draw pile (top first)."""
        view = self.typed_view(None)
        view["hands"] = [[TEXT[c] for c in h] for h in self.hands]
        view["draw"] = [TEXT[c] for c in reversed(self.draw)]
        return as_view(view)

    def result(self) -> Result:
        if self.reason is None:
            raise GameNotOver("Athletic Games: the game is not over yet")
        # the most medals win; at the turn limit, ties go to the fewest cards in hand.
        keys = [(-self.medals[i], len(self.hands[i])) for i in range(self.num_players)]
        details: dict[str, Any] = {
            "turns": self.turn,
            "turn_limit": int(self.reason == "turn_limit"),
            "medals_total": sum(self.medals),
            "reshuffles": self.reshuffles,
            "cards_placed": self.cards_placed,
        }
        result = Result.from_keys(self.medals, keys, AthleticTermination(self.reason), details=details)
        details["first_player_won"] = int(self.first_player in result.winners)
        return Result.from_keys(self.medals, keys, AthleticTermination(self.reason), details=details)

    def all_cards(self) -> list[int]:
        return [c for h in self.hands for c in h] + [c for p in self.piles for c in p] + list(self.draw)

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        twin = self.clone()
        by_epoch: dict[int, list[tuple[list[int], int]]] = {}
        for seat, hand in enumerate(twin.hands):
            if seat != player:
                for i, c in enumerate(hand):
                    by_epoch.setdefault(twin.epoch[c], []).append((hand, i))
        for i, c in enumerate(twin.draw):
            by_epoch.setdefault(twin.epoch[c], []).append((twin.draw, i))
        for slots in by_epoch.values():
            cards = [where[i] for where, i in slots]
            rng.shuffle(cards)
            for (where, i), c in zip(slots, cards, strict=True):
                where[i] = c
        for hand in twin.hands:
            hand.sort()
        twin.hand_masks = [mask_of(hand) for hand in twin.hands]
        return twin

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        built = self.__dict__
        twin.__dict__.update(built)
        twin.hands = [list(h) for h in self.hands]
        twin.piles = [list(p) for p in self.piles]
        twin.draw = list(self.draw)
        twin.medals = list(self.medals)
        twin.epoch = list(self.epoch)
        twin.chain = list(self.chain)
        if "hand_masks" in built:  # `_LAZY`: copied if built, else the copy builds its own when asked
            twin.hand_masks = list(self.hand_masks)
        if "codes" in built:
            twin.codes = list(self.codes)
        if "seen" in built:
            twin.seen = set(self.seen)
        twin.pools = None  # rebuilt by the copy's first view: kept pools are changed in place
        twin.rng = self.rng.clone()
        return twin

    def to_dict(self) -> JsonDict:
        hidden = [c for h in self.hands for c in h] + self.draw
        return {
            "game": "athletic",
            "config": self._config.to_dict(),
            "num_players": self.num_players,
            "first_player": self.first_player,
            "current": self.current,
            "turn": self.turn,
            "hands": [[TEXT[c] for c in h] for h in self.hands],
            "piles": [[TEXT[c] for c in p] for p in self.piles],
            "draw": [TEXT[c] for c in self.draw],
            "medals": list(self.medals),
            "reshuffles": self.reshuffles,
            "epochs": {TEXT[c]: self.epoch[c] for c in sorted(hidden) if self.epoch[c]},
            "placed": self.placed,
            "chain": [list(m) for m in self.chain],
            "reason": self.reason,
            "cards_placed": self.cards_placed,
            "medal_turns": self.medal_turns,
            "rng": self.rng.get_state(),
        }

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        return records.read_state(cls, data)
