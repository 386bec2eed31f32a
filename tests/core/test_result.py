from podium.core.contract import Event, Result


def test_ranking_shares_places_on_ties() -> None:
    result = Result.from_keys([5, 3, 5, 1], keys=[-5, -3, -5, -1], reason="medals")
    assert result.ranking == (1, 3, 1, 4)
    assert result.winners == (0, 2)
    assert result.to_json()["winners"] == [0, 2]


def test_lower_scores_first() -> None:
    result = Result.from_keys([12, 4, 30], keys=[12, 4, 30], reason="rounds_complete", lower_is_better=True)
    assert result.winners == (1,)
    assert result.ranking == (2, 1, 3)


def test_event_visibility() -> None:
    public = Event("discard", {"card": "7h"})
    private = Event("draw", {"card": "Kd"}, frozenset({1}))
    assert public.visible(None) and public.visible(0)
    assert private.visible(1) and not private.visible(0) and not private.visible(None)
    assert private.to_json() == {"kind": "draw", "card": "Kd", "visible_to": [1]}
