"""The server's hint for every game: `podium.analysis.hint` run on the asking seat's view alone (issue 29).

The hint worker (server/hints.py) calls `hint_json` in its own process with nothing but the game's name and the
view the seat is shown (`shown_view`: playing from memory, without the cards the player must remember), so the hint
cannot read a card the seat does not know, nor lean on one the player is not shown: it searches from one world dealt
from that view (`Game.determinize`), and a world differs from the real table only in what the seat cannot see, which
`hard`'s search never reads (it deals its own worlds from the same view). The same view gives the same hint.
"""

from __future__ import annotations

from podium.analysis import hint
from podium.core.contract import JsonDict, View
from podium.core.errors import PodiumError
from podium.core.registry import get_game
from podium.core.rng import Rng

TOP = 3  # the best few choices shown beside hard's


def hint_json(game_name: str, view: View) -> JsonDict:
    """The hint as the web protocol sends it: `choices`, the best few, best first, each {steps, actions, share,
    samples, chosen} (`actions`: every step as JSON, a whole turn where hard weighs whole turns; `share`: hard's
    estimate of the seat's win share, None where not estimated); `steps` and `actions`: hard's choice."""
    game = get_game(game_name)
    seat = view.get("player")
    if not isinstance(seat, int) or view.get("current_player") != seat:
        raise PodiumError("a hint is for the seat to move, from its own view")
    world = game.determinize(view, Rng(0))
    config = world.config
    choices = []
    for choice in hint(world, seat, top=TOP):
        steps = list(choice.steps)
        actions = [choice.action.to_json(), *(game.parse_action(s, config).to_json() for s in steps[1:])]
        weight = {"share": choice.share, "samples": choice.samples, "chosen": choice.chosen}
        choices.append({"steps": steps, "actions": actions, **weight})
    chosen = next(c for c in choices if c["chosen"])
    return {"choices": choices, "steps": chosen["steps"], "actions": chosen["actions"]}
