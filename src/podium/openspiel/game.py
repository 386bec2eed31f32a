"""One OpenSpiel game for any podium game with an encoding facet (`GameSpec.encoding`), driven by its spec.

The game is played under explicit chance (`podium.core.chance`): each card a shuffle deals is an OpenSpiel chance
node, outcome id = the card's number. Player action ids are the game's fixed action ids; observation tensors are the
game's reinforcement-learning encoding (docs/rl.md) and observation strings its view of the seat, as JSON.

Information states (perfect recall) are strings: the seat's history — the seats that acted, in order, the seat's
own actions, every event it was shown (public ones and its own private ones) and the view it was dealt at the start —
followed by its view now. `resample_from_infostate(p)` samples the game's `determinize(view(p))`: a state with the
same information state for `p`; in it the other seats keep only the public part of their history (their private
events were never shown to `p`), so no sampled world carries a real opponent's hidden cards.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from podium.core.chance import ChanceState, Deal, deal
from podium.core.contract import Action, Chance, Event, Game, Information, State, Utility
from podium.core.errors import ActionError, PodiumError
from podium.core.registry import GameSpec, load_ref
from podium.core.rng import Rng
from podium.openspiel.params import config_from_params, parameter_spec

PREFIX = "podium_"
# Athletic's rules end every turn but bound its moves by no useful number (its `Game.max_steps` is None):
# OpenSpiel needs one, so such a game reports this many decisions per turn of its turn limit.
STEPS_PER_UNBOUNDED_TURN = 1000


INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
}


def unsupported(game: Game) -> str | None:
    """Why this adapter cannot play `game` (None: it can). It plays every game under explicit chance, which a game
    declares with its `chance` fact."""
    if game.chance is not Chance.EXPLICIT:
        return f"its chance is {game.chance.value}, and podium.openspiel plays games under explicit chance only"
    return None


def game_type(spec: GameSpec, game: Game) -> pyspiel.GameType:
    """The OpenSpiel type of `game`, from the game-type facts it declares (`Game.information`, `utility`)."""
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"podium {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,  # `unsupported` refuses any other
        information=INFORMATION[game.information],
        utility=UTILITY[game.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_spec(game),
    )


class PodiumGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A podium game as an OpenSpiel game; `pyspiel.load_game("podium_golf", {"players": 3, "rounds": 2})`."""

    spec: GameSpec  # set by `podium.openspiel.register` in the class it makes for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        game: Game = load_ref(spec.game, where=spec.name)
        self.podium_game = game
        self.podium_spec = spec
        self.encoding = load_ref(spec.encoding or "", where=spec.name)
        self.config, self.players = config_from_params(game, dict(params or {}))
        self.encoder = self.encoding.encoder(self.config, self.players)
        low, high = self.encoding.utility_bounds(self.players)
        steps = game.max_steps(self.config, self.players)
        if steps is None:
            steps = (game.max_turns(self.config, self.players) or 1) * STEPS_PER_UNBOUNDED_TURN
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions(self.config),
            max_chance_outcomes=game.max_chance_outcomes(self.config),
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=self.encoding.utility_sum(self.players),
            max_game_length=steps,
        )
        super().__init__(game_type(spec, game), info, dict(params or {}))
        self.initial = ChanceState.start(game, self.config, self.players, 0)

    def new_initial_state(self) -> PodiumState:
        return PodiumState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"podium observers take no parameters, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)


class _Entry:
    """One line of the history: shown to `seat` only, or to everybody (None); its text is made when first read."""

    __slots__ = ("_text", "item", "seat")

    def __init__(self, seat: int | None, item: Event | str) -> None:
        self.seat = seat
        self.item = item
        self._text: str | None = item if isinstance(item, str) else None

    def text(self) -> str:
        if self._text is None:
            item = self.item
            self._text = item if isinstance(item, str) else json.dumps(item.to_json(), sort_keys=True)
        return self._text


# The history is a linked list of (entry, earlier) pairs, newest first: a clone shares it, so cloning costs nothing.
History = tuple[_Entry, "History"] | None


class _Core:
    """What a state holds: the podium state and the history. `copy.deepcopy` (OpenSpiel's clone of a Python state)
    clones the podium state and shares the rest."""

    __slots__ = ("game", "history", "legal", "state")

    def __init__(self, game: PodiumGame, state: ChanceState, history: History) -> None:
        self.game = game
        self.state = state
        self.history = history
        # id -> action of the last legal_actions (OpenSpiel asks for them, then applies one of their ids): reading an
        # action back from its id can cost more than the step itself (an Olympicards play is unranked from its id).
        self.legal: dict[int, Action] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.game, self.state.clone(), self.history)

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel serialises a Python state by pickling its attributes: the game by its name and parameters, the
        # podium state by its to_dict, the history by its lines.
        lines = [(entry.seat, entry.text()) for entry in reversed(_entries(self.history))]
        game = self.game
        return (_restore, (game.get_type().short_name, dict(game.get_parameters()), self.state.to_dict(), lines))


