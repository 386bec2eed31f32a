"""Explicit chance: a game played with its `chance` option deals every card as a chance node.

Every random thing podium's games do is a shuffle of their own generator (`Rng.shuffle`: the deck at a deal, the
discard at a reshuffle). With `chance = true`, `Game.new_game` returns a `ChanceState`: it wraps the game's own state
and plays each shuffle from chosen cards instead of random numbers. The shuffle is the generator's Fisher-Yates
(position n-1 first, then n-2 …), and each position whose card is not yet forced is a chance node: its outcomes are
the cards not yet dealt, each with its share of them (two copies of a card: twice the chance), which is exactly the
law of the random shuffle, so both modes deal alike (tests/core/test_chance.py checks it).

How a step continues after a chance outcome: the game's `apply` runs on a clone of the state before the step with a
*script* of the outcomes chosen so far; a shuffle that needs one more raises `NeedChance`, which leaves the clone
half done, so it is dropped and the step is run again, from the same state, once chance has chosen (each shuffle
resumes where the last run left it, so a run deals only the new card). The game's
engine knows nothing of this beyond its option (the script is consulted only inside `Rng.shuffle`), so records,
seeds and speed without the option are unchanged. Chance outcomes are `Deal` actions: id = the card's number,
`deal 17`, `{"deal": 17}`.

This is what OpenSpiel (`podium.openspiel`) needs; podium's own bots, CLI and server play the game without the
option (a bot's `determinize` gives a state whose later shuffles are random, as usual).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple, Self

from podium.core.config import GameConfig
from podium.core.contract import CHANCE, Action, Event, Game, JsonDict, Result, State, View
from podium.core.errors import ConfigError, GameNotOver, IllegalAction, MalformedAction, RecordError
from podium.core.rng import Rng, chance_script_active, set_chance_script

CHANCE_KEY: Final = "chance"
"""The key by which a `ChanceState.to_dict()` is told apart from a game's own state dict."""
_NEW_GAME: Final = "new_game"


class Deal(Action):
    """A chance outcome: `card` is the next card a shuffle deals (in the game's own numbering)."""

    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card = card

    @property
    def id(self) -> int:
        return self.card

    def text(self) -> str:
        return f"deal {self.card}"

    def to_json(self) -> JsonDict:
        return {"deal": self.card}

    def __repr__(self) -> str:
        return f"Deal({self.card})"


_DEALS: dict[int, Deal] = {}


def deal(card: int) -> Deal:
    """The (interned) outcome dealing `card`."""
    outcome = _DEALS.get(card)
    if outcome is None:
        outcome = _DEALS[card] = Deal(card)
    return outcome


def deal_from_json(data: Any) -> Deal:
    """`{"deal": 17}` -> `deal(17)`; raises `MalformedAction` for anything else."""
    if isinstance(data, Mapping) and list(data) == ["deal"]:
        card = data["deal"]
        if isinstance(card, int) and not isinstance(card, bool) and card >= 0:
            return deal(card)
    raise MalformedAction(f"{data!r} is not a chance outcome; expected {{'deal': CARD}} with a card number >= 0")


def parse_deal(text: str) -> Deal:
    """`deal 17` -> `deal(17)`; raises `MalformedAction` for anything else."""
    word, _, number = text.strip().partition(" ")
    if word == "deal" and number.strip().isdigit():
        return deal(int(number))
    raise MalformedAction(f"{text!r} is not a chance outcome; expected 'deal CARD' with a card number")


class NeedChance(Exception):
    """Raised inside a scripted shuffle that needs one more outcome: `counts` maps each card that may come next to
    its copies among the cards not yet dealt (`total` of them)."""

    def __init__(self, counts: dict[int, int], total: int) -> None:
        super().__init__(f"chance chooses among {total} cards")
        self.counts = counts
        self.total = total


# Where one shuffle of a step stood when the step last ran: the list it was given, the list and the counts then, the
# next position to deal (0: done) and the outcomes used up to there. The step runs again after every outcome; with
# this, each run deals only the new card instead of the whole shuffle again.
_Saved = tuple[list[int], list[int], dict[int, int], int, int]


class _Script:
    """Plays `Rng.shuffle` from `choices` (the outcomes chosen so far for one step), in the generator's order."""

    __slots__ = ("calls", "choices", "dealt", "saved", "used")

    def __init__(self, choices: list[int], saved: list[_Saved]) -> None:
        self.choices = choices
        self.used = 0
        self.dealt: list[int] | None = None  # the first list shuffled (the deck of a new game)
        self.saved = saved  # per shuffle of the step, in order (the state's own list: the script updates it)
        self.calls = 0

    def shuffle(self, items: list[int]) -> None:
        if self.dealt is None:
            self.dealt = list(items)
        call = self.calls
        self.calls += 1
        saved = self.saved
        if call < len(saved) and saved[call][0] == items:
            given, after, counts, start, self.used = saved[call]
            items[:] = after
            if not start:
                return
            counts = dict(counts)
        else:
            given = list(items)
            counts = {}
            for card in items:
                counts[card] = counts.get(card, 0) + 1
            start = len(items) - 1
        del saved[call:]  # this shuffle's entry is written again below; any later ones are stale
        choices = self.choices
        # Rng.shuffle's Fisher-Yates: position i gets items[j] for a uniform j <= i, i from the end down. Here the
        # card chosen for position i comes from the script; `counts` holds the cards still at positions 0..i.
        for i in range(start, 0, -1):
            if len(counts) == 1:
                break  # every card left is the same: no choice remains
            if self.used == len(choices):
                saved.append((given, items[:], dict(counts), i, self.used))
                raise NeedChance(dict(counts), i + 1)
            card = choices[self.used]
            self.used += 1
            j = items.index(card, 0, i + 1)  # present: `ChanceState.apply` accepts only cards in `counts`
            items[i], items[j] = card, items[i]
            left = counts[card] - 1
            if left:
                counts[card] = left
            else:
                del counts[card]
        saved.append((given, items[:], counts, 0, self.used))


