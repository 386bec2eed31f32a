"""The game contract: the types every game implements and every interface (CLI, server, bots, RL) relies on.

See docs/architecture.md. Nothing outside `podium.games.<game>` knows a game's rules; it only uses these types.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from podium.core.errors import ConfigError, PlayerCountError, PodiumError, RecordError

if TYPE_CHECKING:
    from podium.core.config import GameConfig
    from podium.core.rng import Rng

JsonDict = dict[str, Any]

CHANCE = -1
"""`State.current_player` at a chance node (a game played with the `chance` option, see `podium.core.chance`): no seat
decides, chance does, with the odds `State.chance_outcomes()` gives. The same number as OpenSpiel's chance player."""

RULES_FILE = "rules.md"
"""The name of a game's rules document in its package (see `Game.rules_text`)."""

View = JsonDict
"""What one player (or a spectator) may know, as a JSON object with stable keys.

Every view has at least: `game`, `config`, `num_players`, `player` (the viewer's seat, or None for a spectator),
`current_player` (None once over) and `is_over`. The rest is the game's own.
"""


class Information(StrEnum):
    """What the seats know of the game (a game-type fact, `Game.information`; OpenSpiel's `Information`)."""

    PERFECT = "perfect"  # every seat sees the whole state
    IMPERFECT = "imperfect"  # some cards are hidden from some seats


class Utility(StrEnum):
    """How the seats' utilities of a finished game add up (a game-type fact, `Game.utility`; OpenSpiel's
    `Utility`): the utilities are the encoding's (`podium.api.encoding.Encoding.utilities`)."""

    ZERO_SUM = "zero_sum"  # they add up to 0 (what one seat wins, the others lose)
    CONSTANT_SUM = "constant_sum"  # they add up to the same number in every game (`Encoding.utility_sum`)
    GENERAL_SUM = "general_sum"  # anything else


class Chance(StrEnum):
    """Where a game's randomness comes from (a game-type fact, `Game.chance`; OpenSpiel's `ChanceMode`)."""

    DETERMINISTIC = "deterministic"  # nothing is random
    EXPLICIT = "explicit"  # the state's generator shuffles, and the `chance` option deals each card as a chance node
    SAMPLED = "sampled"  # the state's generator shuffles, and the game has no explicit chance


GAME_FACTS: dict[str, type[StrEnum]] = {"information": Information, "utility": Utility, "chance": Chance}
"""The game-type facts every `Game` declares as class attributes, and their types."""


