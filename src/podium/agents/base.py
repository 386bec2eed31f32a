"""The agent interface and the bot registry (`--bots random,hard`, `--bots ismcts:iterations=500`).

A bot is named by a *spec*: a registered name, optionally followed by options, each `:key=value`
(`ismcts:iterations=500:c=0.7`, `heuristic:noise=0.2`). Colons rather than commas separate the options because the
CLI's `--bots` already separates bots with commas. In Python the same options can be given as keyword arguments:
`make_agent("ismcts", game, seat, seed, iterations=500)`.

Difficulty presets (`easy`, `medium`, `hard`) are names too: each maps, per game, onto a concrete spec (see
`register_preset` and docs/bots.md), so `--bots hard` means "the strongest bot at a playable speed" in every game.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core.contract import Action, Game, View
from podium.core.errors import PodiumError
from podium.core.plugins import load_class
from podium.core.registry import game_names, get_spec, specs
from podium.core.rng import Rng

OptionValue = int | float | bool | str


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a searching bot may think per decision: at most `iterations` iterations and/or at most `seconds`
    of wall-clock time (whichever comes first). An iteration budget is reproducible (same seed, same decision);
    a time budget depends on the machine's speed."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise PodiumError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise PodiumError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise PodiumError(f"seconds must be positive, not {self.seconds}")


_KIND_WORDS = {int: "an integer", float: "a number", bool: "true or false", str: "a name"}


@dataclass(frozen=True, slots=True)
class BotOption:
    """One option a bot accepts, declared once: its value type (int, float, bool or str; `object` for an option
    registered by name and doc only, which takes any value), its allowed range, a one-line doc, and the games it
    applies to (None: every game the bot plays). The spec parser checks a value against it, so a bad value is
    refused with what is allowed instead of failing somewhere inside the bot."""

    name: str
    kind: type
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False  # `seconds` must be > 0, not >= 0
    games: frozenset[str] | None = None

    def allowed(self) -> str:
        """`an integer ≥ 1`, `a number between 0 and 1`, `a number > 0` …"""
        words = _KIND_WORDS.get(self.kind, "a value")
        low, high = _show(self.minimum), _show(self.maximum)
        if self.minimum is not None and self.maximum is not None:
            return f"{words} between {low} and {high}"
        if self.minimum is not None:
            return f"{words} {'>' if self.exclusive_minimum else '≥'} {low}"
        if self.maximum is not None:
            return f"{words} ≤ {high}"
        return words

    def check(self, bot: str, value: object) -> OptionValue:
        """`value` as this option's type, or a `PodiumError` naming the option, its type and its range."""
        if self.kind is str:
            return _text(value)
        checked = self._convert(value)
        if checked is None:
            raise PodiumError(f"{bot} option {self.name!r} must be {self.allowed()}, not {_text(value)!r}")
        return checked

    def _convert(self, value: object) -> OptionValue | None:
        if self.kind is bool:
            return value if isinstance(value, bool) else None
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            return None
        number: int | float = value
        if self.kind is int:
            if isinstance(value, float):
                if not value.is_integer():
                    return None
                number = int(value)
        else:
            number = float(value)
        if self.minimum is not None and (number < self.minimum or (self.exclusive_minimum and number == self.minimum)):
            return None
        if self.maximum is not None and number > self.maximum:
            return None
        return number


def _show(bound: float | None) -> str:
    return "" if bound is None else f"{bound:g}"


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


NO_VIEW: View = {}
"""What `podium simulate` hands a bot whose class says `reads_views = False` instead of its view (never filled in)."""


class Agent(ABC):
    """A bot in one seat. It is told only what its seat may know (`view`) and what it may do (`legal`);
    it thinks with its own seeded generator, so a seeded game with bots replays exactly."""

    name: str = "agent"
    # A bot that a game declares (its heuristic, or `GameSpec.bots`) says here what it does and what it accepts.
    description: ClassVar[str] = ""
    options: ClassVar[Sequence[BotOption]] = ()
    # False for a bot whose `act` never reads its view (e.g. the random bot): a caller playing many games may then
    # pass `NO_VIEW` instead of building the view, which costs more than the engine's whole step in every game.
    reads_views: ClassVar[bool] = True

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, view: View, legal: list[Action]) -> Action:
        """Choose one of `legal` (non-empty)."""


