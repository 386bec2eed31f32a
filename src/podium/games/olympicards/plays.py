"""Which plays a sport allows (O-5, O-9): the measure and shape of a play, the progression and target rules, and the
fast generator of every legal play.

Pure functions of the sport and the cards (a hand as a count array, a play as a sorted tuple of kinds), so that the
state, the heuristic (which chains plays from hands it imagines) and the tests use the same rules. `play_problem`
explains why one play is refused; `legal_plays` is its fast path (the tests check that both agree).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from itertools import combinations, compress

from podium.games.olympicards.cards import COLOUR, NO_CARD, NUM_KINDS, TEXT, VALUE
from podium.games.olympicards.sports import Sport

Play = tuple[int, ...]
"""A play: a sorted tuple of card kinds."""


def measure(sport: Sport, cards: Play) -> int:
    """The number `cards` are compared by in `sport`: the highest value, the sum of the values, or the count."""
    return _MEASURES[sport.measure](cards)


def shape_problem(sport: Sport, cards: Play) -> str | None:
    """Why `cards` do not have the sport's shape and size, or None."""
    if not sport.min_cards <= len(cards) <= sport.max_cards:
        if sport.min_cards == sport.max_cards:
            return f"{sport.name} needs exactly {sport.min_cards} card(s) per play"
        return f"{sport.name} needs {sport.min_cards} to {sport.max_cards} cards per play"
    if len(cards) == 1 or sport.shape == "any":
        return None
    if sport.shape == "one_colour":
        if len({COLOUR[k] for k in cards}) != 1:
            return "the cards must all be of one colour"
    elif sport.shape == "equal_values":
        if len({VALUE[k] for k in cards}) != 1:
            return "the cards must all have the same value"
    elif sport.shape == "different_colours":
        if len({COLOUR[k] for k in cards}) != len(cards):
            return "the cards must all be of different colours"
    elif sport.shape == "consecutive_values":
        values = sorted(VALUE[k] for k in cards)
        if any(b != a + 1 for a, b in itertools.pairwise(values)):
            return "the cards' values must form a run (e.g. 4 5 6)"
    return None


Limit = tuple[tuple[bool, ...] | None, int, int, str]
"""One rule on the next play: which kinds each of its cards may be (None: any), the bounds its measure must lie
strictly between, and why a play outside them is refused (a template of `rule_problem`)."""


def limits(sport: Sport, own: Sequence[Play], last: Play | None, target: int) -> tuple[Limit, ...]:
    """O-9: the sport's progression rule and its target rule on the next play, the one place both are stated (read
    by `rule_problem` and by the fast generators `legal_plays` and `single_kinds`). `own` are the player's earlier
    plays in this sport, `last` the last play anyone made in it, `target` the round's target card (`NO_CARD` for
    none)."""
    found: tuple[Limit, ...] = ()
    progression = sport.progression
    if progression != "none":
        before = last if progression in _AGAINST_LAST else (own[-1] if own else None)
        if before is not None:
            if progression == "lane_colour":
                found = ((_COLOUR_IS[COLOUR[own[0][0]]], _NO_LOWER, _NO_UPPER, _LANE),)
            elif progression == "different_colour_from_own_previous":
                found = ((_COLOURS_NOT_IN[before], _NO_LOWER, _NO_UPPER, _DIFFERENT),)
            elif progression in _HIGHER:
                found = ((None, measure(sport, before), _NO_UPPER, _NOT_HIGHER),)
            else:
                found = ((None, _NO_LOWER, measure(sport, before), _NOT_LOWER),)
    if sport.flip and target != NO_CARD:
        relation = sport.target_relation
        if relation == "higher":
            found += ((None, VALUE[target], _NO_UPPER, _TARGET_HIGHER),)
        elif relation == "lower":
            found += ((None, _NO_LOWER, VALUE[target], _TARGET_LOWER),)
        elif relation == "same_colour":
            found += ((_COLOUR_IS[COLOUR[target]], _NO_LOWER, _NO_UPPER, _TARGET_COLOUR),)
        elif relation == "same_value":
            found += ((_VALUE_IS[VALUE[target]], _NO_LOWER, _NO_UPPER, _TARGET_VALUE),)
        else:
            found += ((_MATCHES[target], _NO_LOWER, _NO_UPPER, _TARGET_MATCH),)
    return found


