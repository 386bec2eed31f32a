import json
from collections import Counter

import pytest

from podium.core.contract import Event, Result, Termination
from podium.core.registry import game_names, get_game


class SampleEnd(Termination):
    """A game's own reasons, declared outside core as a game from another distribution would."""

    MEDALS = "medals"
    ROUNDS_COMPLETE = "rounds_complete"


def test_ranking_shares_places_on_ties() -> None:
    result = Result.from_keys([5, 3, 5, 1], keys=[-5, -3, -5, -1], reason=SampleEnd.MEDALS)
    assert result.ranking == (1, 3, 1, 4)
    assert result.winners == (0, 2)
    assert result.to_json()["winners"] == [0, 2]


def test_lower_scores_first() -> None:
    result = Result.from_keys([12, 4, 30], keys=[12, 4, 30], reason=SampleEnd.ROUNDS_COMPLETE, lower_is_better=True)
    assert result.winners == (1,)
    assert result.ranking == (2, 1, 3)


def test_event_visibility() -> None:
    public = Event("discard", {"card": "7h"})
    private = Event("draw", {"card": "Kd"}, frozenset({1}))
    assert public.visible(None) and public.visible(0)
    assert private.visible(1) and not private.visible(0) and not private.visible(None)
    assert private.to_json() == {"kind": "draw", "card": "Kd", "visible_to": [1]}


def test_a_reason_is_its_plain_string_in_json_and_compares_and_counts_like_it() -> None:
    result = Result.from_keys([3, 1], keys=[-3, -1], reason=SampleEnd.MEDALS)
    assert json.loads(json.dumps(result.to_json()))["reason"] == "medals"
    assert result.reason == "medals" and isinstance(result.reason, Termination)
    # Aggregates read back from JSON count reasons by string; they merge with the members' counts.
    assert Counter({"medals": 2}) == Counter([SampleEnd.MEDALS, "medals"])


@pytest.mark.parametrize("name", game_names())
def test_each_game_ends_with_a_member_of_its_own_termination(name: str) -> None:
    # A game declares its reasons in its own package (a Termination subclass); its tests pin down their strings.
    state = get_game(name).new_game(None, 2, 5)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    reason = state.result().reason
    assert isinstance(reason, Termination) and type(reason) is not Termination
    assert not type(reason).__module__.startswith("podium.core")
