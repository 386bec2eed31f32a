"""The judgement of an Olympicards race, shared by the heuristic bot and the `stamina` playout: how long a hand can
keep playing in a sport (its *stamina*), and whether the medal that stamina is likely to win is worth more than the
cards a withdrawal gives now.

Both callers ask the same question with different knowledge: the heuristic measures its rivals on hands it deals from
the cards it has not seen (several samples), the playout on the hands of the sampled world it plays (one sample).
Legality comes from `plays.legal_plays`, the awards from `scoring`: nothing here restates a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from podium.games.olympicards.cards import VALUE
from podium.games.olympicards.plays import Play, legal_plays
from podium.games.olympicards.scoring import AWARDS, MEDAL_POINTS, NO_MEDAL, TWO_PLAYER_AWARDS, Award
from podium.games.olympicards.sports import Sport

CARD_VALUE = 0.35  # a card in hand is roughly a third of a future play, about a third of a bronze
MAX_CHAIN = 12  # a bound on each chain's work: a hand of a few cards (6 dealt, 3 at most per award) rarely chains more


def play_cost(cards: Play) -> int:
    """The order of the cheapest play: lowest sum of values (high cards win the "higher than" sports later), then
    fewest cards (a big hand is stamina for later sports)."""
    return sum(VALUE[k] for k in cards) * 8 + len(cards)


class _Costs(dict[Play, int]):
    """`play_cost` of each play met so far: `min(plays, key=cheapest_key)` looks most of them up in C."""

    def __missing__(self, cards: Play) -> int:
        key = self[cards] = play_cost(cards)
        return key


cheapest_key = _Costs().__getitem__
"""`play_cost`, memoized (the same numbers): the key of `min` over the plays of a chain or a playout."""


def chain(
    sport: Sport,
    counts: Sequence[int],
    own: Sequence[Play],
    last: Play | None,
    target: int,
    next_target: Callable[[], int] | None = None,
) -> tuple[int, list[int]]:
    """How many plays the hand `counts` can chain in `sport` if its holder played alone, always its cheapest legal
    play (its stamina, at most `MAX_CHAIN`), and the cards left after them. `own`, `last` and `target` are as in
    `legal_plays` for the first play; `next_target` deals the target of each later round of a flip sport (None:
    the sport has no flip)."""
    hand = list(counts)
    mine = list(own)
    card = target
    length = 0
    while length < MAX_CHAIN:
        if next_target is not None and length > 0:
            card = next_target()
        options = legal_plays(sport, hand, mine, last, card)
        if not options:
            break
        play = min(options, key=cheapest_key)
        for k in play:
            hand[k] -= 1
        mine.append(play)
        last = play
        length += 1
    return length, hand


def fight_value(
    num_players: int, index: int, mine: int, rivals: Sequence[Sequence[int]], min_cards: int, card_value: float
) -> float:
    """Expected points of staying in the sport minus those of withdrawing now, for a player of stamina `mine` when
    `index` players have withdrawn. `rivals` holds one or more samples, each the staminas of the players still racing
    them (two players: the other player, who races on after a withdrawal). A card is worth `card_value` points; each
    play spends at least `min_cards`.

    Two players: withdrawing now gives me the cards and the other the medal; winning the race, the other way round;
    losing it costs the cards spent on it. More players: staying in wins the award of the place at which the rivals
    with less stamina have dropped out before me, minus half the cards the race costs."""
    samples = len(rivals)
    if num_players == 2:
        award = TWO_PLAYER_AWARDS[index]
        medal = MEDAL_POINTS[award.medal]
        wins = 0.0
        spend = 0.0
        for sample in rivals:
            theirs = sample[0]
            if mine > theirs:
                wins += 1.0
            elif mine == theirs:
                wins += 0.5
            spend += min(mine, theirs + 1)
        p = wins / samples
        spent_cards = spend / samples * min_cards
        swing = 2.0 * (medal - award.cards * card_value)
        return p * swing - (1.0 - p) * spent_cards * card_value
    table = AWARDS[num_players]
    now = _award_value(table[index], card_value)
    expected = 0.0
    for sample in rivals:
        before_me = 0.0
        for theirs in sample:
            if theirs < mine:
                before_me += 1.0
            elif theirs == mine:
                before_me += 0.5
        position = min(num_players - 1, index + round(before_me))
        expected += _award_value(table[position], card_value) - mine * min_cards * card_value * 0.5
    return expected / samples - now


def _award_value(award: Award, card_value: float) -> float:
    medal = MEDAL_POINTS[award.medal] if award.medal != NO_MEDAL else 0
    return medal + award.cards * card_value
