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
  `view(p)` unchanged, so no view leaks a hidden card; `determinize(view(p))` yields a state with the same view,
  and `determinizer(view(p))` deals exactly as it;
- a state carried on from `clone()` and one from `from_dict(to_dict())` play on exactly like the original: they
  accept its actions and give the same events at every step, then list the same legal actions and show the same
  views to every seat and the spectator, and at the end have the same result (this catches a field that both
  `clone` and `to_dict` leave out, which the round-trips cannot see);
- the events a seat is given (those `visible_to` it, or to everyone) tell it nothing beyond its views: in a world it
  cannot tell from the real one (everything it cannot know reshuffled by `shuffle_hidden`, or a world sampled from its
  view by `determinize`), the same action gives the same events for it whenever its view after the action is the
  same too. So an event meant for one seat cannot reach the others, and a public event's cards appear in every view;
- each viewer's view (every seat, the spectator) has the same top-level keys in every state of the game;
- the game ends within `max_plies` actions and within the decisions its `max_steps` declares, and its result is well
  formed: one score and place per seat, places ranked like the scores (a better score, higher or lower as
  `lower_is_better` says, is a better place; equal places are shared and the next place skips them), winners the
  seats in first place.

Under explicit chance (a config with `chance = true`, `podium.core.chance`) the game is played the same way, chance
outcomes drawn with their probabilities; at a chance node the checks are the chance contract's: the outcomes are the
legal actions, sorted, unique, with positive probabilities summing to 1, round-tripping as JSON and text; anything
else is refused without change; clone and `to_dict`/`from_dict` round-trip and play on alike. Views, cards and
events are checked at the decision nodes, as without the option.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from dataclasses import dataclass
from typing import Any

from podium.core import chance
from podium.core.config import GameConfig
from podium.core.contract import CHANCE, Action, Event, Game, State
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
    follow_plies: int = 7,
) -> State:
    """Play one uniformly random game and check every invariant; returns the final state.

    The expensive checks (serialisation, views, determinize, illegal actions, what the events tell a viewer) run
    every `deep_every` plies and on the final state, at a phase that shifts with the seed so that different games
    cover different steps; each of those plies also starts a clone and a restored copy that play on beside the game
    for `follow_plies` actions (or to its end).
    """
    state = game.new_game(config, num_players, seed)
    twin = game.new_game(config, num_players, seed)  # the same game played with the unchecked `step`
    chooser = Rng(seed ^ 0x5EED)
    all_ids = range(game.num_actions(config))
    deck = Counter(state.all_cards()) if not state.is_chance() else None  # under chance: once dealt
    offset = seed % deep_every
    keys: dict[int | None, set[str]] = {}  # each viewer's view keys, from the first deep check on
    followers: list[_Follower] = []
    most = game.max_steps(config, num_players)  # the game's declared bound on its decisions, if it has one
    decisions = 0
    ply = 0
    while not state.is_over:
        if ply >= max_plies:
            raise _fail(game, seed, ply, f"game not over after {max_plies} actions")
        legal = state.legal_actions()
        _check_legal_list(game, config, seed, ply, legal)
        deep = (ply + offset) % deep_every == 0
        at_chance = state.is_chance()
        if at_chance:
            action = _chance_checks(game, state, seed, ply, legal, chooser, deep)
        elif deep:
            _deep_checks(game, config, state, seed, ply, legal, all_ids, chooser)
            _check_view_keys(game, state, seed, ply, keys)
        if deep:
            followers += _followers(game, state, ply, follow_plies)
        if not at_chance:
            action = legal[chooser.randbelow(len(legal))]
        player = state.current_player
        if not at_chance:
            decisions += 1
            if most is not None and decisions > most:
                raise _fail(game, seed, ply, f"more decisions than the game's max_steps ({most})")
        hidden = _reshuffled(game, state, chooser) if deep and not at_chance else []
        events = state.apply(action)
        twin.step(action)
        if deep and state.to_dict() != twin.to_dict():
            raise _fail(game, seed, ply, f"step({action.text()}) and apply({action.text()}) left different states")
        for event in events:
            if event.visible_to is not None and not event.visible_to <= set(range(num_players)):
                raise _fail(game, seed, ply, f"event {event.kind} visible to unknown seats {event.visible_to}")
            json.dumps(event.to_json())
        if deck is None and not state.is_chance():
            deck = Counter(state.all_cards())
        if deck is not None and not state.is_chance() and Counter(state.all_cards()) != deck:
            raise _fail(game, seed, ply, f"cards not conserved after {action.text()} by seat {player}")
        _check_private_events(game, state, seed, ply, action, events, hidden)
        followers = _follow(game, state, seed, ply, action, events, followers)
        ply += 1
    if state.legal_actions():
        raise _fail(game, seed, ply, "a finished game still lists legal actions")
    _deep_checks(game, config, state, seed, ply, [], all_ids, chooser)
    if state.to_dict() != twin.to_dict():
        raise _fail(game, seed, ply, "same seed and same actions gave a different game (apply against step)")
    _check_result(game, state, seed, ply)
    _check_view_keys(game, state, seed, ply, keys)  # last: a game whose final view adds a key is checked for the rest
    return state


