"""FROZEN BASELINE (issue 13, targets 2-4): a copy of the module of before the speed work, for bench/speed.py. Do
not edit.

What each player may know of an Olympicards game: the view as a `TypedDict` (still plain JSON), and how a state
builds it.

The view's keys are documented once, here, for every reader (the heuristic, the terminal renderer; the web renderer
and docs/protocol.md read the same JSON). The builders read the state's storage: they are part of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from podium.games.olympicards.cards import NO_CARD, TEXT
from podium.games.olympicards.phase import OlympicardsPhase, PhaseName
from podium.games.olympicards.scoring import MEDAL_NAMES, NO_MEDAL, award_text
from podium.games.olympicards.sports import SportJson

if TYPE_CHECKING:
    from podium.core.contract import View
    from podium.games.olympicards.state import OlympicardsState


class SportView(SportJson):
    """The sport being played (or decided on): the sport card's fields and its place in the sport set."""

    index: int


class LastPlayView(TypedDict):
    player: int
    cards: list[str]


class AwardView(TypedDict):
    """What the next player to withdraw gets (O-6, O-7)."""

    cards: int
    medal: str | None
    start_card: bool
    medal_to: Literal["other", "withdrawer"]  # with two players the medal goes to the other player
    text: str


class MedalsView(TypedDict):
    gold: int
    silver: int
    bronze: int


class OlympicardsView(TypedDict):
    """An Olympicards view. Cards are written as text (`7r`), sports by name; seats are 0-based."""

    game: Literal["olympicards"]
    config: dict[str, Any]
    num_players: int
    player: int | None  # the viewer's seat; None for a spectator
    current_player: int | None
    is_over: bool
    phase: PhaseName
    sport_number: int  # 1..9 while a sport is on; the number of sports played once over
    sport: SportView | None  # None once over
    round: int  # the current sport's round, from 1
    round_order: list[int]  # the seats of this round, in order
    turn: int  # index into round_order of the player to move
    target: str | None  # the round's target card in a flip sport
    start_player: int  # the holder of the start player card
    sport_pile: list[str | None]  # top first; postponed (face-up) cards by name, face-down ones None
    sports_done: list[str]
    sport_rounds: list[int]  # rounds each finished sport took
    postponed: int  # sport cards postponed so far
    hand: list[str] | None  # the viewer's cards; None for a spectator
    hand_sizes: list[int]
    plays: list[list[list[str]]]  # per seat, the plays made in this sport
    last_play: list[list[str] | None]  # per seat, their last play in this sport
    last_any: LastPlayView | None  # the last play anyone made in this sport
    withdrawn: list[bool]  # per seat, out of this sport (never with two players, O-7)
    withdrawals: list[int]  # the seats that withdrew from this sport, in order
    next_award: AwardView | None  # None outside the play phase
    medals: list[MedalsView]
    world_records: list[list[str]]  # per seat, the sport cards kept for world records (O-8)
    points: list[int]
    discard: list[str]  # face up, oldest first
    draw_size: int
    hands: list[list[str]] | None  # every hand: once the game is over (they break ties, O-8), and in full_view
    draw: NotRequired[list[str]]  # full_view only: the draw pile, top first
    sport_pile_all: NotRequired[list[str]]  # full_view only: the whole sport pile, top first


def typed_view(view: View) -> OlympicardsView:
    """An Olympicards view received as a plain `View` (what the contract passes to bots and renderers), typed."""
    return cast(OlympicardsView, view)


def player_view(state: OlympicardsState, player: int | None) -> OlympicardsView:
    n = state.num_players
    sports = state._set.sports
    over = state._phase is OlympicardsPhase.OVER
    award = state.next_award()
    last = state._last
    view: OlympicardsView = {
        "game": "olympicards",
        "config": state._config.to_dict(),
        "num_players": n,
        "player": player,
        "current_player": state.current_player,
        "is_over": over,
        "phase": state._phase.label,
        "sport_number": len(state._done) + (0 if over else 1),
        "sport": SportView(**sports[state._sport].to_json(), index=state._sport) if state._sport >= 0 else None,
        "round": state._round,
        "round_order": list(state._order),
        "turn": state._pos,
        "target": TEXT[state._target] if state._target != NO_CARD else None,
        "start_player": state._start,
        "sport_pile": [sports[s].name if up else None for s, up in zip(state._pile, state._pile_up, strict=True)],
        "sports_done": [sports[s].name for s in state._done],
        "sport_rounds": list(state._sport_rounds),
        "postponed": state._postponed,
        "hand": [TEXT[k] for k in state.hand(player)] if player is not None else None,
        "hand_sizes": list(state._sizes),
        "plays": [[[TEXT[k] for k in play] for play in plays] for plays in state._plays],
        "last_play": [[TEXT[k] for k in plays[-1]] if plays else None for plays in state._plays],
        "last_any": ({"player": state._last_player, "cards": [TEXT[k] for k in last]} if last is not None else None),
        "withdrawn": list(state._out),
        "withdrawals": list(state._withdrawals),
        "next_award": (
            {
                "cards": award.cards,
                "medal": MEDAL_NAMES[award.medal] if award.medal != NO_MEDAL else None,
                "start_card": award.start_card,
                "medal_to": "other" if n == 2 else "withdrawer",
                "text": award_text(award, two_player=n == 2),
            }
            if award is not None
            else None
        ),
        "medals": [{"gold": gold, "silver": silver, "bronze": bronze} for gold, silver, bronze in state._medals],
        "world_records": [[sports[s].name for s in r] for r in state._records],
        "points": [state.points(p) for p in range(n)],
        "discard": [TEXT[k] for k in state._discard],
        "draw_size": len(state._draw),
        "hands": _hands(state) if over else None,  # shown at the end: they break ties (O-8)
    }
    return view


def full_view(state: OlympicardsState) -> OlympicardsView:
    """The spectator's view with every card shown: all hands, the draw pile (top first) and the sport pile."""
    view = player_view(state, None)
    sports = state._set.sports
    view["hands"] = _hands(state)
    view["draw"] = [TEXT[k] for k in reversed(state._draw)]
    view["sport_pile_all"] = [sports[s].name for s in state._pile]
    return view


def _hands(state: OlympicardsState) -> list[list[str]]:
    return [[TEXT[k] for k in state.hand(p)] for p in range(state.num_players)]
