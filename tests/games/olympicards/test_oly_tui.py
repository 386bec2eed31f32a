"""The terminal renderer draws every kind of view without error and shows what the issue asks for."""

from __future__ import annotations

from oly_helpers import act, build
from rich.console import Console

from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config
from podium.games.olympicards.tui import TUI


def render(renderable: object) -> str:
    console = Console(width=120, record=True, force_terminal=False)
    console.print(renderable)
    return console.export_text()


def test_table_shows_sport_round_target_award_and_hand() -> None:
    state = build(3, "Archery", {0: "5r 1k", 1: "5g 9g", 2: "5b 2k"}, target="5y", medals={2: [1, 0, 0]})
    act(state, "play 5r")
    text = render(TUI.table(state.view(1)))
    for expected in (
        "Archery",
        "Round 1",
        "Target: 5y",
        "Next to withdraw gets: 3 cards, bronze, start card",
        "Your hand: 5g 9g",
        "1G",
        "Seat 2 (you)",  # view(1): the second seat, counted from 1 on the screen
    ):
        assert expected in text
    labels = [TUI.action_label(a, state.view(1)) for a in state.legal_actions()]
    assert labels[0].startswith("withdraw  → 3 cards")


def test_sport_over_summary_and_full_game_views() -> None:
    state = GAME.new_game(Config(world_record=True), 4, 3)
    rng = Rng(2)
    summaries = 0
    while not state.is_over:
        for seat in (None, state.current_player):
            render(TUI.table(state.view(seat)))
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        TUI.action_label(action, state.view(state.current_player))
        shown = TUI.after_action(state.apply(action), state, 0)
        if shown is not None:
            summaries += "is over after" in render(shown)
    assert summaries == 9
    final = render(TUI.table(state.full_view()))
    assert "Game over" in final and "All 9 sports played" in final
