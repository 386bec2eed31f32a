"""`hint(state, seat)`: the choices of the seat to move as `hard` (or another bot) sees them."""

from __future__ import annotations

from dataclasses import dataclass

from podium.agents.base import make_agent
from podium.agents.ismcts import ISMCTS
from podium.core.contract import Action, JsonDict, State
from podium.core.errors import ActionError, PodiumError


@dataclass(frozen=True)
class Choice:
    """One way to play now: `steps`, the actions as the player types them (one, or a whole turn where the bot searches
    whole turns); `action`, the first of them, legal now; `share`, the bot's estimate of the seat's win share after
    it (0 … 1; None: not estimated, e.g. a bot that does not search, or an only move); `samples`, the playouts behind
    it; `chosen`, what the bot plays."""

    action: Action
    steps: tuple[str, ...]
    share: float | None
    samples: int
    chosen: bool

    @property
    def text(self) -> str:
        return ", ".join(self.steps)

    def to_json(self) -> JsonDict:
        """The choice as a server would send it: the action's JSON (as a legal entry carries it) and the rest."""
        return {
            "action": self.action.to_json(),
            "steps": list(self.steps),
            "share": self.share,
            "samples": self.samples,
            "chosen": self.chosen,
        }


def hint(state: State, seat: int, *, bot: str = "hard", seed: int = 0, top: int = 3) -> list[Choice]:
    """The seat's best `top` choices by the bot's estimate, best first, always including the one the bot plays.

    `seat` must be the seat to move. Only what a person in that seat is shown (`shown_view`) and the legal actions
    are read; the same state, seat and seed give the same hint."""
    if state.current_player != seat:
        raise PodiumError(f"a hint is for the seat to move; it is not seat {seat}'s turn")
    # Advice is for a person: where a rule option asks players to remember what they saw (play from memory), the
    # bot searches from what the player is shown now, not from the cards a bot in that seat would remember.
    view, legal = state.shown_view(seat), state.legal_actions()
    agent = make_agent(bot, state.game, seat, seed)
    played = agent.act(view, legal)
    estimates = agent.action_values() if isinstance(agent, ISMCTS) else []
    # a search over whole turns estimates turns, their steps joined by commas
    turns = isinstance(agent, ISMCTS) and agent.macro is not None
    choices: list[Choice] = []
    marked = False
    for text, samples, share in sorted(estimates, key=lambda e: -e[2]):
        steps = tuple(text.split(", ")) if turns else (text,)
        first = _legal(state, steps[0], legal)
        if first is None:
            continue
        chosen = not marked and first == played
        marked = marked or chosen
        choices.append(Choice(first, steps, share, samples, chosen))
    if not marked:
        # Nothing to compare (an only candidate turn, or no search): hard's choice alone, its whole turn where it
        # weighs turns, so that a hint followed step by step still shows the turn's end.
        whole = agent.last_turn if turns and isinstance(agent, ISMCTS) and agent.last_turn else [played]
        choices.insert(0, Choice(played, tuple(a.text() for a in whole), None, 0, True))
    best = choices[: max(1, top)]
    return best if any(c.chosen for c in best) else [*best[:-1], next(c for c in choices if c.chosen)]


def weighs_turns(state: State, bot: str = "hard") -> bool:
    """Whether the bot weighs whole turns in this game (a turn of many steps is then one decision)."""
    agent = make_agent(bot, state.game, 0, 0)
    return isinstance(agent, ISMCTS) and agent.macro is not None


def _legal(state: State, text: str, legal: list[Action]) -> Action | None:
    try:
        action = state.game.parse_action(text, state.config)
    except ActionError:
        return None
    return action if action in legal else None