class NoisyAgent(Agent):
    """An agent that, with probability `noise`, plays a uniformly random legal action instead: the `easy` level
    of a good bot blunders like a beginner."""

    options: ClassVar[Sequence[BotOption]] = (
        BotOption("noise", float, "probability of a uniformly random legal action instead", minimum=0, maximum=1),
    )

    def __init__(self, game: Game, seat: int, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(game, seat, seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.noise = float(noise)

    def blunder(self, legal: list[Action]) -> Action | None:
        """A random legal action with probability `noise`, else None (then the agent thinks)."""
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randbelow(len(legal))]
        return None


AgentFactory = Callable[..., Agent]
"""`factory(game, seat, seed, **options) -> Agent`."""


@dataclass(frozen=True, slots=True)
class _Entry:
    games: frozenset[str] | None  # None = every game
    factory: AgentFactory
    description: str
    options: Mapping[str, BotOption]

    def options_for(self, game: str | None) -> dict[str, BotOption]:
        return {
            name: option
            for name, option in self.options.items()
            if game is None or option.games is None or game in option.games
        }


_AGENTS: dict[str, _Entry] = {}  # the framework's bots, for every game
_LEVELS: dict[str, tuple[str, str]] = {}  # difficulty level -> (spec where a game names none, description)
_GAME_BOTS: dict[str, dict[str, _Entry]] = {}  # game -> the bots only it has (its heuristic, GameSpec.bots)


def register_agent(
    name: str,
    factory: AgentFactory,
    description: str,
    games: set[str] | None = None,
    options: Sequence[BotOption] | Mapping[str, str] | None = None,
) -> None:
    """Register a bot of the framework (every game) or, with `games`, of some games. `options` declares the keyword
    arguments the factory accepts: `BotOption`s (checked by type and range), or for an untyped option a name -> doc
    mapping (any value passes). A spec with an unknown option or a bad value is refused with a message naming what
    is allowed. What the bot does in one game is that game's `GameSpec.notes[name]` where it has one.

    A game's own bots are not registered here: its spec names them (`heuristic`, `bots`)."""
    declared: list[BotOption]
    if options is None:
        declared = []
    elif isinstance(options, Mapping):
        declared = [BotOption(key, object, doc) for key, doc in options.items()]
    else:
        declared = list(options)
    _AGENTS[name] = _Entry(
        frozenset(games) if games is not None else None,
        factory,
        description,
        {option.name: option for option in declared},
    )


def register_level(name: str, default: str, description: str) -> None:
    """A difficulty level: the bot spec it stands for in a game whose spec says nothing of it (`default`); a game
    names its own in `GameSpec.notes[name]`."""
    _LEVELS[name] = (default, description)


def _game_bots(game: str) -> dict[str, _Entry]:
    """The bots game `game` declares, loaded (and their classes imported) on first use."""
    if game not in _GAME_BOTS:
        spec = get_spec(game)
        refs = dict(spec.bots)
        if spec.heuristic is not None:
            refs["heuristic"] = spec.heuristic
        entries = {}
        for name, ref in refs.items():
            cls: type[Agent] = load_class(ref, Agent, where=game)
            entries[name] = _Entry(frozenset({game}), cls, cls.description, {o.name: o for o in cls.options})
        _GAME_BOTS[game] = entries
    return _GAME_BOTS[game]


def _declared_names(game: str) -> list[str]:
    """The names of a game's own bots, without importing them."""
    spec = get_spec(game)
    return [*spec.bots, *(["heuristic"] if spec.heuristic is not None else [])]


def _entry(key: str, game: str | None) -> _Entry | None:
    if key in _AGENTS:
        return _AGENTS[key]
    if game is not None and key in _declared_names(game):
        return _game_bots(game)[key]
    return None


def agent_names(game: str | None = None, *, benchmarks: bool = False) -> list[str]:
    """The bots (and difficulty levels) that play `game` (every game's when None), sorted: the ones players choose
    from, and with `benchmarks` also the bots a game keeps for measurements (`GameSpec.benchmarks`)."""
    _load_builtin_agents()
    names = {n for n, e in _AGENTS.items() if game is None or e.games is None or game in e.games}
    for name in [game] if game is not None else game_names():
        hidden = () if benchmarks else get_spec(name).benchmarks
        names.update(n for n in _declared_names(name) if n not in hidden)
    return sorted(names) + sorted(_LEVELS)


def agent_description(name: str, game: str | None = None) -> str:
    """What the bot (or level) `name` does: in `game` when given (its play there, the options it takes there,
    the spec a level stands for there), else in general."""
    _load_builtin_agents()
    key = name.strip().lower()
    if key in _LEVELS:
        default, description = _LEVELS[key]
        if game is not None:
            note = get_spec(game).notes.get(key)
            if note is not None:
                return f"{note.description} (= {note.spec or default})"
            return f"{description} (= {default})"
        per_game = "; ".join(f"{s.name}: {s.notes[key].spec}" for s in specs() if key in s.notes and s.notes[key].spec)
        return f"{description} ({per_game + '; ' if per_game else ''}other games: {default})"
    if game is None:
        entry = _AGENTS.get(key)
        if entry is None:
            owners = [g for g in game_names() if key in _declared_names(g)]
            return f"a bot of {', '.join(owners)}; see `podium rules GAME`" if owners else ""
        text = entry.description
    else:
        found = _entry(key, game)
        if found is None:
            return ""
        entry = found
        note = get_spec(game).notes.get(key)
        text = note.description if note is not None else entry.description
    options = entry.options_for(game)
    if not options:
        return text
    return f"{text}; options: {', '.join(options)}"


def agent_options(name: str, game: str | None = None) -> dict[str, str]:
    """The options a bot accepts (in `game`, when given): name -> doc."""
    return {o.name: o.doc for o in bot_options(name, game)}


def bot_options(name: str, game: str | None = None) -> list[BotOption]:
    """The declared options of a bot (in `game`, when given), with their types and ranges."""
    _load_builtin_agents()
    entry = _entry(name.strip().lower(), game)
    return [] if entry is None else list(entry.options_for(game).values())


def resolve_preset(name: str, game: str) -> str:
    """The concrete spec a difficulty level (or a plain spec, returned unchanged) stands for in `game`."""
    _load_builtin_agents()
    key = name.strip().lower()
    if key not in _LEVELS:
        return name
    note = get_spec(game).notes.get(key)
    return note.spec if note is not None and note.spec else _LEVELS[key][0]


def parse_value(text: str) -> OptionValue:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        pass
    try:
        return float(low)
    except ValueError:
        return text.strip()


def parse_spec(spec: str) -> tuple[str, dict[str, OptionValue]]:
    """`"ismcts:iterations=500:c=0.7"` -> `("ismcts", {"iterations": 500, "c": 0.7})`."""
    name, *parts = spec.strip().split(":")
    options: dict[str, OptionValue] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or not key or not value.strip():
            raise PodiumError(f"bot {spec!r}: options are written name:key=value[:key=value…], e.g. ismcts:seconds=1")
        options[key] = parse_value(value)
    return name.strip().lower(), options


def _games_with_option(key: str, option: str, besides: str) -> list[str]:
    """The other games in which bot `key` takes `option` (said when `option` is given where it does not apply)."""
    found = []
    for other in game_names():
        if other == besides:
            continue
        try:
            entry = _entry(key, other)
        except PodiumError:  # another game's broken plugin does not matter here
            continue
        if entry is not None and option in entry.options_for(other):
            found.append(other)
    return found


def check_options(key: str, game: str, options: Mapping[str, object]) -> dict[str, Any]:
    """The options of bot `key` in `game`, each checked against its declaration (and converted to its type)."""
    entry = _entry(key, game)
    if entry is None:
        raise PodiumError(f"unknown bot {key!r} for {game}; bots are: {', '.join(agent_names(game))}")
    known = entry.options_for(game)
    checked: dict[str, Any] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            listed = ", ".join(f"{o.name} ({o.allowed()})" if o.kind is not object else o.name for o in known.values())
            elsewhere = _games_with_option(key, name, game)
            where = f" in {game} (it is for {', '.join(elsewhere)})" if elsewhere else ""
            raise PodiumError(f"bot {key!r} has no option {name!r}{where}; its options: {listed or 'none'}")
        checked[name] = value if option.kind is object else option.check(key, value)
    return checked


def make_agent(name: str, game: Game, seat: int, seed: int = 0, **options: Any) -> Agent:
    """The bot `name` (a spec: `ismcts`, `ismcts:iterations=500`, or a preset `easy` / `medium` / `hard`) for `seat`.
    Keyword `options` are added to (and override) the spec's."""
    _load_builtin_agents()
    key, spec_options = parse_spec(name)
    if key in _LEVELS:
        if spec_options or options:
            # A preset's options belong to the bot it stands for: `hard:seconds=2` tunes that bot.
            base_key, base_options = parse_spec(resolve_preset(key, game.name))
            return make_agent(base_key, game, seat, seed, **{**base_options, **spec_options, **options})
        return make_agent(resolve_preset(key, game.name), game, seat, seed)
    entry = _entry(key, game.name)
    if entry is None or (entry.games is not None and game.name not in entry.games):
        raise PodiumError(f"unknown bot {name!r} for {game.name}; bots are: {', '.join(agent_names(game.name))}")
    merged = check_options(key, game.name, {**spec_options, **options})
    try:
        return entry.factory(game, seat, seed, **merged)
    except (TypeError, ValueError) as exc:
        raise PodiumError(f"bot {name!r}: {exc}") from None


def _load_builtin_agents() -> None:
    # Imported for their registrations; kept lazy so that importing the interface stays cheap.
    import podium.agents.builtin  # noqa: F401
