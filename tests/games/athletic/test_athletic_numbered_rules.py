"""Athletic rules that no other test file names: A-4.5 (undo takes back a step of the current turn)."""

from __future__ import annotations

import io
from collections.abc import Iterator

from athletic_helpers import play, position
from rich.console import Console

from podium.cli.play import PlaySession
from podium.core.contract import State
from podium.games.athletic import GAME


def session(state: State, lines: list[str]) -> tuple[PlaySession, list[dict[str, object]]]:
    """A terminal game: a human at seat 0 who types `lines` (then `quit`), a random bot at seat 1, from `state`.

    Returns the session and the state (as a dict) at each moment the human types `undo`, just before it acts."""
    script: Iterator[str] = iter([*lines, "quit"])
    before_undo: list[dict[str, object]] = []
    game = PlaySession(GAME, GAME.config(), 3, [0], ["random"], console=Console(file=io.StringIO(), width=120))

    def read_line(prompt: str) -> str:
        line = next(script)
        if line == "undo":
            before_undo.append(game.state.to_dict())
        return line

    game.read_line = read_line
    game.state = state
    game.run()
    return game, before_undo


def test_undo_takes_back_the_steps_of_the_current_turn_one_at_a_time() -> None:
    # a step of the current turn that revealed no hidden card may be taken back, one step per `undo`.
    start = position("6r 2p", ["5r", "5g", "5b", "3b", "1g"])
    after_one = start.clone()
    play(after_one, "move 1 2")
    after_two = after_one.clone()
    play(after_two, "move 2 3")
    # moving the red 5 back onto the green 5 would recreate a layout of this turn; only undo goes back.
    assert GAME.parse_action("move 3 2") not in after_two.legal_actions()
    game, _ = session(start.clone(), ["move 1 2", "move 2 3", "move 3 2", "undo"])
    assert game.state == after_one
    game, _ = session(start.clone(), ["move 1 2", "move 2 3", "undo", "undo"])
    assert game.state == start
    assert game.state.legal_actions() == start.legal_actions()


def test_undo_takes_back_plays_and_fills_too() -> None:
    # playing a hand card and filling a slot reveal nothing either.
    start = position("6r 2p", ["5r", "", "9o", "3b", "1g"])
    game, _ = session(start.clone(), ["play 6r 1", "fill 2p 2", "undo", "undo"])
    assert game.state == start
    assert game.state.view(0)["hand"] == ["6r", "2p"]


def test_ending_the_turn_cannot_be_undone() -> None:
    # ending the turn draws cards (hidden until then), so `undo` no longer reaches the turn's steps.
    start = position("6r 2p", ["5r", "5g", "9o", "3b", "1g"])
    game, before_undo = session(start, ["play 6r 1", "end", "undo"])
    assert len(before_undo) == 1
    assert game.state.to_dict() == before_undo[0]  # the undo changed nothing
    hand = game.state.view(0)["hand"]
    assert "6r" not in hand and len(hand) == 1 + 3  # the 6r stays played; the turn's 3 cards were drawn
