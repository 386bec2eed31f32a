"""Build specific Athletic Games positions for rule tests (through `from_dict`, so only valid states are made)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from podium.core.contract import Event
from podium.core.rng import Rng
from podium.games.athletic import GAME, AthleticState
from podium.games.athletic.cards import ALL_CARDS, TEXT, can_place, card, parse_card, parse_cards


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


@st.composite
def chain_positions(
    draw: st.DrawFn,
    low_max: int = 7,
    span_max: int = 4,
    hand_max: int = 5,
    heights: Sequence[int] = (0, 1, 2, 3, 4),
) -> tuple[list[int], list[list[int]]]:
    """Positions that stress the move search and the bound: piles built as chains of mutually placeable cards
    (as the solver bots leave them), same-value tops, empty slots, and hands that continue the chains (so moves
    and fills matter). The lowest value is at most `low_max`, the highest `span_max` above it, the hand at most
    `hand_max` cards, each pile's height drawn from `heights`."""
    sports = draw(st.integers(2, 4))
    low = draw(st.integers(1, low_max))
    high = draw(st.integers(low + 2, min(10, low + span_max)))
    deck = draw(st.permutations([card(v, s) for s in range(sports) for v in range(low, high + 1)]))
    size = draw(st.integers(1, min(hand_max, len(deck) - 3)))
    hand, rest = list(deck[:size]), list(deck[size:])
    piles: list[list[int]] = []
    for _ in range(5):
        pile: list[int] = []
        height = draw(st.sampled_from(heights))
        while rest and len(pile) < height:
            fitting = [c for c in rest if not pile or can_place(c, pile[-1])]
            if not fitting:
                break
            c = draw(st.sampled_from(fitting))
            rest.remove(c)
            pile.append(c)
        piles.append(pile)
    return hand, piles