class _Node(NamedTuple):
    """Where a step in progress stands at a chance node (a `ChanceState`'s fields of the same names)."""

    counts: dict[int, int] | None
    total: int
    deck: list[int]
    saved: list[_Saved]


class ChanceState(State):
    """A game played with explicit chance (see the module): the game's own state between chance nodes, and at a
    chance node the state before the step in progress, the step (a player's action, or the new game's deal) and
    the outcomes chosen so far.

    At a chance node `view(p)` is the view before the step, with `current_player` = `CHANCE` (the new game's deal
    has only the keys every view has), and `all_cards()` the cards before the step (for the deal: the deck)."""

    __slots__ = ("_base", "_choices", "_config", "_counts", "_deck", "_game", "_pending", "_saved", "_seed", "_total")

    _game: Game
    _config: GameConfig
    _seed: int
    _base: State | None  # the game's state (before the step in progress, at a chance node); None during the deal
    _pending: Action | str | None  # the step in progress: an action, _NEW_GAME, or None between chance nodes
    _choices: list[int]  # the outcomes chosen so far for the step in progress
    _counts: dict[int, int] | None  # at a chance node: card -> copies among the cards that may come next
    _total: int
    _deck: list[int]
    _saved: list[_Saved]  # the step's shuffles as its last run left them (`_Script`)

    @classmethod
    def start(cls, game: Game, config: GameConfig, num_players: int, seed: int) -> Self:
        """A new game of `game` under explicit chance (its deal starts with chance nodes)."""
        game.check_players(num_players)
        return cls(game, config, num_players, seed, None, _NEW_GAME, [])

    @classmethod
    def wrap(cls, game: Game, state: State, seed: int = 0) -> Self:
        """`state` (a state of `game` played with the `chance` option, e.g. from `determinize`) under explicit
        chance from now on."""
        return cls(game, state.config, state.num_players, seed, state, None, [])

    def __init__(
        self,
        game: Game,
        config: GameConfig,
        num_players: int,
        seed: int,
        base: State | None,
        pending: Action | str | None,
        choices: list[int],
        *,
        node: _Node | None = None,
    ) -> None:
        """The state with the step `pending` in progress (None: none) and its outcomes `choices` chosen so far,
        played as far as they go (to its end, or to the next chance node); or, for a copy, left at `node`, the chance
        node where its original stands."""
        self._game = game
        self._config = config
        self.num_players = num_players
        self._seed = seed
        self._base = base
        self._pending = pending
        self._choices = choices
        self._counts = None
        self._total = 0
        self._deck = []
        self._saved = []
        if node is not None:
            self._counts, self._total, self._deck, self._saved = node
        elif pending is not None:
            self._run()

    def _run(self) -> list[Event]:
        """Play the step in progress with the outcomes chosen so far: either it completes (its events) or it stops
        at the next chance node (no events yet: they come with the step's last outcome)."""
        pending = self._pending
        script = _Script(self._choices, self._saved)
        previous = set_chance_script(script)
        try:
            if pending == _NEW_GAME:
                state = self._game.new_game(self._config, self.num_players, self._seed)
                events: list[Event] = []
            else:
                assert self._base is not None and isinstance(pending, Action)
                state = self._base.clone()
                events = state.apply(pending)
        except NeedChance as need:
            self._counts = need.counts
            self._total = need.total
            if pending == _NEW_GAME and script.dealt is not None:
                self._deck = script.dealt
            return []
        finally:
            set_chance_script(previous)
        self._base = state
        self._pending = None
        self._choices = []
        self._counts = None
        self._total = 0
        self._saved = []
        return events

    # -- the contract ------------------------------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        return self._config

    @property
    def game_state(self) -> State | None:
        """The game's own state: the current one between chance nodes, the one before the step at a chance node
        (None during the new game's deal)."""
        return self._base

    @property
    def current_player(self) -> int | None:
        if self._counts is not None:
            return CHANCE
        assert self._base is not None
        return self._base.current_player

    @property
    def is_over(self) -> bool:
        return self._counts is None and self._base is not None and self._base.is_over

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        counts = self._counts
        if counts is None:
            return []
        total = self._total
        return [(deal(card), counts[card] / total) for card in sorted(counts)]

    def legal_actions(self) -> list[Action]:
        if self._counts is not None:
            return [deal(card) for card in sorted(self._counts)]
        assert self._base is not None
        return self._base.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        counts = self._counts
        if counts is not None:
            if action.__class__ is not Deal or action.id not in counts:
                cards = ", ".join(str(card) for card in sorted(counts))
                raise IllegalAction(f"{action.text()} is not allowed now: chance deals one of the cards {cards}")
            self._choices.append(action.id)
            return self._run()
        if action.__class__ is Deal:
            raise IllegalAction(f"{action.text()} is not allowed now: no card is being dealt")
        self._pending = action
        self._saved = []
        try:
            return self._run()
        except BaseException:
            self._pending = None  # refused (IllegalAction): nothing changed
            raise

    def step(self, action: Action) -> None:
        self.apply(action)  # explicit chance runs the base game's step through its script: no cheaper path to take

    def view(self, player: int | None) -> View:
        if self._base is None:
            return {
                "game": self._game.name,
                "config": self._config.to_dict(),
                "num_players": self.num_players,
                "player": player,
                "current_player": CHANCE,
                "is_over": False,
            }
        view = self._base.view(player)
        return view if self._counts is None else {**view, "current_player": CHANCE}

    def full_view(self) -> View:
        if self._base is None:
            return self.view(None)
        view = self._base.full_view()
        return view if self._counts is None else {**view, "current_player": CHANCE}

    def result(self) -> Result:
        if not self.is_over:
            raise GameNotOver("the game is not over" + (": chance is dealing" if self._counts is not None else ""))
        assert self._base is not None
        return self._base.result()

    def all_cards(self) -> list[int]:
        return self._base.all_cards() if self._base is not None else list(self._deck)

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        base = self._base
        return self._copy(None if base is None else base.shuffle_hidden(player, rng))

    def clone(self) -> Self:
        return self._copy(None if self._base is None else self._base.clone())

    def _copy(self, base: State | None) -> Self:
        """This state with `base` as the game's state (a copy of it, or a reshuffled one)."""
        # A chance node's counts and deck are never changed once set; the saved shuffles' entries are only replaced.
        node = _Node(self._counts, self._total, self._deck, self._saved[:])
        return type(self)(
            self._game, self._config, self.num_players, self._seed, base, self._pending, self._choices[:], node=node
        )

    def to_dict(self) -> JsonDict:
        pending = self._pending
        return {
            "game": self._game.name,
            "config": self._config.to_dict(),
            "num_players": self.num_players,
            CHANCE_KEY: {
                "seed": self._seed,
                "step": pending.to_json() if isinstance(pending, Action) else pending,
                "choices": list(self._choices),
            },
            "state": None if self._base is None else self._base.to_dict(),
        }

    @classmethod
    def restore(cls, game: Game, data: Mapping[str, Any]) -> Self:
        """The state `to_dict` wrote (for `Game.state_from_dict`); raises `RecordError` for anything else."""
        try:
            chance = data[CHANCE_KEY]
            config = game.config_type.from_stored(data["config"])
            base = None if data["state"] is None else game.state_from_dict(data["state"])
            step = chance["step"]
            pending = step if step in (None, _NEW_GAME) else game.action_from_json(step, config)
            choices = [deal_from_json({"deal": card}).card for card in chance["choices"]]
            seed = chance["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or (base is None) != (step == _NEW_GAME):
                raise ValueError("inconsistent chance step")
            state = cls(game, config, data["num_players"], seed, base, pending, choices)
            if pending is not None and not state.is_chance():
                raise ValueError("the stored step is complete: no chance node")
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, MalformedAction, IllegalAction) as exc:
            raise RecordError(f"not a valid {game.title} state under explicit chance: {exc}") from None
        return state

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        raise TypeError("a ChanceState is read by its game's state_from_dict (ChanceState.restore)")