class Action(ABC):
    """A small immutable move. Games intern their actions, so equality is cheap and actions can be dict keys.

    Three stable encodings: `text()` (what a human types, e.g. `swap 2`), `to_json()` (wire and records),
    and `id` (an integer in the game's fixed action space `Game.num_actions(config)`, for action masks).
    Actions order by id; `State.legal_actions()` lists them in that order.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def id(self) -> int: ...

    @abstractmethod
    def text(self) -> str: ...

    @abstractmethod
    def to_json(self) -> JsonDict: ...

    def __str__(self) -> str:
        return self.text()

    def __lt__(self, other: Action) -> bool:
        return self.id < other.id


class Event(NamedTuple):
    """Something `apply` reports (a card drawn, a medal won, a round scored).

    `visible_to` is the set of seats that may see it; None means everyone, spectators included.
    `data` is JSON-serialisable. A NamedTuple because `apply` creates events on the hot path of every simulation.
    """

    kind: str
    data: Mapping[str, Any] = {}  # never mutated: events are read-only records
    visible_to: frozenset[int] | None = None

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> JsonDict:
        out: JsonDict = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out


class Termination(StrEnum):
    """Why a game ended (like python-chess's `Termination`): the base of each game's own enum of reasons, e.g.

        class GolfTermination(Termination):
            ROUNDS_COMPLETE = "rounds_complete"

    Core lists no reason itself. An enum with members cannot be extended, so one enum here holding every game's
    reasons would need an edit to podium for each new game; with a base, a game from another distribution says why it
    ended on its own, and `Result.reason` is still typed (no free string). A member is a `str` equal to its value, so
    records, JSON and the wire carry the same plain strings as before (`"rounds_complete"`), and a reason read back
    from them compares and counts equal to the member.
    """


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game came out.

    `scores` are the game's own points per seat (`lower_is_better` says which way they count);
    `ranking[seat]` is the seat's place, 1 = first, tied seats share a place; `winners` are the seats in first place;
    `reason` says why the game ended: a member of the game's own `Termination` enum (its JSON is the member's string,
    e.g. `"rounds_complete"`, `"medals"`, `"turn_limit"`).
    """

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: Termination
    lower_is_better: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_keys(
        cls,
        scores: Sequence[int],
        keys: Sequence[Any],
        reason: Termination,
        *,
        lower_is_better: bool = False,
        details: Mapping[str, Any] | None = None,
    ) -> Result:
        """Rank seats by `keys` (smaller key = better place; equal keys share a place)."""
        order = sorted(range(len(keys)), key=lambda seat: keys[seat])
        ranking = [0] * len(keys)
        for index, seat in enumerate(order):
            if index and keys[seat] == keys[order[index - 1]]:
                ranking[seat] = ranking[order[index - 1]]
            else:
                ranking[seat] = index + 1
        winners = tuple(seat for seat in range(len(keys)) if ranking[seat] == 1)
        return cls(tuple(scores), tuple(ranking), winners, reason, lower_is_better, dict(details or {}))

    def to_json(self) -> JsonDict:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
            "lower_is_better": self.lower_is_better,
            "details": dict(self.details),
        }


