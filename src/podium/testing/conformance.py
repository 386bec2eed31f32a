"""The conformance suite: random playouts that check the game contract at every step.

Any game can be checked with `check_random_game(game, config, num_players, seed)`; podium's own test suite runs it
on every registered game and a list of rule variants (tests/test_conformance.py). What is checked at each step
(DESIGN.md, "Tests"):

- legal actions are sorted by id, unique, non-empty while the game is not over, and round-trip through all three
  encodings (text and JSON, each with and without the game's config; id);
- illegal actions are rejected with `IllegalAction` and leave the state unchanged;
- `clone()` equals the original and is independent of it; `to_dict`/`from_dict` round-trips (through JSON);
- the same seed and actions give the same game;
- cards are conserved;
- every view is JSON-serialisable, `shuffle_hidden(p)` (a ground-truth reshuffle of what p cannot know) leaves
  `view(p)` unchanged, so no view leaks a hidden card; `determinize(view(p))` yields a state with the same view;
- the game ends within `max_plies` actions and its result is well formed.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from podium.core.config import GameConfig
from podium.core.contract import Action, Game, State
from podium.core.errors import IllegalAction
from podium.core.rng import Rng


class ConformanceError(AssertionError):
    pass


def _fail(game: Game, seed: int, ply: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed={seed} ply={ply}: {message}")


def check_random_game(
    game: Game,
    config: GameConfig,
    num_players: int,
    seed: int,
    *,
    max_plies: int = 20_000,
    deep_every: int = 7,
) -> State:
    """Play one uniformly random game and check every invariant; returns the final state.

    The expensive checks (serialisation, views, determinize, illegal actions) run every `deep_every` plies and on
    the final state, at a phase that shifts with the seed so that different games cover different steps.
    """
    state = game.new_game(config, num_players, seed)
    twin = game.new_game(config, num_players, seed)
    chooser = Rng(seed ^ 0x5EED)
    all_ids = range(game.num_actions(config))
    deck = Counter(state.all_cards())
    offset = seed % deep_every
    ply = 0
    while not state.is_over:
        if ply >= max_plies:
            raise _fail(game, seed, ply, f"game not over after {max_plies} actions")
        legal = state.legal_actions()
        _check_legal_list(game, config, seed, ply, legal)
        if (ply + offset) % deep_every == 0:
            _deep_checks(game, config, state, seed, ply, legal, all_ids, chooser)
        action = legal[chooser.randbelow(len(legal))]
        player = state.current_player
        events = state.apply(action)
        twin.apply(action)
        for event in events:
            if event.visible_to is not None and not event.visible_to <= set(range(num_players)):
                raise _fail(game, seed, ply, f"event {event.kind} visible to unknown seats {event.visible_to}")
            json.dumps(event.to_json())
        if Counter(state.all_cards()) != deck:
            raise _fail(game, seed, ply, f"cards not conserved after {action.text()} by seat {player}")
        ply += 1
    if state.legal_actions():
        raise _fail(game, seed, ply, "a finished game still lists legal actions")
    _deep_checks(game, config, state, seed, ply, [], all_ids, chooser)
    if state.to_dict() != twin.to_dict():
        raise _fail(game, seed, ply, "same seed and same actions gave a different game")
    _check_result(game, state, seed, ply)
    return state


def _check_legal_list(game: Game, config: GameConfig, seed: int, ply: int, legal: list[Action]) -> None:
    if not legal:
        raise _fail(game, seed, ply, "no legal action although the game is not over")
    ids = [a.id for a in legal]
    if ids != sorted(set(ids)):
        raise _fail(game, seed, ply, f"legal actions not sorted by id or not unique: {ids}")


def _deep_checks(
    game: Game,
    config: GameConfig,
    state: State,
    seed: int,
    ply: int,
    legal: list[Action],
    all_ids: range,
    chooser: Rng,
) -> None:
    before = state.to_dict()
    # Encodings round-trip.
    for action in legal:
        if game.parse_action(action.text(), config) != action or game.parse_action(action.text()) != action:
            raise _fail(game, seed, ply, f"text form {action.text()!r} does not parse back")
        data = json.loads(json.dumps(action.to_json()))
        if game.action_from_json(data, config) != action or game.action_from_json(data) != action:
            raise _fail(game, seed, ply, f"JSON form {action.to_json()} does not parse back")
        if game.action_from_id(action.id, config) != action:
            raise _fail(game, seed, ply, f"id {action.id} does not map back to {action.text()!r}")
        if not 0 <= action.id < len(all_ids):
            raise _fail(game, seed, ply, f"id {action.id} outside the action space")
    # Illegal actions: sample the action space and try every id that is not legal.
    legal_ids = {a.id for a in legal}
    sample = [chooser.randbelow(len(all_ids)) for _ in range(min(12, len(all_ids)))]
    for action_id in sample:
        if action_id in legal_ids:
            continue
        action = game.action_from_id(action_id, config)
        try:
            state.apply(action)
        except IllegalAction as exc:
            if not str(exc):
                raise _fail(game, seed, ply, f"IllegalAction for {action.text()!r} has no reason") from None
        else:
            raise _fail(game, seed, ply, f"illegal action {action.text()!r} was accepted")
        if state.to_dict() != before:
            raise _fail(game, seed, ply, f"rejected action {action.text()!r} changed the state")
    # Clone and serialisation.
    copy = state.clone()
    if copy.to_dict() != before:
        raise _fail(game, seed, ply, "clone differs from the original")
    if legal:
        copy.apply(legal[0])
        if state.to_dict() != before:
            raise _fail(game, seed, ply, "applying an action to a clone changed the original")
    restored = game.state_from_dict(json.loads(json.dumps(before)))
    if restored.to_dict() != before:
        raise _fail(game, seed, ply, "to_dict/from_dict does not round-trip")
    if restored.legal_actions() != state.legal_actions():
        raise _fail(game, seed, ply, "restored state lists other legal actions")
    # Views.
    for player in [None, *range(state.num_players)]:
        view = state.view(player)
        try:
            text = json.dumps(view, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise _fail(game, seed, ply, f"view({player}) is not JSON-serialisable: {exc}") from None
        for key in ("game", "config", "num_players", "player", "current_player", "is_over"):
            if key not in view:
                raise _fail(game, seed, ply, f"view({player}) lacks the key {key!r}")
        if view["player"] != player or view["current_player"] != state.current_player:
            raise _fail(game, seed, ply, f"view({player}) names the wrong viewer or current player")
        shuffled = state.shuffle_hidden(player, chooser.spawn())
        if Counter(shuffled.all_cards()) != Counter(state.all_cards()):
            raise _fail(game, seed, ply, "shuffle_hidden does not conserve cards")
        if json.dumps(shuffled.view(player), sort_keys=True) != text:
            raise _fail(game, seed, ply, f"view({player}) reveals a card that seat {player} cannot know")
        if player is None:
            continue
        sampled = game.determinize(json.loads(text), chooser.spawn())
        if json.dumps(sampled.view(player), sort_keys=True) != text:
            raise _fail(game, seed, ply, f"determinize(view({player})) gives a state with another view")
        if Counter(sampled.all_cards()) != Counter(state.all_cards()):
            raise _fail(game, seed, ply, "determinize does not conserve cards")
        if state.current_player == player and sampled.legal_actions() != state.legal_actions():
            raise _fail(game, seed, ply, "determinized state lists other legal actions for the viewer")
    if state.to_dict() != before:
        raise _fail(game, seed, ply, "checking views changed the state")


def _check_result(game: Game, state: State, seed: int, ply: int) -> None:
    result = state.result()
    n = state.num_players
    if len(result.scores) != n or len(result.ranking) != n:
        raise _fail(game, seed, ply, "result does not have one score and one place per seat")
    if not result.winners or any(result.ranking[w] != 1 for w in result.winners):
        raise _fail(game, seed, ply, f"winners {result.winners} are not the seats in first place")
    payload: dict[str, Any] = result.to_json()
    json.dumps(payload)
    if not result.reason:
        raise _fail(game, seed, ply, "result has no reason")