@dataclass
class _Follower:
    """A copy of the game made at `ply` (by `clone()` or through `to_dict`/`from_dict`) that plays on beside it."""

    label: str
    state: State
    plies_left: int


def _followers(game: Game, state: State, ply: int, follow_plies: int) -> list[_Follower]:
    restored = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    return [
        _Follower(f"the clone made at ply {ply}", state.clone(), follow_plies),
        _Follower(f"the state restored from to_dict at ply {ply}", restored, follow_plies),
    ]


def _follow(
    game: Game, state: State, seed: int, ply: int, action: Action, events: list[Event], followers: list[_Follower]
) -> list[_Follower]:
    """Apply the original's action to each follower: it must accept it and give the same events; a follower whose
    time is up (or whose game ended) is compared with the original (legal actions, every view, the result), then
    dropped."""
    expected = [event.to_json() for event in events]
    still = []
    for follower in followers:
        try:
            got = [event.to_json() for event in follower.state.apply(action)]
        except IllegalAction as exc:
            raise _fail(
                game, seed, ply, f"{follower.label} refuses {action.text()!r}, legal in the original: {exc}"
            ) from None
        if got != expected:
            raise _fail(
                game, seed, ply, f"{follower.label} gave other events for {action.text()!r}: {got} != {expected}"
            )
        follower.plies_left -= 1
        if follower.plies_left > 0 and not state.is_over:
            still.append(follower)
            continue
        if follower.state.legal_actions() != state.legal_actions():
            raise _fail(game, seed, ply, f"{follower.label} lists other legal actions than the original")
        for viewer in [None, *range(state.num_players)]:
            if follower.state.view(viewer) != state.view(viewer):
                raise _fail(game, seed, ply, f"{follower.label} shows {_who(viewer)} another view than the original")
        if state.is_over and follower.state.result().to_json() != state.result().to_json():
            raise _fail(game, seed, ply, f"{follower.label} ends with another result than the original")
    return still


def _reshuffled(game: Game, state: State, chooser: Rng) -> list[tuple[int | None, State]]:
    """Worlds that one viewer, drawn at random (None = the spectator), cannot tell from the real one: the state with
    everything the viewer cannot know reshuffled, and for a seat also one sampled from its view (`determinize`),
    whose generator differs too, so that cards dealt later differ as well. One viewer per step keeps the check cheap;
    over the steps and games every viewer is drawn many times."""
    viewers: list[int | None] = [None, *range(state.num_players)]
    viewer = viewers[chooser.randbelow(len(viewers))]
    worlds = [(viewer, state.shuffle_hidden(viewer, chooser.spawn()))]
    if viewer is not None:
        worlds.append((viewer, game.determinize(state.view(viewer), chooser.spawn())))
    return worlds


