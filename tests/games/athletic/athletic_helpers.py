"""Build specific Athletic Games positions for rule tests (through `from_dict`, so only valid states are made)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.contract import Event
from podium.core.rng import Rng
from podium.games.athletic import GAME, AthleticState
from podium.games.athletic.cards import ALL_CARDS, TEXT, parse_card, parse_cards


def cards(text: str) -> list[int]:
    return parse_cards(text)


def position(
    hand: str,
    piles: Sequence[str],
    *,
    others: Sequence[str] | None = None,
    draw: str | None = None,
    num_players: int = 2,
    current: int = 0,
    medals: Sequence[int] | None = None,
    turn: int = 1,
    seed: int = 1,
    **options: Any,
) -> AthleticState:
    """Seat `current` holds `hand`; piles are given bottom to top ("" = empty slot). Opponents hold `others`
    (default: empty hands except that the leftovers go to the draw pile); `draw` lists the draw pile top first;
    cards given nowhere go to the last seat's hand when `draw` is given, else to the bottom of the draw pile."""
    hands = [[] for _ in range(num_players)]
    hands[current] = [TEXT[c] for c in cards(hand)]
    opponents = [s for s in range(num_players) if s != current]
    for seat, text in zip(opponents, others or (), strict=False):
        hands[seat] = [TEXT[c] for c in cards(text)]
    pile_lists = [[TEXT[c] for c in cards(p)] for p in piles]
    draw_top_first = [TEXT[c] for c in cards(draw)] if draw is not None else []
    used = {parse_card(t) for h in hands for t in h} | {parse_card(t) for p in pile_lists for t in p}
    used |= {parse_card(t) for t in draw_top_first}
    rest = [TEXT[c] for c in ALL_CARDS if c not in used]
    if draw is None:
        draw_list = rest + draw_top_first[::-1]
    else:
        draw_list = draw_top_first[::-1]
        hands[opponents[-1]] += rest
    data = GAME.new_game(GAME.config(options), num_players, seed).to_dict()
    data.update(
        hands=hands, piles=pile_lists, draw=draw_list, current=current, turn=turn,
        medals=list(medals or [0] * num_players), first_player=0, rng=Rng(seed).get_state(),
    )  # fmt: skip
    return AthleticState.from_dict(data)


def play(state: AthleticState, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(GAME.parse_action(text))
    return events


def texts(actions: Sequence[Any]) -> list[str]:
    return [a.text() for a in actions]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def pile_texts(state: AthleticState) -> list[str]:
    return [" ".join(TEXT[c] for c in p) for p in state.piles]
