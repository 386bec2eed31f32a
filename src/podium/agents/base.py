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
from typing import Any

from podium.core.contract import Action, Game, View
from podium.core.errors import PodiumError
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


class Agent(ABC):
    """A bot in one seat. It is told only what its seat may know (`view`) and what it may do (`legal`);
    it thinks with its own seeded generator, so a seeded game with bots replays exactly."""

    name: str = "agent"

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


@dataclass(frozen=True, slots=True)
class _Entry:
    games: frozenset[str] | None  # None = every game
    factory: AgentFactory
    description: str
    per_game: Mapping[str, str]  # game name -> what the bot does in that game (else `description`)
    options: Mapping[str, BotOption]

    def options_for(self, game: str | None) -> dict[str, BotOption]:
        return {
            name: option
            for name, option in self.options.items()
            if game is None or option.games is None or game in option.games
        }


@dataclass(frozen=True, slots=True)
class _Preset:
    specs: Mapping[str, str]  # game name -> spec
    default: str  # spec for a game not named in `specs`
    description: str
    per_game: Mapping[str, str]  # game name -> what the level is in that game (else `description`)


_AGENTS: dict[str, _Entry] = {}
_PRESETS: dict[str, _Preset] = {}


def register_agent(
    name: str,
    factory: AgentFactory,
    description: str,
    games: set[str] | None = None,
    options: Sequence[BotOption] | Mapping[str, str] | None = None,
    per_game: Mapping[str, str] | None = None,
) -> None:
    """Register a bot. `options` declares the keyword arguments the factory accepts: `BotOption`s (checked by type
    and range), or for an untyped option a name -> doc mapping (any value passes). A spec with an unknown option
    or a bad value is refused with a message naming what is allowed. `per_game` describes what the bot does in
    each game (`agent_description(name, game)`); `description` is the general one."""
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
        dict(per_game or {}),
        {option.name: option for option in declared},
    )


def register_preset(
    name: str, specs: Mapping[str, str], default: str, description: str, per_game: Mapping[str, str] | None = None
) -> None:
    """A difficulty level: `specs` maps a game name onto the spec played at that level (`default` elsewhere);
    `per_game` says what that spec is in each game, in words."""
    _PRESETS[name] = _Preset(dict(specs), default, description, dict(per_game or {}))


def agent_names(game: str | None = None) -> list[str]:
    """The bots (and presets) that play `game` (every bot when None), sorted."""
    _load_builtin_agents()
    names = [n for n, e in _AGENTS.items() if game is None or e.games is None or game in e.games]
    return sorted(names) + sorted(_PRESETS)


def agent_description(name: str, game: str | None = None) -> str:
    """What the bot (or preset) `name` does: in `game` when given (its play there, the options it takes there,
    the spec a preset stands for there), else in general."""
    _load_builtin_agents()
    key = name.strip().lower()
    if key in _PRESETS:
        preset = _PRESETS[key]
        if game is not None:
            spec = preset.specs.get(game, preset.default)
            return f"{preset.per_game.get(game, preset.description)} (= {spec})"
        if not preset.specs:
            return f"{preset.description} (= {preset.default})"
        per_game = "; ".join(f"{g}: {s}" for g, s in sorted(preset.specs.items()))
        return f"{preset.description} ({per_game}; other games: {preset.default})"
    entry = _AGENTS[key]
    text = entry.per_game.get(game, entry.description) if game is not None else entry.description
    options = entry.options_for(game)
    if not options:
        return text
    return f"{text}; options: {', '.join(options)}"


def agent_options(name: str, game: str | None = None) -> dict[str, str]:
    """The options a bot accepts (in `game`, when given): name -> doc."""
    _load_builtin_agents()
    return {n: o.doc for n, o in _AGENTS[name.strip().lower()].options_for(game).items()}


def bot_options(name: str, game: str | None = None) -> list[BotOption]:
    """The declared options of a bot (in `game`, when given), with their types and ranges."""
    _load_builtin_agents()
    return list(_AGENTS[name.strip().lower()].options_for(game).values())


def resolve_preset(name: str, game: str) -> str:
    """The concrete spec a preset (or a plain spec, returned unchanged) stands for in `game`."""
    _load_builtin_agents()
    preset = _PRESETS.get(name.strip().lower())
    if preset is None:
        return name
    return preset.specs.get(game, preset.default)


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


def check_options(key: str, game: str, options: Mapping[str, object]) -> dict[str, Any]:
    """The options of bot `key` in `game`, each checked against its declaration (and converted to its type)."""
    entry = _AGENTS[key]
    known = entry.options_for(game)
    checked: dict[str, Any] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            listed = ", ".join(f"{o.name} ({o.allowed()})" if o.kind is not object else o.name for o in known.values())
            elsewhere = entry.options.get(name)
            where = f" in {game} (it is for {', '.join(sorted(elsewhere.games or ()))})" if elsewhere else ""
            raise PodiumError(f"bot {key!r} has no option {name!r}{where}; its options: {listed or 'none'}")
        checked[name] = value if option.kind is object else option.check(key, value)
    return checked


def make_agent(name: str, game: Game, seat: int, seed: int = 0, **options: Any) -> Agent:
    """The bot `name` (a spec: `ismcts`, `ismcts:iterations=500`, or a preset `easy` / `medium` / `hard`) for `seat`.
    Keyword `options` are added to (and override) the spec's."""
    _load_builtin_agents()
    key, spec_options = parse_spec(name)
    if key in _PRESETS:
        if spec_options or options:
            # A preset's options belong to the bot it stands for: `hard:seconds=2` tunes that bot.
            base_key, base_options = parse_spec(resolve_preset(key, game.name))
            return make_agent(base_key, game, seat, seed, **{**base_options, **spec_options, **options})
        return make_agent(resolve_preset(key, game.name), game, seat, seed)
    entry = _AGENTS.get(key)
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