def _check_private_events(
    game: Game,
    state: State,
    seed: int,
    ply: int,
    action: Action,
    events: list[Event],
    hidden: list[tuple[int | None, State]],
) -> None:
    """What a viewer is told of an action (the events visible to it) must follow from what it sees: in a world it
    cannot tell apart from the real one, before the action and after, it must be told the same. If not, an event
    carries a card that viewer may not know (a private event given to everybody), or a public event shows a card
    that the views do not."""
    for viewer, other in hidden:
        if action not in other.legal_actions():
            continue  # the mover's hidden cards decide what is legal (e.g. a card played from the hand)
        other_events = other.apply(action)
        if other.view(viewer) != state.view(viewer):
            continue  # the action revealed something: both worlds may tell of it
        told = [event.to_json() for event in events if event.visible(viewer)]
        if _unordered([e.to_json() for e in other_events if e.visible(viewer)]) != _unordered(told):
            who = _who(viewer)
            raise _fail(
                game,
                seed,
                ply,
                f"the events of {action.text()!r} tell {who} more than its view shows (they differ in a world it "
                f"cannot tell from this one, its view after the action does not): {told}",
            )


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


def _unordered(value: Any) -> Any:
    """`value` with every list sorted: the order in which an event lists cards may follow hidden order (cards drawn
    in the order they lay in the stock) while the view sorts them (a hand), which tells nothing worth hiding."""
    if isinstance(value, dict):
        return {key: _unordered(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return sorted((_unordered(item) for item in value), key=lambda item: json.dumps(item, sort_keys=True))
    return value


def _check_view_keys(game: Game, state: State, seed: int, ply: int, keys: dict[int | None, set[str]]) -> None:
    for viewer in [None, *range(state.num_players)]:
        found = set(state.view(viewer))
        first = keys.setdefault(viewer, found)
        if found != first:
            changed = (
                ", ".join(f"+{k}" for k in sorted(found - first))
                + " "
                + ", ".join(f"-{k}" for k in sorted(first - found))
            )
            raise _fail(game, seed, ply, f"view({viewer}) has other top-level keys than earlier: {changed.strip()}")


def _check_legal_list(game: Game, config: GameConfig, seed: int, ply: int, legal: list[Action]) -> None:
    if not legal:
        raise _fail(game, seed, ply, "no legal action although the game is not over")
    ids = [a.id for a in legal]
    if ids != sorted(set(ids)):
        raise _fail(game, seed, ply, f"legal actions not sorted by id or not unique: {ids}")


def _check_pickled_actions(
    game: Game, state: State, seed: int, ply: int, actions: list[Action], after_first: dict[str, Any]
) -> None:
    """Actions travel between processes (worker pools, Ray, the server's bot worker): a pickled copy of a legal action
    is accepted as that action and plays the same. `after_first`: the state after the first action itself."""
    for i, action in enumerate(actions):
        moved = pickle.loads(pickle.dumps(action))
        trial = state.clone()
        try:
            trial.apply(moved)
        except IllegalAction as exc:
            raise _fail(game, seed, ply, f"a pickled copy of {action.text()!r} is refused: {exc}") from None
        if i == 0 and trial.to_dict() != after_first:
            raise _fail(game, seed, ply, f"a pickled copy of {action.text()!r} plays otherwise than the action")


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
        _check_pickled_actions(game, state, seed, ply, [legal[0], legal[-1]], copy.to_dict())
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
        sampler_rng = chooser.spawn()
        sampled = game.determinize(json.loads(text), sampler_rng.clone())
        if game.determinizer(json.loads(text))(sampler_rng).to_dict() != sampled.to_dict():
            raise _fail(game, seed, ply, f"determinizer(view({player})) deals otherwise than determinize")
        if json.dumps(sampled.view(player), sort_keys=True) != text:
            raise _fail(game, seed, ply, f"determinize(view({player})) gives a state with another view")
        if Counter(sampled.all_cards()) != Counter(state.all_cards()):
            raise _fail(game, seed, ply, "determinize does not conserve cards")
        if state.current_player == player and sampled.legal_actions() != state.legal_actions():
            raise _fail(game, seed, ply, "determinized state lists other legal actions for the viewer")
    if state.to_dict() != before:
        raise _fail(game, seed, ply, "checking views changed the state")


def _chance_checks(
    game: Game, state: State, seed: int, ply: int, legal: list[Action], chooser: Rng, deep: bool
) -> Action:
    """The chance contract at a chance node; returns an outcome drawn with its probability."""
    outcomes = state.chance_outcomes()
    if [outcome for outcome, _ in outcomes] != legal:
        raise _fail(game, seed, ply, "at a chance node the legal actions are not the chance outcomes")
    if any(not 0.0 < p <= 1.0 for _, p in outcomes) or abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
        raise _fail(game, seed, ply, f"chance probabilities are not positive or do not sum to 1: {outcomes}")
    if state.current_player != CHANCE or state.is_over:
        raise _fail(game, seed, ply, "a chance node has a player or is over")
    if deep:
        before = state.to_dict()
        for outcome in legal:
            data = json.loads(json.dumps(outcome.to_json()))
            if chance.deal_from_json(data) != outcome or chance.parse_deal(outcome.text()) != outcome:
                raise _fail(game, seed, ply, f"chance outcome {outcome.text()!r} does not round-trip")
        ids = {outcome.id for outcome in legal}
        wrong: list[Action] = [chance.deal(next(c for c in range(max(ids) + 2) if c not in ids))]
        if game.num_actions(state.config):
            wrong.append(game.action_from_id(0, state.config))
        for action in wrong:
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise _fail(game, seed, ply, f"{action.text()!r} was accepted at a chance node")
            if state.to_dict() != before:
                raise _fail(game, seed, ply, f"refusing {action.text()!r} at a chance node changed the state")
        if state.clone().to_dict() != before:
            raise _fail(game, seed, ply, "clone differs from the original at a chance node")
        restored = game.state_from_dict(json.loads(json.dumps(before)))
        if restored.to_dict() != before or restored.chance_outcomes() != outcomes:
            raise _fail(game, seed, ply, "to_dict/from_dict does not round-trip at a chance node")
    x = chooser.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]


def _check_result(game: Game, state: State, seed: int, ply: int) -> None:
    result = state.result()
    n = state.num_players
    if len(result.scores) != n or len(result.ranking) != n:
        raise _fail(game, seed, ply, "result does not have one score and one place per seat")
    if list(result.winners) != [seat for seat in range(n) if result.ranking[seat] == 1]:
        raise _fail(game, seed, ply, f"winners {result.winners} are not the seats in first place {result.ranking}")
    for place in result.ranking:
        if place != 1 + sum(other < place for other in result.ranking):
            raise _fail(game, seed, ply, f"ranking {result.ranking}: a place must be 1 + the seats ahead of it")
    for a in range(n):
        for b in range(n):
            better = (
                result.scores[a] < result.scores[b] if result.lower_is_better else result.scores[a] > result.scores[b]
            )
            if better and not result.ranking[a] < result.ranking[b]:
                way = "lower" if result.lower_is_better else "higher"
                raise _fail(
                    game,
                    seed,
                    ply,
                    f"seat {a} scores {result.scores[a]}, better than seat {b}'s {result.scores[b]} ({way} is better), "
                    f"but has place {result.ranking[a]}, not ahead of {result.ranking[b]}",
                )
    payload: dict[str, Any] = result.to_json()
    json.dumps(payload)
    if not result.reason:
        raise _fail(game, seed, ply, "result has no reason")
