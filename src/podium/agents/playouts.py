"""Default policies for ISMCTS rollouts: uniformly random for any game, and cheap per-game ones.

A `Playout` plays a sampled world (`game.determinize(view)`, never the real state) forward and returns a reward per
player in [0, 1]. Because the world is a sample, a per-game playout may read the sampled state's internals directly
(that is what makes it cheap); it must still be a sensible policy for every player, which is why the Golf one only
uses what each player could know in that world.

Per-game playouts may stop early and *estimate* the outcome instead of playing to the end ("cut-off"): a long game
(nine Golf rounds, nine Olympicards sports) played to the end adds the noise of all the later deals to every
estimate, while the decision at hand only changes the current round or sport. The estimate turns the running scores
into each seat's chance of finishing ahead of each other seat, with a normal model whose spread grows with the
rounds or sports left (`win_chances`).

**Score margin.** A reward that is only a chance of winning cannot tell moves apart once the game is decided (every
move wins, or every move loses): the search then picks among them by noise, and may throw points away for certain.
A playout with `margin > 0` mixes into each seat's reward a small share of its *score margin* (how far its score is
ahead of the others' mean, squashed into [0, 1] by `margin_scale` points, `with_margin`), so that, all chances being
equal, more points ahead is better. The share is small, so it never outweighs a real difference in winning chances.

**Pruning.** `Playout.prune(view, legal)` may drop, at the root of a decision, moves the game knows to be no better
than another legal move for certain (a move that changes nothing, or gives points away for nothing); the game's
playout says which (the default drops none). The search never considers them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from podium.agents.per_game import PerGame
from podium.core.contract import Action, Game, State, View
from podium.core.rng import Rng


def rewards_of(state: State, margin: float = 0.0, margin_scale: float = 10.0) -> list[float]:
    """Per seat, the share of the other seats it finished ahead of (ties half): 1 for a sole winner, 0 for last;
    with `margin`, mixed with the seats' score margins (`with_margin`)."""
    result = state.result()
    ranking = result.ranking
    n = len(ranking)
    if n == 1:
        return [1.0]
    out = []
    for p in range(n):
        beaten = 0.0
        for q in range(n):
            if q != p:
                if ranking[p] < ranking[q]:
                    beaten += 1.0
                elif ranking[p] == ranking[q]:
                    beaten += 0.5
        out.append(beaten / (n - 1))
    if margin:
        return with_margin(out, [float(x) for x in result.scores], not result.lower_is_better, margin, margin_scale)
    return out


def with_margin(
    rewards: list[float], scores: list[float], higher_is_better: bool, margin: float, scale: float
) -> list[float]:
    """`(1 - margin) * reward + margin * m`, where `m` in [0, 1] is the seat's score ahead of the others' mean,
    squashed by `scale` points (0.5 = level): all winning chances being equal, more points ahead is better."""
    n = len(scores)
    if n < 2:
        return rewards
    total = sum(scores)
    sign = 1.0 if higher_is_better else -1.0
    keep = 1.0 - margin
    out = []
    for p in range(n):
        ahead = sign * (scores[p] - (total - scores[p]) / (n - 1))
        out.append(keep * rewards[p] + margin * 0.5 * (1.0 + math.tanh(ahead / scale)))
    return out


def win_chances(values: list[float], spread: float, higher_is_better: bool) -> list[float]:
    """P(seat ends ahead of each other seat), averaged over the others, if the final difference between two seats
    is normal around today's difference with standard deviation `spread`."""
    n = len(values)
    scale = 1.0 / (spread * math.sqrt(2.0))
    if n == 2:  # the loop below written out: the same floats (adding to 0.0 and dividing by 1 change none)
        a, b = values
        ahead, behind = (a - b, b - a) if higher_is_better else (b - a, a - b)
        return [0.5 * (1.0 + math.erf(ahead * scale)), 0.5 * (1.0 + math.erf(behind * scale))]
    out = []
    for p in range(n):
        total = 0.0
        for q in range(n):
            if q != p:
                diff = values[p] - values[q] if higher_is_better else values[q] - values[p]
                total += 0.5 * (1.0 + math.erf(diff * scale))
        out.append(total / (n - 1))
    return out