def rule_problem(sport: Sport, cards: Play, own: Sequence[Play], last: Play | None, target: int) -> str | None:
    """Why a play of the right shape breaks the sport's progression or target rule (`limits`), or None."""
    for allowed, above, below, why in limits(sport, own, last, target):
        mine = measure(sport, cards)
        if (allowed is not None and not all(allowed[k] for k in cards)) or not above < mine < below:
            target_text = TEXT[target] if target != NO_CARD else ""
            return why.format(measure=sport.measure, mine=mine, above=above, below=below, target=target_text)
    return None


def play_problem(
    sport: Sport, counts: Sequence[int], own: Sequence[Play], last: Play | None, target: int, cards: Play
) -> str | None:
    """Why the holder of the hand `counts` may not play `cards` now, or None (arguments as in `rule_problem`)."""
    for k in set(cards):
        if cards.count(k) > counts[k]:
            return f"you do not hold {' '.join(TEXT[c] for c in cards)}"
    return shape_problem(sport, cards) or rule_problem(sport, cards, own, last, target)


def legal_plays(sport: Sport, counts: Sequence[int], own: Sequence[Play], last: Play | None, target: int) -> list[Play]:
    """Every distinct legal play from the hand `counts` (sorted tuples of kinds), in no set order; arguments as in
    `rule_problem`.

    The fast path of `play_problem`: candidates are generated by shape, then filtered by the progression and target
    rules with thresholds computed once. Half of a random game's time is spent here: keep it lean.

    One-card sports (most of them) take a shorter path, with the same result in the same order: the kinds held,
    ascending, filtered by value and colour."""
    present = list(compress(_KINDS, counts))
    if not present:
        return []
    if sport.max_cards == 1:
        return [_SINGLES[k] for k in single_kinds(sport, present, own, last, target)]
    shape = sport.shape
    candidates: list[Play] = []
    for size in range(sport.min_cards, sport.max_cards + 1):
        if size == 1:
            candidates += [(k,) for k in present]
        elif shape == "one_colour" or shape == "equal_values":  # noqa: PLR1714  # one dict lookup fewer
            groups: dict[int, list[int]] = {}
            key = COLOUR if shape == "one_colour" else VALUE
            for k in present:
                groups.setdefault(key[k], []).append(k)
            for group in groups.values():
                if len(group) * 2 >= size:
                    candidates += _multisets(group, counts, size)
        elif shape == "any":
            candidates += _multisets(present, counts, size)
        else:
            candidates += [c for c in _multisets(present, counts, size) if shape_problem(sport, c) is None]
    for allowed, above, below, _ in limits(sport, own, last, target):
        if allowed is not None:
            candidates = [c for c in candidates if all(allowed[k] for k in c)]
        if above != _NO_LOWER or below != _NO_UPPER:
            measure_of = _MEASURES[sport.measure]
            candidates = [c for c in candidates if above < measure_of(c) < below]
    return candidates


def single_kinds(sport: Sport, kinds: list[int], own: Sequence[Play], last: Play | None, target: int) -> list[int]:
    """`legal_plays` of a one-card sport, as the kinds that may be played (`kinds`: those held, ascending, e.g.
    `held_kinds(counts)`), in the same order."""
    for allowed, above, below, _ in limits(sport, own, last, target):
        if allowed is not None:
            kinds = [k for k in kinds if allowed[k]]
        if above != _NO_LOWER or below != _NO_UPPER:
            of = _KIND_MEASURES[sport.measure]
            kinds = [k for k in kinds if above < of[k] < below]
    return kinds