def _restore(name: str, params: dict[str, Any], data: dict[str, Any], lines: list[tuple[int | None, str]]) -> _Core:
    game = pyspiel.load_game(name, params)
    state = game.podium_game.state_from_dict(data)
    history: History = None
    for seat, text in lines:
        history = (_Entry(seat, text), history)
    return _Core(game, state, history)


class PodiumState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: PodiumGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game, game.initial.clone(), None)

    # -- the podium side ---------------------------------------------------------------------------------------------

    @property
    def podium_state(self) -> ChanceState:
        """The podium state (its `game_state` is the game's own state between chance nodes)."""
        return self._core.state

    def _action(self, action_id: int) -> Action:
        core = self._core
        action = core.legal.get(action_id)
        if action is not None:
            return action
        if core.state.is_chance():
            return deal(int(action_id))
        return core.game.podium_game.action_from_id(int(action_id), core.game.config)

    # -- OpenSpiel API -------------------------------------------------------------------------------------------

    def current_player(self) -> int:
        state = self._core.state
        player = state.current_player
        if player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return player  # CHANCE is OpenSpiel's chance player id (-1)

    def is_terminal(self) -> bool:
        return self._core.state.is_over

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        state = core.state
        if state.is_over or state.current_player != player:
            return []
        legal = core.legal = {action.id: action for action in state.legal_actions()}
        return list(legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(action.id, p) for action, p in self._core.state.chance_outcomes()]

    def _apply_action(self, action_id: int) -> None:
        core = self._core
        state = core.state
        mover = state.current_player
        chance = state.is_chance()
        try:
            action = self._action(action_id)
            events = state.apply(action)
        except (ActionError, PodiumError) as exc:
            raise pyspiel.SpielError(f"{core.game.podium_spec.name}: {exc}") from None
        core.legal = {}
        history = core.history
        if not chance and mover is not None:
            history = (_Entry(None, f"seat {mover}"), history)
            history = (_Entry(mover, f"you: {action.text()}"), history)
        for event in events:
            seats = event.visible_to
            if seats is None:
                history = (_Entry(None, event), history)
            else:
                for seat in sorted(seats):
                    history = (_Entry(seat, event), history)
        if chance and state.current_player is not None and state.current_player >= 0 and core.history is None:
            # The deal is over: what each seat was dealt opens its history (no event tells a hand dealt at the start).
            for seat in range(state.num_players):
                history = (_Entry(seat, "dealt: " + _view_text(state, seat)), history)
            history = (_Entry(None, "dealt"), history)
        core.history = history

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return deal(int(action_id)).text()
        core = self._core
        return core.game.podium_game.action_from_id(int(action_id), core.game.config).text()

    def returns(self) -> list[float]:
        core = self._core
        state = core.state
        if not state.is_over:
            return [0.0] * state.num_players
        game_state = state.game_state
        assert game_state is not None
        return [float(u) for u in core.game.encoding.utilities(game_state)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> PodiumState:
        """A state sampled among those `player_id` cannot tell from this one (`determinize` of its view), with the
        same information state for `player_id`; `probability_sampler` (OpenSpiel's, a callable giving numbers in
        [0, 1)) seeds the sample."""
        core = self._core
        state = core.state
        if state.is_chance():
            raise pyspiel.SpielError("resample_from_infostate at a chance node: sample the chance outcome instead")
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else 0
        sampled = core.game.podium_game.determinize(state.view(player_id), Rng(seed))
        wrapped = ChanceState.wrap(core.game.podium_game, sampled)
        return PodiumState(core.game, _Core(core.game, wrapped, _only(core.history, player_id)))

    def information_state_string(self, player: int | None = None) -> str:
        return self._infostate(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return _view_text(self._core.state, self.current_player() if player is None else player)

    def _infostate(self, player: int) -> str:
        core = self._core
        lines = [entry.text() for entry in _entries(core.history) if entry.seat is None or entry.seat == player]
        lines.reverse()
        lines.append(_view_text(core.state, player))
        return "\n".join(lines)

    def __str__(self) -> str:
        return json.dumps(self._core.state.to_dict(), sort_keys=True)


def _view_text(state: State, player: int) -> str:
    return json.dumps(state.view(player), sort_keys=True)


def _entries(history: History) -> list[_Entry]:
    out = []
    while history is not None:
        entry, history = history
        out.append(entry)
    return out


def _only(history: History, player: int) -> History:
    """The history with the other seats' private lines left out (what a sampled world may keep of them)."""
    kept: History = None
    for entry in reversed(_entries(history)):
        if entry.seat is None or entry.seat == player:
            kept = (entry, kept)
    return kept


class Observer:
    """OpenSpiel's Python observer: `perfect_recall` gives information states (strings only), else observations
    (the encoding's tensor, and the view's JSON)."""

    def __init__(self, game: PodiumGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PodiumState, player: int) -> None:
        tensor = self.tensor
        tensor.fill(0.0)
        game_state = state.podium_state.game_state
        if self.perfect_recall or game_state is None:
            return  # no information state tensor; nothing dealt yet
        self.game.encoder.encode(game_state, player, tensor)

    def string_from(self, state: PodiumState, player: int) -> str:
        if self.perfect_recall:
            return state._infostate(player)
        return _view_text(state.podium_state, player)


__all__ = ["Deal", "PodiumGame", "PodiumState"]
