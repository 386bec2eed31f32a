"""Views (what each player may know), determinize, serialisation."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from oly_helpers import act, build, plain, viewed

from podium.core.errors import RecordError
from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config


def test_view_shows_own_hand_and_public_information_only() -> None:
    # O-2: hands are hidden; played cards, medals, hand sizes, the sport and its target are public.
    state = build(3, "Archery", {0: "5r 1k", 1: "5g 9g", 2: "5b 2k"}, target="5y", medals={1: [1, 0, 2]})
    act(state, "play 5r")
    view = viewed(state, 1)
    assert view["hand"] == ["5g", "9g"]  # sorted by colour, then value
    assert view["hands"] is None  # every hand, shown only at the end (O-8); the key is in every view
    assert view["hand_sizes"] == [1, 2, 2]
    assert view["plays"][0] == [["5r"]] and view["last_play"] == [["5r"], None, None]
    assert view["last_any"] == {"player": 0, "cards": ["5r"]}
    assert view["target"] == "5y"
    assert view["sport"]["name"] == "Archery" and view["sport"]["flip"] is True
    assert view["medals"][1] == {"gold": 1, "silver": 0, "bronze": 2}
    assert view["points"][1] == 6
    assert view["next_award"]["text"] == "3 cards, bronze, start card"
    text = json.dumps(view)
    assert "1k" not in text and "2k" not in text  # the other hands
    spectator = viewed(state, None)
    assert spectator["hand"] is None
    json.dumps(spectator)


def test_sport_pile_shows_postponed_cards_only() -> None:
    # O-4: face-up postponed cards are public, face-down ones only as a count.
    state = build(3, "Sprint", pile=[("Diving", False), ("Hurdles", True)])
    assert viewed(state, 0)["sport_pile"] == [None, "Hurdles"]
    assert "Diving" not in json.dumps(viewed(state, 0))


def test_game_over_reveals_the_hands() -> None:
    # O-8: the hands break ties, so they are shown at the end.
    state = build(
        3, None, {0: "1r", 1: "2r 3r", 2: "4r"}, phase="over", pile=[], done=[s.name for s in Config().sport_set.sports]
    )
    view = viewed(state, 2)
    assert view["hands"] == [["1r"], ["2r", "3r"], ["4r"]]
    assert view["is_over"] and view["current_player"] is None


@pytest.mark.parametrize("n", [2, 3, 6])
def test_determinize_keeps_the_view_and_samples_the_unseen(n: int) -> None:
    state = GAME.new_game(Config(world_record=True), n, 21)
    rng = Rng(3)
    for _ in range(25):  # get into the game
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    viewer = 1
    view = json.loads(json.dumps(viewed(state, viewer)))
    others = set()
    for seed in range(6):
        sample = GAME.determinize(view, Rng(seed))
        assert plain(sample.view(viewer)) == view
        assert Counter(sample.all_cards()) == Counter(state.all_cards())
        assert sample.hand(viewer) == state.hand(viewer)
        full = sample.full_view()
        others.add(json.dumps([[h for p, h in enumerate(full["hands"]) if p != viewer], full["draw"]]))
    assert len(others) > 1  # the unseen cards really are resampled


def test_determinize_shuffles_face_down_sport_cards_only() -> None:
    state = build(
        3,
        "Sprint",
        pile=[("Diving", False), ("Hurdles", True), ("Marathon", False), ("Archery", False)],
        done=["Long jump", "Weightlifting", "Swimming", "Gymnastics"],
    )
    view = viewed(state, 0)
    seen = set()
    for seed in range(20):
        sample = GAME.determinize(view, Rng(seed))
        names = sample.full_view()["sport_pile_all"]
        assert names[1] == "Hurdles"
        assert set(names) == {"Diving", "Hurdles", "Marathon", "Archery"}
        seen.add(tuple(names))
    assert len(seen) > 1


def test_shuffle_hidden_keeps_every_view_of_the_owner() -> None:
    state = build(4, "Swimming", {0: "1r 2r"}, plays={3: ["4g"]}, last=(3, "4g"), order=[0, 1, 2, 3])
    for player in (None, 0, 2):
        assert state.shuffle_hidden(player, Rng(9)).view(player) == state.view(player)


def test_round_trip_and_bad_data() -> None:
    state = GAME.new_game(Config(sports="test"), 5, 8)
    data = json.loads(json.dumps(state.to_dict()))
    assert GAME.state_from_dict(data) == state
    for key, value in (("hands", [[0]]), ("phase", 7), ("rng", -1), ("draw", [99]), ("game", "golf")):
        bad = dict(data, **{key: value})
        with pytest.raises(RecordError):
            GAME.state_from_dict(bad)
    missing = dict(data)
    del missing["pile"]
    with pytest.raises(RecordError):
        GAME.state_from_dict(missing)
    lost = dict(data, draw=data["draw"][1:])
    with pytest.raises(RecordError, match="90 performance cards"):
        GAME.state_from_dict(lost)


def test_clone_is_independent() -> None:
    state = GAME.new_game(Config(), 3, 2)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != state
    assert state == GAME.new_game(Config(), 3, 2)