def held_kinds(counts: Sequence[int]) -> list[int]:
    """The kinds of which the hand `counts` holds at least one card, ascending."""
    return list(compress(_KINDS, counts))


def _multisets(kinds: list[int], counts: Sequence[int], size: int) -> list[Play]:
    """Sorted tuples of `size` cards taken from `kinds` (ascending), each kind at most `counts[k]` times."""
    out: list[Play]
    if size == 1:
        return [(a,) for a in kinds]
    if size == 2:
        out = [(a, a) for a in kinds if counts[a] > 1]
        out += combinations(kinds, 2)  # (a, b) with a before b in `kinds`, in that order
        return out
    out = []
    for i, a in enumerate(kinds):
        rest = kinds[i + 1 :]
        if counts[a] > 1:
            out += [(a, a, *tail) for tail in _multisets(rest, counts, size - 2)]
        out += [(a, *tail) for tail in _multisets(rest, counts, size - 1)]
    return out


_KINDS = range(NUM_KINDS)
_SINGLES: tuple[Play, ...] = tuple((k,) for k in _KINDS)  # the one-card plays, built once
_NO_LOWER = 0  # every measure is at least 1
_NO_UPPER = 1 << 30
_LANE = "every card must be of your lane colour (the colour of your first card)"
_DIFFERENT = "the colour must differ from your own previous play"
_NOT_HIGHER = "{measure} {mine} is not higher than {above}"
_NOT_LOWER = "{measure} {mine} is not lower than {below}"
_TARGET_HIGHER = "must be higher than the target {target}"
_TARGET_LOWER = "must be lower than the target {target}"
_TARGET_COLOUR = "every card must have the colour of the target {target}"
_TARGET_VALUE = "every card must have the value of the target {target}"
_TARGET_MATCH = "every card must match the target {target} in colour or value"
# The kinds a card may be, per rule, as tables indexed by kind (looked up, never built, in the generators).
_COLOUR_IS = tuple(tuple(COLOUR[k] == c for k in _KINDS) for c in range(max(COLOUR) + 1))
_VALUE_IS = {v: tuple(VALUE[k] == v for k in _KINDS) for v in set(VALUE)}
_MATCHES = tuple(tuple(COLOUR[k] == COLOUR[t] or VALUE[k] == VALUE[t] for k in _KINDS) for t in _KINDS)


class _ColoursNotIn(dict[Play, tuple[bool, ...]]):
    """Per play met so far, the kinds whose colour is none of its cards' colours."""

    def __missing__(self, play: Play) -> tuple[bool, ...]:
        colours = {COLOUR[k] for k in play}
        table = self[play] = tuple(COLOUR[k] not in colours for k in _KINDS)
        return table


_COLOURS_NOT_IN = _ColoursNotIn()
_AGAINST_LAST = frozenset({"higher_than_last_any", "lower_than_last_any"})
_HIGHER = frozenset({"higher_than_last_any", "higher_than_own_previous"})
_VALUE_OF = VALUE.__getitem__


class _Memo(dict[Play, int]):
    """A measure of each play met so far: the filters of `legal_plays` look most of them up in C."""

    def __init__(self, of: Callable[[Play], int]) -> None:
        super().__init__()
        self.of = of

    def __missing__(self, cards: Play) -> int:
        value = self[cards] = self.of(cards)
        return value


_MEASURES: dict[str, Callable[[Play], int]] = {
    "value": _Memo(lambda cards: max(map(_VALUE_OF, cards))).__getitem__,
    "sum": _Memo(lambda cards: sum(map(_VALUE_OF, cards))).__getitem__,
    "count": len,
}
_KIND_MEASURES: dict[str, tuple[int, ...]] = {"value": VALUE, "sum": VALUE, "count": (1,) * NUM_KINDS}  # one card
