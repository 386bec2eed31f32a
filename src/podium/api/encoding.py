"""What a game declares to be learnable (its `encoding` facet): a fixed-size numeric observation of what one seat
may know, a fixed integer action space, utilities per seat and a bound on the game's length.

Part of the plugin kit: it imports no numpy, gymnasium or anything of `podium.rl`, so that a game's encoding module
stays pure Python like the rest of its package and importing it registers nothing: an encoder writes into any buffer
of float32 that takes `out[i] = x` (the environments of `podium.rl` hand it an `array.array("f")` shared with a
numpy array, whose item writes are several times cheaper than numpy's). Every feature of every layout is listed by
`Encoder.layout` and documented in docs/rl.md.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from podium.core.config import GameConfig
from podium.core.contract import Action, Game, GameOf, JsonDict, State, Utility, View
from podium.core.errors import MalformedAction, PodiumError


class FloatBuffer(Protocol):
    """A writable sequence of float32: an `array.array("f")` (what the environments pass) or a numpy float32 array.
    Encoders read and write single items, may assign a slice from an `array.array("f")` and may write through a
    `memoryview` of it (both support the buffer protocol)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: Any, value: Any, /) -> None: ...

    def __len__(self) -> int: ...


@dataclass(frozen=True)
class Feature:
    """One block of an observation: `size` consecutive floats named `name`, each in `low`..`high`."""

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0


class Encoder(ABC):
    """The observation of one (config, player count): its layout and the encoding itself, with every table it needs
    computed once. Seats are relative to the viewer: block position 0 is the viewer, 1 the next seat in turn order,
    and so on, so that a policy learnt in one seat plays any seat."""

    def __init__(self, config: GameConfig, players: int) -> None:
        self.config = config
        self.players = players
        self.offsets: dict[str, int] = {}
        at = 0
        for feature in self.layout():
            self.offsets[feature.name] = at
            at += feature.size
        self.size = at

    @abstractmethod
    def layout(self) -> list[Feature]:
        """The blocks of the observation, in order (they add up to `size`)."""

    @abstractmethod
    def encode(self, state: State, player: int, out: FloatBuffer) -> None:
        """Write what `player` may know of `state` into `out`, which holds `size` zeros: built from the state's own
        fields, never from its JSON view, and a function of `state.view(player)` alone (the leak test checks it)."""

    def refresh(self, state: State, player: int, out: FloatBuffer, memo: list[Any]) -> None:
        """Make `out` what `encode` writes into zeros for `player` in `state`, where `out` holds what the last
        `refresh` with this `memo` wrote (an empty `memo`: `out` holds zeros). One `memo` and one `out` per viewer:
        an encoder may keep in `memo` what it wrote from, to write again only the blocks whose source changed
        (compared by value, so any state may follow any other). This default writes everything again, from zeros
        it keeps in `memo`."""
        if memo:
            out[:] = memo[0]
        else:
            memo.append(array("f", bytes(4 * self.size)))
        self.encode(state, player, out)

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each feature, for the observation space."""
        low: list[float] = []
        high: list[float] = []
        for feature in self.layout():
            low += [feature.low] * feature.size
            high += [feature.high] * feature.size
        return low, high


class Encoding(ABC):
    """A game's encoding facet (`GameSpec.encoding`, "module:attribute" naming an instance of a subclass). A
    subclass names its game as a state class does: `class GolfEncoding(Encoding, game="podium.games.golf.game:GAME")`,
    and `game` is that `Game`."""

    game: ClassVar[Game]

    def __init_subclass__(cls, game: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            GameOf(game).install(cls)

    @abstractmethod
    def encoder(self, config: GameConfig, players: int) -> Encoder:
        """The observation of games played with `config` by `players` seats (fixed shape `(encoder.size,)`)."""

    @abstractmethod
    def observed(self, view: View) -> JsonDict:
        """The part of a seat's view that the observation encodes exactly: two views whose `observed` parts differ
        give different observations (the leak test checks it). What it leaves out is said in docs/rl.md."""

    def max_steps(self, config: GameConfig, players: int) -> int | None:
        """The game's own bound on its decisions (`Game.max_steps`, a game-type fact)."""
        return self.game.max_steps(config, players)

    def max_turns(self, config: GameConfig, players: int) -> int | None:
        """The game's own bound on its turns (`Game.max_turns`)."""
        return self.game.max_turns(config, players)

    def num_actions(self, config: GameConfig) -> int:
        return self.game.num_actions(config)

    def action_to_id(self, action: Action) -> int:
        return action.id

    def action_from_id(self, action_id: Any, config: GameConfig) -> Action:
        """The action numbered `action_id`; any integer type is accepted (numpy's too), a bool or non-integer is
        `MalformedAction`, like an id outside 0 .. num_actions - 1."""
        if isinstance(action_id, bool) or not hasattr(action_id, "__index__"):
            size = self.num_actions(config)
            raise MalformedAction(f"{action_id!r} is no {self.game.title} action id; ids are integers 0..{size - 1}")
        return self.game.action_from_id(operator.index(action_id), config)

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions, ascending (the action mask's ones)."""
        return [action.id for action in state.legal_actions()]

    def utilities(self, state: State) -> tuple[float, ...]:
        """Each seat's utility of a finished game. This default is for a zero-sum game (`Game.utility`): the win
        shared among the tied winners (`win_share_utilities`); a game of another kind writes its own."""
        self._zero_sum("utilities")
        return win_share_utilities(state.result().winners, state.num_players)

    def utility_bounds(self, players: int) -> tuple[float, float]:
        """The lowest and highest utility a seat can get in a game of `players` (this default: `utilities`')."""
        self._zero_sum("utility_bounds")
        return (-1.0 / (players - 1), 1.0)

    def utility_sum(self, players: int) -> float | None:
        """What the seats' utilities add up to in every game of `players`, by the game's `utility` fact: 0 in a
        zero-sum game, None in a general-sum one; a constant-sum game's encoding says its constant."""
        utility = self.game.utility
        if utility is Utility.ZERO_SUM:
            return 0.0
        if utility is Utility.GENERAL_SUM:
            return None
        raise PodiumError(f"{self.game.title} is constant-sum: its encoding must say the sum (utility_sum)")

    def _zero_sum(self, what: str) -> None:
        if self.game.utility is not Utility.ZERO_SUM:
            raise PodiumError(
                f"{self.game.title} is {self.game.utility.value.replace('_', '-')}, not zero-sum: its encoding must "
                f"write its own {what}"
            )


def win_share_utilities(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Zero-sum utilities from the winners: the win (1) is shared equally among the k winners and every seat's
    utility is its share minus the mean share, scaled so that a lone winner gets +1. With two players: win +1, loss
    -1, tie 0 (like PettingZoo's classic games); with n players a loser gets -1/(n - 1)."""
    # (share * n - 1) / (n - 1), written so that a lone winner gets exactly 1.0 and a tie of two players exactly 0.0
    win = (players / len(winners) - 1.0) / (players - 1)
    lose = -1.0 / (players - 1)
    won = set(winners)
    return tuple(win if seat in won else lose for seat in range(players))


def relative_seat(seat: int, player: int, players: int) -> int:
    """Where `seat` lies seen from `player`: 0 is `player`, 1 the next seat in turn order, and so on."""
    return (seat - player) % players
