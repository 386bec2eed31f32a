"""What each player may know of an Olympicards game: the view as a `TypedDict` (still plain JSON), and how a state
builds it.

The view's keys are documented once, here, for every reader (the heuristic, the terminal renderer; the web renderer
and docs/protocol.md read the same JSON). The builders read the state's storage: they are part of the engine.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from podium.games.olympicards.cards import NO_CARD, TEXT
from podium.games.olympicards.phase import OlympicardsPhase, PhaseName
from podium.games.olympicards.scoring import MEDAL_NAMES, MEDAL_POINTS, NO_MEDAL, WORLD_RECORD_POINTS, award_text
from podium.games.olympicards.sports import SportJson

if TYPE_CHECKING:
    from podium.core.contract import View
    from podium.games.olympicards.config import Config
    from podium.games.olympicards.sports import Sport
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
    names = _sport_names(sports)
    over = state._phase is OlympicardsPhase.OVER
    award = state.next_award()
    last = state._last
    view: OlympicardsView = {
        "game": "olympicards",
        "config": _config_json(state._config),
        "num_players": n,
        "player": player,
        "current_player": state.current_player,
        "is_over": over,
        "phase": state._phase.label,
        "sport_number": len(state._done) + (0 if over else 1),
        "sport": _sport_view(sports[state._sport], state._sport) if state._sport >= 0 else None,
        "round": state._round,
        "round_order": list(state._order),
        "turn": state._pos,
        "target": TEXT[state._target] if state._target != NO_CARD else None,
        "start_player": state._start,
        "sport_pile": [names[s] if up else None for s, up in zip(state._pile, state._pile_up, strict=True)],
        "sports_done": list(map(names.__getitem__, state._done)),
        "sport_rounds": list(state._sport_rounds),
        "postponed": state._postponed,
        "hand": _hand_texts(state._hands[player]) if player is not None else None,
        "hand_sizes": list(state._sizes),
        # every play a fresh list of its texts, made from a tuple written once per play
        "plays": [[list(_play_texts(play)) for play in plays] for plays in state._plays],
        "last_play": [list(_play_texts(plays[-1])) if plays else None for plays in state._plays],
        "last_any": ({"player": state._last_player, "cards": list(_play_texts(last))} if last is not None else None),
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
        "world_records": [list(map(names.__getitem__, r)) for r in state._records],
        "points": [  # O-8, as `scoring.points` counts them
            gold * _GOLD + silver * _SILVER + bronze * _BRONZE + _RECORD * len(records)
            for (gold, silver, bronze), records in zip(state._medals, state._records, strict=True)
        ],
        "discard": list(map(_TEXT_OF, state._discard)),
        "draw_size": len(state._draw),
        "hands": _hands(state) if over else None,  # shown at the end: they break ties (O-8)
    }
    return view


# A config and a sport are immutable, and their JSON holds only scalars: each is written once (found by identity,
# checked with `is`) and every view gets a shallow copy. A view is built for every decision of a bot that reads it.
_GOLD, _SILVER, _BRONZE = MEDAL_POINTS
_RECORD = WORLD_RECORD_POINTS
_CONFIGS: dict[int, tuple[Config, dict[str, Any]]] = {}
_SPORTS: dict[int, tuple[Sport, SportJson]] = {}


_TEXT_OF = TEXT.__getitem__
_KINDS = range(len(TEXT))


def _hand_texts(counts: list[int]) -> list[str]:
    """A hand's cards as text, sorted by kind (as `OlympicardsTable.hand` lists them)."""
    out = list(map(_TEXT_OF, compress(_KINDS, counts)))
    if len(out) == sum(counts):
        return out
    return [TEXT[k] for k, count in enumerate(counts) for _ in range(count)]  # a kind held twice


class _PlayTexts(dict[tuple[int, ...], tuple[str, ...]]):
    """A play's cards as text, written the first time the play is seen (`_play_texts(play)`)."""

    def __missing__(self, play: tuple[int, ...]) -> tuple[str, ...]:
        if len(self) >= 4096:
            self.clear()
        texts = self[play] = tuple(map(_TEXT_OF, play))
        return texts


_play_texts = _PlayTexts().__getitem__


def _config_json(config: Config) -> dict[str, Any]:
    found = _CONFIGS.get(id(config))
    if found is None or found[0] is not config:
        if len(_CONFIGS) >= 64:
            _CONFIGS.clear()
        found = _CONFIGS[id(config)] = (config, config.to_dict())
    return dict(found[1])


_NAMES: dict[int, tuple[tuple[Sport, ...], tuple[str, ...]]] = {}


def _sport_names(sports: tuple[Sport, ...]) -> tuple[str, ...]:
    """The sports' names, in the set's order (written once per set)."""
    found = _NAMES.get(id(sports))
    if found is None or found[0] is not sports:
        if len(_NAMES) >= 64:
            _NAMES.clear()
        found = _NAMES[id(sports)] = (sports, tuple(sport.name for sport in sports))
    return found[1]


def _sport_view(sport: Sport, index: int) -> SportView:
    found = _SPORTS.get(id(sport))
    if found is None or found[0] is not sport:
        if len(_SPORTS) >= 256:
            _SPORTS.clear()
        found = _SPORTS[id(sport)] = (sport, sport.to_json())
    return cast(SportView, {**found[1], "index": index})


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