def is_chance_dict(data: Mapping[str, Any]) -> bool:
    """`data` is a `ChanceState.to_dict()` (a game's `state_from_dict` hands it to `ChanceState.restore`)."""
    return CHANCE_KEY in data


TOOL_OPTIONS: Final = frozenset({"chance"})
"""Rule options for tools, which podium's own players (the CLI's play loop, the server's tables) refuse: the lobby
does not offer them."""


def refuse_chance(config: GameConfig) -> None:
    """For podium's own players (the CLI, the server): a game under explicit chance waits for someone to deal each
    card, which they do not do, so its option is refused there with a `ConfigError` saying what it is for."""
    if getattr(config, "chance", False):
        raise ConfigError(
            f"{config.game_name} option 'chance' is for tools that deal the cards themselves (OpenSpiel: "
            "podium.openspiel, docs/openspiel.md); podium's own games, bots and tables play without it"
        )


def start_if_chance(game: Game, config: GameConfig, num_players: int, seed: int) -> ChanceState | None:
    """For a game's `new_game`: the game under explicit chance when `config` asks for it (and the game is not being
    dealt by a chance script already), else None (the game deals as usual)."""
    if getattr(config, "chance", False) and not chance_script_active():
        return ChanceState.start(game, config, num_players, seed)
    return None
