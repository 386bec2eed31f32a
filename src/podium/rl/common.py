"""What both environments share: a game's encoding found through its spec, and one seat's observation made fast.

Each seat's observation is kept in its own `array.array("f")` that a numpy array shares (`np.frombuffer`): the
encoder's `refresh` writes again only what changed since that seat's last observation, single items (which the array
module writes several times faster than numpy), and numpy copies the result out in one call. The legal actions are
listed once per state, for the mask and for checking the action.
"""

from __future__ import annotations

import io
import operator
from array import array
from typing import Any

import numpy as np
from numpy.typing import NDArray

from podium.api.encoding import Encoder, Encoding
from podium.core.config import GameConfig
from podium.core.contract import Game, State
from podium.core.errors import IllegalAction, MalformedAction, PodiumError
from podium.core.registry import game_names, get_game, get_spec, load_instance


def encoding_of(game: str) -> Encoding:
    """The game's encoding facet; a game without one is not supported, and the error says so."""
    spec = get_spec(game)
    if spec.encoding is None:
        ready = ", ".join(name for name in game_names() if get_spec(name).encoding is not None) or "none"
        raise PodiumError(
            f"{spec.name} is not supported by podium.rl: its GameSpec declares no `encoding` facet (a fixed "
            f"observation, action ids, utilities; docs/rl.md); games with one: {ready}"
        )
    encoding: Encoding = load_instance(spec.encoding, Encoding, where=spec.name)
    return encoding


def supported_games() -> list[str]:
    """The installed games that declare an encoding."""
    return [name for name in game_names() if get_spec(name).encoding is not None]


class Table:
    """One game being played for learning: the game, its config, the encoder and the action bookkeeping."""

    def __init__(self, game: str, players: int, rules: dict[str, Any] | None) -> None:
        self.encoding = encoding_of(game)
        self.game: Game = get_game(game)
        self.game.check_players(players)
        if rules is not None and not isinstance(rules, dict):
            raise PodiumError(f"rules must be a dict of rule options, not {type(rules).__name__}")
        self.config: GameConfig = self.game.config(rules or {})
        self.players = players
        self.encoder: Encoder = self.encoding.encoder(self.config, players)
        self.num_actions = self.encoding.num_actions(self.config)
        # one buffer per seat, shared with a numpy array, holding that seat's last observation for the encoder's
        # `refresh` to bring up to date
        self._buffers = [array("f", bytes(4 * self.encoder.size)) for _ in range(players)]
        self._views: list[NDArray[np.float32]] = [np.frombuffer(b, dtype=np.float32) for b in self._buffers]
        self._memos: list[list[Any]] = [[] for _ in range(players)]
        low, high = self.encoder.bounds()
        self.low = np.array(low, dtype=np.float32)
        self.high = np.array(high, dtype=np.float32)
        self.state: State = self.game.new_game(self.config, players, 0)
        self._legal: list[Any] | None = None  # the legal actions of the state as it is
        self._masks: dict[tuple[Any, ...], NDArray[np.int8]] = {}
        # a small action space: every action by id, made once (a large one, e.g. Olympicards' plays, is searched)
        small = self.num_actions <= 1024
        self._few = self.num_actions <= 64
        self._actions = [self.encoding.action_from_id(i, self.config) for i in range(self.num_actions)] if small else []

    def new(self, seed: int) -> None:
        self.state = self.game.new_game(self.config, self.players, seed)
        self._legal = None

    def legal(self) -> list[Any]:
        """The legal actions of the state as it is (listed once per state, for the mask and the step alike)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.state.legal_actions()
        return legal

    def observe(self, player: int) -> NDArray[np.float32]:
        """`player`'s observation of the state as it is (a new array each call)."""
        self.encoder.refresh(self.state, player, self._buffers[player], self._memos[player])
        return self._views[player].copy()

    def mask(self) -> NDArray[np.int8]:
        """The action mask of the seat to move (a new array each call)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.state.legal_actions()
        if self._few:  # a small action space has few legal sets: each mask is made once, then copied
            cached = self._masks.get(tuple(legal))
            return (self._new_mask(legal) if cached is None else cached).copy()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if len(legal) > 16:
            mask[[action.id for action in legal]] = 1
        else:  # (a few items are set faster one by one than through a list made into an index array)
            for action in legal:
                mask[action.id] = 1
        return mask

    def _new_mask(self, legal: list[Any]) -> NDArray[np.int8]:
        if len(self._masks) >= 4096:
            self._masks.clear()
        mask = self._masks[tuple(legal)] = np.zeros(self.num_actions, dtype=np.int8)
        mask[[action.id for action in legal]] = 1
        return mask

    def observation(self, player: int, to_move: bool) -> dict[str, NDArray[Any]]:
        """`{"observation": observe(player), "action_mask": mask() if to_move else all 0}` in one call (what an
        AEC agent asks for at every step)."""
        mask = self.mask() if to_move else np.zeros(self.num_actions, np.int8)
        return {"observation": self.observe(player), "action_mask": mask}

    def play(self, action_id: Any) -> None:
        """Apply the action numbered `action_id` (any integer type) for the seat to move. An id that is no action is
        `MalformedAction`, one the rules do not allow now `IllegalAction`; either changes nothing."""
        legal = self._legal
        if legal is None:
            legal = self.legal()
        if action_id.__class__ is not int:
            if isinstance(action_id, bool) or not hasattr(action_id, "__index__"):
                raise self._refused(action_id)
            action_id = operator.index(action_id)  # numpy's integers
        actions = self._actions
        if actions:
            action = actions[action_id] if 0 <= action_id < self.num_actions else None
            if action is None or action not in legal:
                raise self._refused(action_id)
        else:
            for action in legal:
                if action.id == action_id:
                    break
            else:
                raise self._refused(action_id)
        self.state.apply(action)
        self._legal = None

    def _refused(self, action_id: Any) -> Exception:
        """Why `action_id` cannot be played now: no action of the game (`MalformedAction`, raised from here) or not
        a legal one (`IllegalAction`, returned), naming the legal ids."""
        named = self.encoding.action_from_id(action_id, self.config)
        shown = ", ".join(f"{a.id} ({a.text()})" for a in self.legal())
        return IllegalAction(f"action id {action_id} ({named.text()}) is not legal now; legal ids: {shown}")

    def render(self) -> str:
        """The spectator's view as the terminal draws it (the game's own renderer, or the generic one)."""
        from rich.console import Console

        from podium.cli.tui import get_tui

        console = Console(file=io.StringIO(), width=100, color_system=None, highlight=False)
        console.print(get_tui(self.game.name).table(self.state.view(None)))
        out = console.file.getvalue()  # type: ignore[attr-defined]
        return str(out)


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise MalformedAction(f"a seed is an integer, not {seed!r}")
    return int(seed)
