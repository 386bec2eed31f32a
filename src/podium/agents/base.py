"""The agent interface and the bot registry (`--bots random,solver`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from podium.core.contract import Action, Game, View
from podium.core.errors import PodiumError
from podium.core.rng import Rng


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


AgentFactory = Callable[[Game, int, int], Agent]
# name -> (games it plays, or None for all; factory; one-line description)
_AGENTS: dict[str, tuple[frozenset[str] | None, AgentFactory, str]] = {}


def register_agent(name: str, factory: AgentFactory, description: str, games: set[str] | None = None) -> None:
    _AGENTS[name] = (frozenset(games) if games is not None else None, factory, description)


def agent_names(game: str | None = None) -> list[str]:
    _load_builtin_agents()
    return sorted(n for n, (games, _, _) in _AGENTS.items() if game is None or games is None or game in games)


def agent_description(name: str) -> str:
    _load_builtin_agents()
    return _AGENTS[name][2]


def make_agent(name: str, game: Game, seat: int, seed: int = 0) -> Agent:
    _load_builtin_agents()
    key = name.strip().lower()
    entry = _AGENTS.get(key)
    if entry is None or (entry[0] is not None and game.name not in entry[0]):
        raise PodiumError(f"unknown bot {name!r} for {game.name}; bots are: {', '.join(agent_names(game.name))}")
    return entry[1](game, seat, seed)


def _load_builtin_agents() -> None:
    # Imported for their registrations; kept lazy so that importing the interface stays cheap.
    import podium.agents.builtin  # noqa: F401
