"""Build specific Golf positions for rule tests (through `to_dict`/`from_dict`, so only valid states are made)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.contract import Action
from podium.core.rng import Rng
from podium.games.golf import GAME, GolfState
from podium.games.golf.cards import CARD_TEXT, parse_card
from podium.testing.views import plain


def cards(*texts: str) -> list[int]:
    return [parse_card(t) for t in texts]


def position(
    hands: Sequence[Sequence[str]],
    *,
    stock_top: Sequence[str] = (),
    stock_size: int | None = None,
    discard: Sequence[str] = ("Kc",),
    known: Sequence[Sequence[int]] | None = None,
    phase: str = "start",
    current: int = 0,
    round: int = 1,
    closer: int | None = None,
    final_left: int = 0,
    drawn: str | None = None,
    taken: bool = False,
    totals: Sequence[int] | None = None,
    round_turns: int | None = None,
    seed: int = 0,
    **options: Any,
) -> GolfState:
    """A state with the given hands (card texts per seat), top of stock (`stock_top[0]` is drawn first) and
    discard pile (last = top). Every other card fills the stock below `stock_top`; with `stock_size` the stock is
    cut to that many cards and the rest goes to the bottom of the discard pile. `known` defaults to all unseen
    (0), except that six-card positions in phase start have nothing face up either unless given. `round_turns`
    (turns begun in the round, G-5.3) defaults to 1 during a turn (phases drawn, knock, flip), else 0."""
    config = GAME.config(options)
    n = len(hands)
    base = GAME.new_game(config, n, seed).to_dict()
    flat = [c for hand in hands for c in cards(*hand)]
    top = cards(*stock_top)
    pile = cards(*discard)
    in_hand = cards(drawn) if drawn else []
    used = set(flat) | set(top) | set(pile) | set(in_hand)
    assert len(used) == len(flat) + len(top) + len(pile) + len(in_hand), "a card is used twice"
    rest = [c for c in range(52) if c not in used]
    stock = rest + top[::-1]
    if stock_size is not None:
        cut = len(stock) - stock_size
        assert cut >= 0
        pile = stock[:cut] + pile
        stock = stock[cut:]
    if round_turns is None:
        round_turns = 1 if phase in ("drawn", "knock", "flip") else 0
    data = dict(base)
    data.update(
        turns=round_turns,
        round_turns=round_turns,
        hands=flat,
        known=[k for row in known for k in row] if known is not None else [0] * len(flat),
        stock=stock,
        discard=pile,
        phase=phase,
        current_player=current if phase != "over" else None,
        round=round,
        first_player=(round - 1) % n,
        closer=closer,
        final_left=final_left,
        drawn=in_hand[0] if in_hand else None,
        taken=taken,
        totals=list(totals) if totals is not None else [0] * n,
    )
    return GolfState.from_dict(data)


def play(state: GolfState, *texts: str) -> list[Any]:
    """Apply actions written as text; returns all events."""
    events: list[Any] = []
    for text in texts:
        events += state.apply(GAME.parse_action(text))
    return events


def texts(actions: Sequence[Action]) -> list[str]:
    return [a.text() for a in actions]


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]


def hand_texts(state: GolfState, seat: int) -> list[str]:
    slots = state.config.slots
    return [CARD_TEXT[c] for c in state.to_dict()["hands"][seat * slots : seat * slots + slots]]


def random_playout(state: GolfState, seed: int, max_plies: int = 100_000) -> int:
    rng = Rng(seed)
    plies = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        plies += 1
        assert plies < max_plies
    return plies


def viewed(state: GolfState, viewer: int | None) -> Any:
    """`state.view(viewer)`, plain."""
    return plain(state.view(viewer))
