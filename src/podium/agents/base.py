"""The agent interface and the bot registry (`--bots random,hard`, `--bots ismcts:iterations=500`).

A bot is named by a *spec*: a registered name, optionally followed by options, each `:key=value`
(`ismcts:iterations=500:c=0.7`, `heuristic:noise=0.2`). Colons rather than commas separate the options because the
CLI's `--bots` already separates bots with commas. In Python the same options can be given as keyword arguments:
`make_agent("ismcts", game, seat, seed, iterations=500)`.

Difficulty presets (`easy`, `medium`, `hard`) are names too: each maps, per game, onto a concrete spec (see
`register_preset` and docs/bots.md), so `--bots hard` means "the strongest bot at a playable speed" in every game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
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


@dataclass(frozen=True, slots=True)
class _Entry:
    games: frozenset[str] | None  # None = every game
    factory: AgentFactory
    description: str
    options: Mapping[str, str]  # option name -> one-line doc


@dataclass(frozen=True, slots=True)
class _Preset:
    specs: Mapping[str, str]  # game name -> spec
    default: str  # spec for a game not named in `specs`
    description: str


_AGENTS: dict[str, _Entry] = {}
_PRESETS: dict[str, _Preset] = {}


def register_agent(
    name: str,
    factory: AgentFactory,
    description: str,
    games: set[str] | None = None,
    options: Mapping[str, str] | None = None,
) -> None:
    """Register a bot. `options` names the keyword arguments the factory accepts (name -> doc), so that a spec
    with an unknown option is refused with a message listing the known ones."""
    _AGENTS[name] = _Entry(frozenset(games) if games is not None else None, factory, description, dict(options or {}))


def register_preset(name: str, specs: Mapping[str, str], default: str, description: str) -> None:
    """A difficulty level: `specs` maps a game name onto the spec played at that level (`default` elsewhere)."""
    _PRESETS[name] = _Preset(dict(specs), default, description)


def agent_names(game: str | None = None) -> list[str]:
    """The bots (and presets) that play `game` (every bot when None), sorted."""
    _load_builtin_agents()
    names = [n for n, e in _AGENTS.items() if game is None or e.games is None or game in e.games]
    return sorted(names) + sorted(_PRESETS)


def agent_description(name: str) -> str:
    _load_builtin_agents()
    key = name.strip().lower()
    if key in _PRESETS:
        preset = _PRESETS[key]
        if not preset.specs:
            return f"{preset.description} (= {preset.default})"
        per_game = "; ".join(f"{g}: {s}" for g, s in sorted(preset.specs.items()))
        return f"{preset.description} ({per_game}; other games: {preset.default})"
    entry = _AGENTS[key]
    if not entry.options:
        return entry.description
    return f"{entry.description}; options: {', '.join(entry.options)}"


def agent_options(name: str) -> dict[str, str]:
    """The options a bot accepts (name -> doc)."""
    _load_builtin_agents()
    return dict(_AGENTS[name.strip().lower()].options)


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
    merged = {**spec_options, **options}
    unknown = sorted(set(merged) - set(entry.options))
    if unknown:
        known = ", ".join(entry.options) or "none"
        raise PodiumError(f"bot {key!r} has no option {unknown[0]!r}; its options: {known}")
    try:
        return entry.factory(game, seat, seed, **merged)
    except (TypeError, ValueError) as exc:
        raise PodiumError(f"bot {name!r}: {exc}") from None


def _load_builtin_agents() -> None:
    # Imported for their registrations; kept lazy so that importing the interface stays cheap.
    import podium.agents.builtin  # noqa: F401
