"""Awards on withdrawal (O-6, O-7) and end scoring (O-8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from podium.core.contract import Result
from podium.games.olympicards.termination import OlympicardsTermination

GOLD, SILVER, BRONZE = 0, 1, 2
NO_MEDAL = -1
MEDAL_NAMES = ("gold", "silver", "bronze")
MEDAL_POINTS = (4, 2, 1)
_GOLD, _SILVER, _BRONZE = MEDAL_POINTS
WORLD_RECORD_POINTS = 2


class Award(NamedTuple):
    cards: int
    medal: int  # GOLD / SILVER / BRONZE / NO_MEDAL
    start_card: bool


def _row(*entries: tuple[int, int, bool]) -> tuple[Award, ...]:
    return tuple(Award(*e) for e in entries)


# O-6: entry i is the award of the (i+1)-th player to withdraw. Rows 6 and 7 follow the pattern (Decision in O-6).
AWARDS: dict[int, tuple[Award, ...]] = {
    3: _row((3, BRONZE, True), (1, SILVER, False), (0, GOLD, False)),
    4: _row((3, NO_MEDAL, True), (2, BRONZE, False), (1, SILVER, False), (0, GOLD, False)),
    5: _row((3, NO_MEDAL, True), (2, NO_MEDAL, False), (1, BRONZE, False), (0, SILVER, False), (0, GOLD, False)),
    6: _row(
        (3, NO_MEDAL, True),
        (2, NO_MEDAL, False),
        (1, NO_MEDAL, False),
        (0, BRONZE, False),
        (0, SILVER, False),
        (0, GOLD, False),
    ),
    7: _row(
        (3, NO_MEDAL, True),
        (2, NO_MEDAL, False),
        (1, NO_MEDAL, False),
        (0, NO_MEDAL, False),
        (0, BRONZE, False),
        (0, SILVER, False),
        (0, GOLD, False),
    ),
}

# O-7: the i-th withdrawal of a two-player sport: the withdrawer's cards, and the medal of the *other* player.
TWO_PLAYER_AWARDS: tuple[Award, ...] = _row((1, BRONZE, True), (2, SILVER, False), (3, GOLD, False))
TWO_PLAYER_WITHDRAWALS = 3


def award(num_players: int, index: int) -> Award:
    """O-6, O-7: what the (index+1)-th player to withdraw from a sport gets (with two players the medal is the other
    player's: `medallist`)."""
    return TWO_PLAYER_AWARDS[index] if num_players == 2 else AWARDS[num_players][index]


def medallist(num_players: int, withdrawer: int) -> int:
    """O-6, O-7: who takes the medal of `withdrawer`'s award: the withdrawer, or with two players the other player."""
    return 1 - withdrawer if num_players == 2 else withdrawer


def withdrawals_per_sport(num_players: int) -> int:
    """O-6, O-7: the withdrawal that ends a sport: every player's, or with two players the third."""
    return TWO_PLAYER_WITHDRAWALS if num_players == 2 else num_players


def points(medals: Sequence[int], world_records: int) -> int:
    """O-8: gold 4, silver 2, bronze 1, and 2 per sport card kept for a world record."""
    gold, silver, bronze = medals
    return gold * _GOLD + silver * _SILVER + bronze * _BRONZE + WORLD_RECORD_POINTS * world_records


def award_text(award: Award, *, two_player: bool = False) -> str:
    if two_player:
        return f"{award.cards} card{'s' if award.cards != 1 else ''}; the other player takes {MEDAL_NAMES[award.medal]}"
    parts = []
    if award.cards:
        parts.append(f"{award.cards} card{'s' if award.cards != 1 else ''}")
    if award.medal != NO_MEDAL:
        parts.append(MEDAL_NAMES[award.medal])
    if award.start_card:
        parts.append("start card")
    return ", ".join(parts) or "nothing"


def sport_medals(num_players: int, withdrawals: Sequence[int]) -> dict[str, int]:
    """Medal name -> seat, for a sport whose players withdrew in the order `withdrawals` (O-6, O-7)."""
    out: dict[str, int] = {}
    for index, seat in enumerate(withdrawals):
        medal = award(num_players, index).medal
        if medal != NO_MEDAL:
            out[MEDAL_NAMES[medal]] = medallist(num_players, seat)
    return out


def final_result(
    medals: Sequence[Sequence[int]],
    records: Sequence[Sequence[int]],
    hand_sizes: Sequence[int],
    sport_rounds: Sequence[int],
    postponed: int,
) -> Result:
    """O-8: the most points wins; a tie goes to the most cards in hand, then the win is shared. `medals` (gold,
    silver, bronze), `records` (sport cards kept) and `hand_sizes` are per seat; `sport_rounds` has the rounds of
    every sport played and `postponed` counts the postponed sport cards (both for the statistics)."""
    n = len(medals)
    scores = [points(medals[p], len(records[p])) for p in range(n)]
    keys = [(-scores[p], -hand_sizes[p]) for p in range(n)]
    best = max(scores)
    top = [p for p in range(n) if scores[p] == best]
    if len(top) == 1:
        decided = "points"
    elif (
        len({hand_sizes[p] for p in top}) > 1
        and sum(1 for p in top if hand_sizes[p] == max(hand_sizes[q] for q in top)) == 1
    ):
        decided = "cards_in_hand"
    else:
        decided = "shared"
    details: dict[str, Any] = {
        "sports_played": len(sport_rounds),
        "world_records": sum(len(r) for r in records),
        "mean_sport_rounds": sum(sport_rounds) / len(sport_rounds) if sport_rounds else 0.0,
        "postponed": postponed,
        "decided_by": decided,
    }
    for p in range(n):
        for medal, name in enumerate(MEDAL_NAMES):
            details[f"{name}_{p}"] = medals[p][medal]
    return Result.from_keys(scores, keys, OlympicardsTermination.NINE_SPORTS, details=details)
