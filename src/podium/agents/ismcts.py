"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012) for any game
of the contract.

One tree per decision, rooted at the searching player's information set. Each iteration:
1. **Determinize**: sample a full state consistent with the bot's view, `playout.sampler(game, view)(rng)` (by
   default `game.determinizer(view)`, which reads the view once per decision and deals as `game.determinize(view,
   rng)`). This is the only way the search touches hidden information, so it never knows more than its seat (the
   real state is never passed to an agent at all).
2. **Select** down the tree with UCB1 over the actions *legal in this sampled world*; a child's "availability" (how
   often it was legal when its parent was visited) replaces the parent's visit count in the exploration term, so that
   actions legal only in some worlds are not over-explored.
3. **Expand** one untried legal action.
4. **Roll out** with a fast default policy: uniformly random, or a cheap per-game policy with an optional cut-off that
   scores the position early (`podium.agents.playouts`; e.g. Golf stops at the end of the round and estimates each
   seat's chance of winning from the running totals and the rounds left).
5. **Back up** a reward per player in [0, 1]; each node accumulates the reward of the player who chose the action
   leading to it, so every player maximises their own reward (n-player, not zero-sum).

The reward of a finished game: 1 for a sole winner, 0 for a sole loser, in general the share of the other players a
seat beats (ties count half), from `Result.ranking`.

Budget: `iterations` and/or `seconds` per decision (`Budget`); the decision is the root child visited most.
Nodes are small slotted objects; children are found by action id in a dict (legal sets differ between worlds, so
a list indexed by position would not do), statistics are plain attributes.

Macro actions (`macro`, `podium.agents.macros`). When a game's turn is a puzzle of many steps that an exact solver
does better than any tree (Athletic Games), the search is over *whole turns*: at the first decision of a turn the
game's `MacroSet` lists a few candidate turns (each legal in every world consistent with the view), and each is
judged with paired flat sampling: every sampled world plays every surviving candidate, then the macro set's rollout
(the other players' replies and the searcher's next turns, scored by an evaluation), all from the same generator
state, so that the candidates are compared on the same hidden cards and the same draws — the differences between
good turns are small next to the luck of a deal, and pairing removes that luck from the comparison. Successive
halving spends the budget where it decides something: after each round the worse half is dropped and the rest get
more worlds; the game's default turn (the first candidate) is never dropped, so a deviation from it must beat it on
the largest sample. No tree below the root: the opponents' turns inside a rollout are played by the macro set's
fast policy. The bot then plays the chosen turn step by step and searches again only if the position is not the one
its plan expects. `macro=auto` (default) uses the game's macro set if it has one, `macro=step` the tree over single
steps; `c`, `depth` and `playout` apply to the step search only. An iteration is one rollout (one candidate in one
world).
"""

from __future__ import annotations

import json
import math
import time
from operator import attrgetter
from typing import Any

from podium.agents.base import Agent, BotOption, Budget, register_agent
from podium.agents.macros import MacroSet, macros_for
from podium.agents.playouts import Playout, playout_for, rewards_of
from podium.core.contract import Action, Game, State, View
from podium.core.rng import Rng


class Node:
    __slots__ = ("action", "avail", "children", "mover", "reward", "visits")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover  # the player who chose `action` (whose reward this node accumulates)
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class ISMCTS(Agent):
    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        playout: str = "auto",
        depth: int = 0,
        macro: str = "auto",
        anchor: float = -1.0,
    ) -> None:
        super().__init__(game, seat, seed)
        if iterations is None and seconds is None:
            iterations = 1000
        self.budget = Budget(iterations, seconds)
        if not c >= 0:
            raise ValueError(f"c must be >= 0, not {c}")
        self.c = float(c)
        if depth < 0:
            raise ValueError(f"depth must be >= 0 (0 = unlimited), not {depth}")
        self.depth = depth if depth > 0 else 1 << 30
        self.playout: Playout = playout_for(game.name, playout)
        self.macro: MacroSet | None = macros_for(game.name, macro)
        # < 0: off. Else the flat search plays the game's default move (`Playout.default`), and the turn search the
        # first candidate turn, unless another beats it by more than `anchor` standard errors of their paired
        # difference.
        self.anchor = float(anchor)
        self._z = self.anchor  # this decision's anchor: at least the playout's `min_anchor`
        self._diff: dict[int, tuple[float, float]] = {}
        self.last_iterations = 0  # iterations of the last decision (for benchmarks)
        self.last_root: Node | None = None
        self.last_macros: list[tuple[str, int, float]] = []
        self.last_turn: list[Action] = []  # the whole turn the last macro decision chose (its first step played)
        self._plan: list[Action] = []  # the rest of the chosen turn (macro search)
        self._expect: list[str] = []  # the view each step of `_plan` expects to be played from

    def act(self, view: View, legal: list[Action]) -> Action:
        if self.macro is not None:
            return self._act_macro(self.macro, view, legal)
        offered = len(legal)
        if offered > 1:
            legal = self.playout.prune(view, legal)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.depth == 1:
            default = self.playout.default(view, legal) if self.anchor >= 0 else None
            self._z = max(self.anchor, self.playout.min_anchor(view)) if default is not None else self.anchor
            if default is not None and math.isinf(self._z) and default in legal:
                self.last_iterations = 0
                self.last_root = None
                return default
            root = self.last_root = self.flat(view, legal, default)
            # Every action has the same number of paired samples: the best mean reward wins.
            best_child = max(root.children.values(), key=lambda ch: ch.reward)
            assert best_child.action is not None
            if default is not None and best_child.action is not default and not self._beats_default(best_child):
                return default
            return best_child.action
        root = self.search(view, legal)
        self.last_root = root
        # The most visited action, ties broken by mean reward: with few iterations ties are common, and the lowest id
        # (e.g. Olympicards' withdraw) would win them whatever the playouts said (bench/ismcts_visit_ties.py).
        best: Action | None = None
        best_key = (-1, -math.inf)
        for action in legal:
            child = root.children.get(action.id)
            if child is not None and child.visits:
                key = (child.visits, child.reward / child.visits)
                if key > best_key:
                    best, best_key = action, key
        return best if best is not None else legal[self.rng.randbelow(len(legal))]

    def _act_macro(self, macro: MacroSet, view: View, legal: list[Action]) -> Action:
        key = _view_key(view)
        if self._plan and self._expect[0] == key and self._plan[0] in legal:
            self._expect.pop(0)
            self.last_iterations = 0
            return self._plan.pop(0)
        candidates = [turn for turn in macro.candidates(view) if turn and turn[0] in legal]
        if not candidates:
            self._plan, self._expect = [], []
            self.last_turn = [legal[self.rng.randbelow(len(legal))]]
            return self.last_turn[0]
        if len(candidates) == 1 or len(legal) == 1:
            self.last_iterations = 0
            self.last_macros = []
            chosen = candidates[0]
        else:
            chosen = candidates[self.macro_search(macro, view, candidates)]
        # The views the rest of the turn will be played from: the turn touches only the seat's own hand and the
        # public table, so any sampled world shows them.
        world = self.game.determinize(view, Rng(0))
        expect = []
        for action in chosen:
            expect.append(_view_key(world.view(self.seat)))
            world.step(action)
            if world.current_player != self.seat:
                break
        self.last_turn = list(chosen[: len(expect)])
        self._plan, self._expect = self.last_turn[1:], expect[1:]
        return chosen[0]

    def macro_search(self, macro: MacroSet, view: View, candidates: list[list[Action]]) -> int:
        """Paired flat sampling over candidate turns with successive halving: the budget is split into rounds; in
        each round every surviving candidate is played in the same new worlds, then the worse half is dropped (by
        mean reward over every world so far — the survivors share them all, so the comparison stays paired). The
        first candidate (the game's default turn) always survives, so that a deviation from it has to beat it on
        the largest sample. Returns the index of the best mean reward (the first on ties); with `anchor` >= 0, only if
        it beats the first candidate by more than `anchor` standard errors of their paired per-world difference (sums
        of each candidate's difference to the first and of its square, over the worlds both were played in), else 0."""
        game = self.game
        rng = self.rng
        seat = self.seat
        count = len(candidates)
        totals = [0.0] * count
        worlds = [0] * count
        diff = [0.0] * count  # each candidate's per-world reward minus the first candidate's, summed
        squares = [0.0] * count
        got = [0.0] * count
        alive = list(range(count))
        limit = self.budget.iterations if self.budget.iterations is not None else 1 << 62
        deadline = time.perf_counter() + self.budget.seconds if self.budget.seconds is not None else None
        rounds = max(1, math.ceil(math.log2(count)))
        sample = self.playout.sampler(game, view)
        done = 0
        for round_ in range(rounds):
            # This round's share of what is left, at least one world.
            share = max(len(alive), (limit - done) // (rounds - round_))
            round_done = 0
            while round_done < share and done < limit:
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                world = sample(rng)
                luck = Rng(rng.next_u64())  # each candidate's rollout starts from a copy of it
                for i in alive:
                    trial = world.clone()
                    for action in candidates[i]:
                        if trial.is_over:
                            break
                        trial.step(action)
                    rewards = macro.rollout(trial, seat, luck.clone()) if not trial.is_over else rewards_of(trial)
                    totals[i] += rewards[seat]
                    worlds[i] += 1
                    got[i] = rewards[seat]
                # The first candidate is never dropped, so it was played in this world too.
                base = got[0]
                for i in alive:
                    d = got[i] - base
                    diff[i] += d
                    squares[i] += d * d
                done += len(alive)
                round_done += len(alive)
            if len(alive) <= 2 or done >= limit or (deadline is not None and time.perf_counter() >= deadline):
                break
            ranked = sorted(alive[1:] if alive[0] == 0 else alive, key=lambda i: -totals[i] / worlds[i])
            keep = ranked[: max(1, len(alive) // 2 - (alive[0] == 0))]
            alive = sorted({0, *keep}) if alive[0] == 0 else sorted(keep)
        self.last_iterations = done
        self.last_macros = [
            (", ".join(a.text() for a in turn), worlds[i], totals[i] / worlds[i] if worlds[i] else 0.0)
            for i, turn in enumerate(candidates)
        ]
        best = alive[0]
        for i in alive[1:]:
            if totals[i] / worlds[i] > totals[best] / worlds[best] + 1e-9:
                best = i
        if self.anchor >= 0 and best != 0:
            n = worlds[best]
            mean = diff[best] / n
            variance = max(0.0, squares[best] / n - mean * mean)
            if not (mean > 0.0 and mean > self.anchor * math.sqrt(variance / n)):
                return 0
        return best

    def _beats_default(self, child: Node) -> bool:
        """Whether `child` beats the game's default move by more than `anchor` standard errors of their paired
        difference (the per-world differences summed in `_diff`)."""
        n = child.visits
        total, squares = self._diff.get(id(child), (0.0, 0.0))
        mean = total / n
        variance = max(0.0, squares / n - mean * mean)
        return mean > self._z * math.sqrt(variance / n) and mean > 0.0

    def flat(self, view: View, legal: list[Action], default: Action | None = None) -> Node:
        """Depth 1: flat Monte Carlo with paired samples. Each sampled world is played out once after every root
        action, each playout starting from the same generator state (common random numbers), so that the actions
        are compared on the same deals and the same later luck; an iteration is one playout. With a `default`
        move, the sums of each action's per-world reward difference to it (and of its square) are kept too. The
        playout plays every action in a world (`Playout.play_each`: the last on the sample itself, the others on
        clones of it; a sampler returns a new state each call)."""
        game = self.game
        rng = self.rng
        playout = self.playout
        playout.prepare(view)
        root = Node(None, self.seat)
        children = [(a, Node(a, self.seat)) for a in legal]
        for action, child in children:
            root.children[action.id] = child
        limit = self._limit(view)
        deadline = time.perf_counter() + self.budget.seconds if self.budget.seconds is not None else None
        done = 0
        seat = self.seat
        default_k = next((k for k, (a, _) in enumerate(children) if a is default), -1)
        anchored = default_k >= 0
        sample = playout.sampler(game, view)
        diff = [[0.0, 0.0] for _ in children]
        got = [0.0] * len(children)
        play_each = playout.play_each
        worlds = 0
        while done < limit:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            world = sample(rng)
            for k, rewards in enumerate(play_each(world, legal, Rng(rng.next_u64()))):
                children[k][1].reward += rewards[seat]
                got[k] = rewards[seat]
            if anchored:
                base = got[default_k]
                for k, pair in enumerate(diff):
                    d = got[k] - base
                    pair[0] += d
                    pair[1] += d * d
            done += len(children)
            worlds += 1
        for _, child in children:  # every action was played once in every world
            child.visits = child.avail = worlds
        self._diff = {id(child): (pair[0], pair[1]) for (_, child), pair in zip(children, diff, strict=True)}
        self.last_iterations = done
        return root

    def _limit(self, view: View) -> int:
        """The iterations of this step search: the budget's, as the playout scales it (`Playout.iterations`)."""
        if self.budget.iterations is None:
            return 1 << 62
        return max(1, self.playout.iterations(view, self.budget.iterations))

    def search(self, view: View, allowed: list[Action] | None = None) -> Node:
        """The tree of one decision; at the root only the actions in `allowed` (the legal actions, or the pruned
        ones) are searched, when given. The searcher's legal actions are the same in every world consistent with its
        view (the conformance suite checks it of `determinize`), so the root reuses `allowed` instead of asking each
        sampled world."""
        game = self.game
        rng = self.rng
        c = self.c
        sqrt = math.sqrt
        logs = _LOGS  # `math.log(avail)` by avail: the same floats without a call per child and step
        playout = self.playout
        playout.prepare(view)
        step = playout.step
        max_depth = self.depth
        sample = playout.sampler(game, view)
        root = Node(None, -1)
        limit = self._limit(view)
        deadline = time.perf_counter() + self.budget.seconds if self.budget.seconds is not None else None
        done = 0
        root_ids = list(map(_ID, allowed)) if allowed is not None else None
        while done < limit:
            if deadline is not None and (done & 7) == 0 and time.perf_counter() >= deadline:
                break
            done += 1
            if done >= len(logs):  # an avail is at most the iterations so far
                _grow_logs(done)
            world: State = sample(rng)
            node = root
            path: list[Node] = []  # the nodes below the root that this iteration visits
            depth = 0
            rewards: list[float] | None = None
            while not world.is_over and depth < max_depth:
                depth += 1
                if depth == 1 and allowed is not None and root_ids is not None:
                    legal, ids = allowed, root_ids
                else:
                    legal = world.legal_actions()
                    ids = list(map(_ID, legal))  # each id read once (`id` is a property)
                children = node.children
                found = list(map(children.get, ids))  # each legal action's child (None: untried)
                if None in found:
                    untried = [k for k, ch in enumerate(found) if ch is None]
                    k = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                    action = legal[k]
                    mover = world.current_player
                    child = Node(action, mover if mover is not None else -1)
                    children[ids[k]] = child
                    child.avail = 1
                    for seen in found:
                        if seen is not None:
                            seen.avail += 1
                    path.append(child)
                    rewards = playout.play(world, action, rng, False)  # the new node's move, then the playout
                    break
                best_child: Node | None = None
                best_score = -1.0
                tried: list[Node] = found  # type: ignore[assignment]  # no None: every action was tried
                for ch in tried:
                    visits = ch.visits
                    ch.avail = avail = ch.avail + 1
                    score = ch.reward / visits + c * sqrt(logs[avail] / visits)
                    if score > best_score:
                        best_child, best_score = ch, score
                assert best_child is not None and best_child.action is not None
                node = best_child
                path.append(best_child)
                rewards = step(world, best_child.action)
                if rewards is not None:  # the playout's horizon: nothing below this node is searched
                    break
            if rewards is None:
                rewards = playout.run(world, rng) if not world.is_over else playout.final(world)
            for n in path:
                n.visits += 1
                n.reward += rewards[n.mover]
        self.last_iterations = done
        return root

    def action_values(self) -> list[tuple[str, int, float]]:
        """(action text, visits, mean reward) of the last decision's root children, most visited first (with macro
        search: the candidate turns of the last search, steps joined by commas)."""
        if self.macro is not None:
            return sorted(self.last_macros, key=lambda t: -t[2])
        if self.last_root is None:
            return []
        out = [
            (child.action.text(), child.visits, child.reward / child.visits)
            for child in self.last_root.children.values()
            if child.action is not None and child.visits
        ]
        return sorted(out, key=lambda t: -t[1])


_ID = attrgetter("id")

# math.log(k) at index k (index 0 unused), grown as searches need
_LOGS: list[float] = [0.0]


def _grow_logs(at_least: int) -> None:
    """`_LOGS` through index `at_least` (doubling, so that a long search grows it a few times)."""
    size = len(_LOGS)
    _LOGS.extend(map(math.log, range(size, max(at_least + 1, 2 * size, 1024))))


def _view_key(view: View) -> str:
    return json.dumps(view, sort_keys=True)


def make_ismcts(game: Game, seat: int, seed: int = 0, **options: Any) -> ISMCTS:
    return ISMCTS(game, seat, seed, **options)


register_agent(
    "ismcts",
    make_ismcts,
    "information-set Monte Carlo tree search over sampled worlds (default 1000 iterations per decision)",
    options=[
        BotOption("iterations", int, "iterations per decision (default 1000 when no seconds are given)", minimum=1),
        BotOption(
            "seconds",
            float,
            "time per decision (with iterations: whichever comes first)",
            minimum=0,
            exclusive_minimum=True,
        ),
        BotOption("c", float, "UCB exploration constant (rewards are in [0, 1]; default 0.7)", minimum=0),
        BotOption(
            "depth", int, "tree depth limit in plies (0 = unlimited; 1 = flat Monte Carlo over the root's actions)", 0
        ),
        BotOption("playout", str, "default policy: auto (the game's fast policy), random, or the game's named one"),
        BotOption("macro", str, "search over: auto (whole turns where the game provides them, else steps), step, turn"),
        BotOption(
            "anchor",
            float,
            "depth=1 and whole turns: keep the game's default move (or turn) unless another beats it by this many"
            " standard errors (< 0: off)",
        ),
    ],
)
