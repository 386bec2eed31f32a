"""The server's hint in every game (issue 29): hard's choice and the best few, computed from the asking seat's view
alone (hidden information is sacred)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_frames_and_commits import frames, manager, run, two_player_table

from podium.core.contract import JsonDict, View
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game
from podium.core.rng import Rng
from podium.server.advice import hint_json


@pytest.mark.parametrize("game", game_names())
def test_the_hint_is_hards_choice_from_the_seats_view_and_never_reads_a_hidden_card(game: str) -> None:
    state = get_game(game).new_game(None, 2, 11)
    rng = Rng(5)
    for _ in range(2):  # a little into the game, where there are cards the seat has not seen
        if state.is_over or state.current_player is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    answer = hint_json(game, view)
    chosen = [c for c in answer["choices"] if c["chosen"]]
    assert len(chosen) == 1 and chosen[0]["steps"] == answer["steps"] and len(answer["choices"]) <= 3
    legal = [a.to_json() for a in state.legal_actions()]
    assert all(c["actions"][0] in legal for c in answer["choices"])
    assert all(c["share"] is None or 0.0 <= c["share"] <= 1.0 for c in answer["choices"])
    # Another table that the seat cannot tell from this one (every card it cannot know dealt anew) gets the same
    # hint: the hint reads only what the seat knows.
    others = (state.shuffle_hidden(seat, Rng(k)) for k in range(50))
    other = next(o for o in others if o.to_dict() != state.to_dict())
    assert other.view(seat) == view
    assert hint_json(game, other.view(seat)) == answer


@pytest.mark.parametrize("game", game_names())
def test_a_hint_for_a_seat_not_to_move_is_refused(game: str) -> None:
    state = get_game(game).new_game(None, 2, 1)
    view = state.view(1 - (state.current_player or 0))
    with pytest.raises(PodiumError, match="seat to move"):
        hint_json(game, view)


class SeenViews:
    """The hint worker's interface, keeping the views it is asked about."""

    def __init__(self) -> None:
        self.views: list[View] = []

    async def hint(self, game: str, view: View) -> JsonDict:
        self.views.append(view)
        return {"choices": [], "steps": [], "actions": [], "note": "seen"}


def test_a_hint_is_asked_from_the_view_the_player_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Advice is for a person: where a rule option asks players to remember what they saw (Golf's `memory`, G-4;
    # tests/games/golf/test_golf_memory_advice.py), the hint must not lean on what the player is not shown now. Here
    # the plugin game's shown view is marked, to tell it from the view a bot in the seat reads.
    async def ask() -> None:
        m = manager(tmp_path / "db.sqlite3")
        seen = SeenViews()
        m.hints = seen  # type: ignore[assignment]
        table, conns = await two_player_table(m)
        seat = table.state.current_player
        assert seat is not None
        plain = type(table.state).shown_view
        monkeypatch.setattr(type(table.state), "shown_view", lambda state, p: {**plain(state, p), "shown": p})
        await m.hint(table, conns[seat])
        assert seen.views == [{**table.state.view(seat), "shown": seat}]
        assert [f["note"] for f in frames(conns[seat]) if f["type"] == "hint"] == ["seen"]

    run(ask())