class State(ABC):
    """A game in progress. Sequential: exactly one player decides at a time (`current_player`).

    Contract:
    - `legal_actions()` is sorted by id, has no duplicates, and is non-empty whenever the game is not over.
    - `apply(action)` validates first; an action the rules do not allow now raises `IllegalAction` with a reason and
      changes nothing (reading an action from text, JSON or an id is the `Game`'s job, which raises `MalformedAction`).
    - `view(player)` holds everything `player` may know and nothing else (None = spectator).
    - `clone()` is cheap; `to_dict()`/`from_dict()` round-trip the complete state, generator included.
    - All randomness comes from the state's own generator, so seed + actions replay a game exactly.

    A game's state class names its game where it is declared, as a facet reference that is imported on first use
    (the game's module imports the state's, so the state's cannot import the game):

        class GolfState(State, game="podium.games.golf.game:GAME"): ...

    and `GolfState.game` (or `state.game`) is that `Game` from then on, in the class and in its subclasses.
    """

    game: ClassVar[Game]
    num_players: int

    def __init_subclass__(cls, game: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            GameOf(game).install(cls)

    @property
    @abstractmethod
    def config(self) -> GameConfig: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def is_chance(self) -> bool:
        """Chance decides now (`current_player` is `CHANCE`): only in a game played with the `chance` option."""
        return self.current_player == CHANCE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each possible outcome (the next card dealt) with its probability, sorted by id, summing
        to 1; `legal_actions()` lists the same outcomes. Empty anywhere else (and in a game without the option)."""
        return []

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Play `action` for `current_player` and say what happened; raises `IllegalAction` (naming the reason, and
        changing nothing) for an action the rules do not allow in this state, the game being over included."""

    def step(self, action: Action) -> None:
        """Play `action`, which the caller knows is legal now (it came from `legal_actions()`), without checking it
        and without building events: the same rules as `apply`, for the bots' searches and playouts, which play
        thousands of games a decision and read no events (python-chess's `push` beside `push_san`). An illegal
        action leaves the state undefined. A game writes `apply` as its checks, then the rules of `step`, then the
        events (one function a rule), and overrides this; the default plays `apply` and drops its events."""
        self.apply(action)

    @abstractmethod
    def view(self, player: int | None) -> View: ...

    def shown_view(self, player: int | None) -> View:
        """What a person in `player`'s seat is shown (the server's frames, the terminal): `view(player)`, unless a rule
        option of the game asks players to remember some of what they have seen (Golf's `memory`): the game then
        leaves that out here, so it never leaves the engine. Never more than `view`; bots and searches read `view`."""
        return self.view(player)

    @abstractmethod
    def full_view(self) -> View:
        """Like `view(None)`, but with every card shown: for replays and post-game review, never for a player."""

    @abstractmethod
    def result(self) -> Result:
        """Raises `GameNotOver` before the end."""

    @abstractmethod
    def all_cards(self) -> list[int]:
        """Every card of the game wherever it lies (hands, piles, stock, discard), in any order.

        The conformance suite checks that this multiset never changes (no card created or lost)."""

    @abstractmethod
    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        """A copy in which every card that `player` cannot know is shuffled among the places where such cards lie.

        Written from the rules' ground truth, independently of `view`: the conformance suite checks that
        `view(player)` does not change, which catches a view that leaks a hidden card."""

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def to_dict(self) -> JsonDict: ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The state `to_dict` wrote; raises `RecordError` for data that is not a valid state."""
        try:
            return cls._from_dict(data)
        except RecordError:
            raise
        except (ConfigError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"not a valid {cls.game.title} state: {type(exc).__name__}: {exc}") from None

    @classmethod
    @abstractmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build the state from `to_dict`'s data; may raise any of the errors `from_dict` turns into RecordError."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class GameOf:
    """The `game` class attribute of a class declared with `game="module:attribute"` (a `State`, an encoding): the
    game, imported when first read, after which the class holds the game itself (later reads cost what any class
    attribute costs). A reference, not the object, because the game's module imports the class's."""

    __slots__ = ("ref",)

    def __init__(self, ref: str) -> None:
        if not isinstance(ref, str) or ":" not in ref:
            raise TypeError(f"game= takes a reference 'module:attribute' to the Game, not {ref!r}")
        self.ref = ref

    def install(self, cls: type) -> None:
        type.__setattr__(cls, "game", self)

    def __get__(self, instance: object, owner: type) -> Game:
        from podium.core.registry import load_instance  # the registry imports this module when it loads a game

        game: Game = load_instance(self.ref, Game, where=owner.__qualname__)
        for cls in owner.__mro__:
            if cls.__dict__.get("game") is self:
                type.__setattr__(cls, "game", game)
        return game


class Game(ABC):
    """One game's entry point: its name, player bounds, options, the codecs for actions, and the game-type facts.

    The facts, declared by every game as class attributes and read by `podium.openspiel` and `podium.rl`:
    `information` (perfect or imperfect), `utility` (zero-sum, constant-sum or general-sum), `chance`
    (deterministic, explicit or sampled), and the bounds on a game's length, `max_steps` and `max_turns`."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    config_type: ClassVar[type[GameConfig]]
    information: ClassVar[Information]
    utility: ClassVar[Utility]
    chance: ClassVar[Chance]
    state_type: ClassVar[type[State]]  # the class `state_from_dict` reads

    def config(self, options: Mapping[str, Any] | None = None, /, **kwargs: Any) -> GameConfig:
        """A validated config from a mapping and/or keyword arguments; defaults are the default rules."""
        return self.config_type.from_options(options, **kwargs)

    def check_players(self, num_players: int) -> None:
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise PlayerCountError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {num_players}"
            )

    def new_game(self, config: GameConfig | None = None, num_players: int = 2, seed: int = 0) -> State:
        """A new game (`config` None: the default rules), dealt by the game's `deal`; with the `chance` option, the
        game under explicit chance (a `ChanceState`, podium.core.chance), which deals through `deal` in its turn.
        Raises `PlayerCountError` outside the rules' bounds and `ConfigError` for a config of another game."""
        from podium.core.chance import start_if_chance  # (the chance module builds on this one)

        self.check_players(num_players)
        if config is None:
            config = self.config_type()
        elif not isinstance(config, self.config_type):
            raise ConfigError(
                f"{self.title} needs a config of its own ({self.config_type.__name__}), not {type(config).__name__}"
            )
        chance = start_if_chance(self, config, num_players, seed)
        return self.deal(config, num_players, seed) if chance is None else chance

    @abstractmethod
    def deal(self, config: GameConfig, num_players: int, seed: int) -> State:
        """The game's own part of `new_game`: the first state, dealt from `seed`. `config` is of `config_type` and
        `num_players` within the bounds (`new_game` checked both); `ConfigError` for what they cannot play together."""

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """The state `State.to_dict` wrote (a `ChanceState`'s too); raises `RecordError` for anything else. A game
        whose state class is not `state_type` overrides this."""
        from podium.core.chance import ChanceState, is_chance_dict

        if is_chance_dict(data):
            return ChanceState.restore(self, data)
        return self.state_type.from_dict(data)

    @abstractmethod
    def parse_action(self, text: str, config: GameConfig | None = None) -> Action:
        """The action written as `text`; raises `MalformedAction` naming the accepted forms. With the `config` of the
        game being played, an action that cannot exist under it (e.g. a Golf slot beyond the variant's cards) is
        refused too and the errors name what it allows; callers that know the game being played pass it.
        Whether the action is legal now is not asked here: that is `State.apply`'s `IllegalAction`."""

    @abstractmethod
    def action_from_json(self, data: Any, config: GameConfig | None = None) -> Action:
        """The action of `Action.to_json`'s form; raises `MalformedAction` for data that is no action of this game
        (with `config`: of this game as played with it, as in `parse_action`)."""

    @abstractmethod
    def action_from_id(self, action_id: int, config: GameConfig) -> Action:
        """The action numbered `action_id`; raises `MalformedAction` for anything but an int in
        0 .. `num_actions(config)` - 1."""

    @abstractmethod
    def num_actions(self, config: GameConfig) -> int:
        """Size of the fixed action space (ids are 0 .. num_actions-1)."""

    @abstractmethod
    def max_steps(self, config: GameConfig, num_players: int) -> int | None:
        """The most decisions (the seats' actions, chance outcomes not counted) one game under `config` can take,
        or None when the rules end every game (every turn ends) without a useful number of decisions: then
        `max_turns` bounds it."""

    def max_turns(self, config: GameConfig, num_players: int) -> int | None:
        """The most turns one game under `config` can take (the rules' safety nets), or None for no bound. By
        default every decision is a turn."""
        return self.max_steps(config, num_players)

    def max_chance_outcomes(self, config: GameConfig) -> int:
        """Chance outcome ids are 0 .. this - 1 (the card numbers a shuffle deals); 0 for a game without chance."""
        return 0

    @abstractmethod
    def determinize(self, view: View, rng: Rng) -> State:
        """A full state sampled uniformly among those consistent with `view`, using nothing outside it."""

    def determinizer(self, view: View) -> Callable[[Rng], State]:
        """`determinize` for one view sampled many times (a search samples thousands of worlds per decision): a game
        may read the view once here and return a cheap sampler. The sampler must deal exactly as `determinize`."""
        return lambda rng: self.determinize(view, rng)

    @abstractmethod
    def rules_summary(self, config: GameConfig) -> str:
        """The rules in a few paragraphs of plain text (markup-free), as played with `config`."""

    def rules_text(self) -> str:
        """The game's whole rules (Markdown): the `rules.md` shipped next to the module that defines the game.

        A game outside podium gets this for free by putting its rules document in its own package."""
        package = sys.modules[type(self).__module__].__package__
        missing = PodiumError(f"{self.title} has no rules document ({RULES_FILE} in the package {package or '?'})")
        if not package:  # a game defined in a top-level module has no package to ship a document in
            raise missing
        try:
            return resources.files(package).joinpath(RULES_FILE).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise missing from None