class Playout:
    """Uniformly random play to the end of the game."""

    name = "random"
    margin = 0.0  # share of the score margin in a reward (see the module's docstring); 0 = winning chances only

    def prepare(self, view: View) -> None:
        """Called once per decision with the searching player's view (e.g. to note the current round)."""

    def prune(self, view: View, legal: list[Action]) -> list[Action]:
        """The root moves worth searching: `legal` without moves known to be no better than another for certain.
        Never empty when `legal` is not."""
        return legal

    def sampler(self, game: Game, view: View) -> Callable[[Rng], State]:
        """How a search samples the worlds of one decision: by default `game.determinizer(view)` (uniform among the
        states consistent with the view); a game's playout may weigh them by what the players' choices suggest.
        Each call must give a new state of its own (the flat search plays on it), consistent with `view`, so that
        the searcher's legal actions are the same in every world (the tree search reuses the decision's list)."""
        return game.determinizer(view)

    def default(self, view: View, legal: list[Action]) -> Action | None:
        """The game's own choice at this decision (e.g. its heuristic bot's), which an anchored flat search keeps
        unless another move is clearly better; None: no default."""
        return None

    def iterations(self, view: View, iterations: int) -> int:
        """The iterations a search with a budget of `iterations` spends at this decision: a playout that costs
        several times another's may ask for fewer, so that one iteration budget keeps a decision's time in bounds
        (seeded games still replay: the count depends on the view only)."""
        return iterations

    def min_anchor(self, view: View) -> float:
        """The least `anchor` an anchored search uses at this decision (infinity: keep the default move, unsearched)."""
        return 0.0

    def final(self, state: State) -> list[float]:
        """The rewards of a finished game (with this playout's score margin)."""
        return rewards_of(state, self.margin)

    def step(self, world: State, action: Action) -> list[float] | None:
        """`world.step(action)` for the tree search's walk down its nodes (the search reads no events). Rewards
        instead of None: the action reached the playout's horizon (e.g. the end of the round its playouts score), and
        the walk stops there with these rewards, those `play` would give (`world` may be left as it was)."""
        world.step(action)
        return None

    def play(self, world: State, action: Action, rng: Rng, keep: bool) -> list[float]:
        """The rewards of `action` played in `world` and the playout after it (the flat search's step): `world` is
        left as it was when `keep` (a copy plays), else it may be used up."""
        trial = world.clone() if keep else world
        trial.step(action)
        return self.final(trial) if trial.is_over else self.run(trial, rng)

    def play_each(self, world: State, actions: list[Action], rng: Rng) -> list[list[float]]:
        """`play` of each of `actions` in `world` (the flat search's sample): every playout starts from `rng`'s state
        (common random numbers), the last action's on the world and `rng` themselves, which it may use up, the others'
        on copies. A game's playout may share what every action's playout reads of the world before the move."""
        last = len(actions) - 1
        return [self.play(world, a, rng.clone() if k < last else rng, k < last) for k, a in enumerate(actions)]

    def run(self, world: State, rng: Rng) -> list[float]:
        while not world.is_over:
            legal = world.legal_actions()
            world.step(legal[rng.randbelow(len(legal))])
        return self.final(world)


PlayoutFactory = Callable[[], Playout]
_PLAYOUTS = PerGame[Playout]("playout", "random", Playout, lambda spec: (spec.playouts, spec.default_playout))


def playout_names(game: str) -> list[str]:
    return _PLAYOUTS.names(game)


def playout_for(game: str, name: str = "auto") -> Playout:
    return _PLAYOUTS.make(game, name)
