"""Golf's option `memory` (G-4 "as at a real table"): `shown_view` leaves out a player's own face-down cards that only
they know; the perfect-recall `view` (what bots read) and everybody else's views are unchanged."""

from __future__ import annotations

from golf_helpers import position

from podium.games.golf import GAME
from podium.games.golf.config import GolfConfig

# hands per seat; known: 0 unseen, 1 the owner has seen it, 2 public (slot 1 of seat 0 was taken from the discard)
HANDS = (("8h", "6s", "Kd", "2c"), ("Ah", "3d", "9s", "Qc"))
KNOWN = ((1, 2, 1, 0), (1, 1, 0, 0))


def test_memory_is_off_by_default_and_stored_only_when_set() -> None:
    assert GolfConfig().memory is False and "memory" not in GolfConfig().to_dict()
    assert GolfConfig(memory=True).to_dict()["memory"] is True
    assert GolfConfig.from_stored({}).memory is False  # a record from before the option


def test_from_memory_the_shown_view_leaves_out_the_cards_the_owner_must_remember() -> None:
    state = position(HANDS, known=KNOWN, memory=True)
    view, shown = state.view(0), state.shown_view(0)
    assert view["hands"][0] == ("8h", "6s", "Kd", None)  # the seat knows them (G-4: perfect recall)
    assert shown["hands"][0] == (None, "6s", None, None)  # but is shown only the public one
    assert shown["known_sum"][0] == 6 and view["known_sum"][0] == 8 + 6 + 0
    assert shown["owner_knows"] == view["owner_knows"]  # who has seen what stays public knowledge
    assert {k: v for k, v in shown.items() if k not in ("hands", "known_sum")} == {
        k: v for k, v in view.items() if k not in ("hands", "known_sum")
    }
    assert shown["hands"][1] == view["hands"][1] and shown["known_sum"][1] == view["known_sum"][1]
    assert state.shown_view(None) == state.view(None)  # a spectator knows no private card anyway
    assert state.shown_view(1)["hands"][1] == (None, None, None, None)


def test_without_memory_the_shown_view_is_the_view() -> None:
    state = position(HANDS, known=KNOWN)
    for seat in (None, 0, 1):
        assert state.shown_view(seat) == state.view(seat)


def test_six_card_golf_shows_every_card_it_reveals_so_memory_changes_nothing() -> None:
    state = GAME.new_game(GAME.config(variant="six", memory=True), 2, 5)
    for _ in range(12):
        for seat in (None, 0, 1):
            assert state.shown_view(seat) == state.view(seat)
        state.apply(state.legal_actions()[0])
