"""The solver bot, the terminal renderer (table, hint, undo hook) and `podium solve athletic`."""

from __future__ import annotations

from athletic_helpers import play, position
from rich.console import Console
from typer.testing import CliRunner

from game_support import invoke
from podium.agents.base import agent_names, make_agent
from podium.cli.tui.base import TurnContext
from podium.games.athletic import GAME
from podium.games.athletic.tui import TUI


def test_solver_bot_places_the_maximum_then_ends() -> None:
    state = position("1p 2p", ["5r", "5g", "9o", "3b", "8y"])
    bot = make_agent("solver", GAME, 0, 1)
    played = []
    while state.current_player == 0:
        action = bot.act(state.view(0), state.legal_actions())
        played.append(action.text())
        state.apply(action)
    assert played == ["move 1 2", "fill 1p 1", "play 2p 1", "end"]
    assert state.medals[0] == 1


def test_solver_bot_replans_when_the_view_changes() -> None:
    state = position("6r 7r", ["5r", "1y", "9o", "3b", "1g"])
    bot = make_agent("solver", GAME, 0, 1)
    first = bot.act(state.view(0), state.legal_actions())
    assert first.text() == "play 6r 1"
    play(state, "play 6r 1")
    other = position("7r", ["5r 6r", "1y", "9o", "3b", "1g"])  # an unexpected position: re-plan
    assert bot.act(other.view(0), other.legal_actions()).text() == "play 7r 1"


def test_solver_bot_is_registered_for_athletic_only() -> None:
    assert "solver" in agent_names("athletic") and "solver" not in agent_names("golf")


def test_solver_bots_finish_games() -> None:
    for seed in range(3):
        state = GAME.new_game(num_players=3, seed=seed)
        bots = [make_agent("solver", GAME, s, seed) for s in range(3)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        assert state.result().reason == "medals"


def test_table_shows_piles_hand_and_players() -> None:
    state = position("6r 2p", ["5r 4r", "", "9o", "3b", "1g"], num_players=3)
    console = Console(record=True, width=120, color_system=None)
    console.print(TUI.table(state.view(0)))
    out = console.export_text()
    for text in ("pile 1", "2 cards", "empty", "your hand: 6r 2p", "seat 2", "draw pile", "turn 1"):
        assert text in out
    console.print(TUI.table(state.full_view()))  # replays show every hand


def test_hint_prints_the_plan_from_the_view() -> None:
    state = position("1p 2p", ["5r", "5g", "9o", "3b", "8y"])
    console = Console(record=True, width=200, color_system=None)
    TUI.commands()["hint"][1](TurnContext(state, 0, console, []))
    out = console.export_text()
    assert "places 2 of 2" in out and "move 1 2, fill 1p 1, play 2p 1" in out


def test_undoable_only_within_the_turn() -> None:
    state = position("6r 2p", ["5r", "1y", "9o", "3b", "1g"])
    action = GAME.parse_action("play 6r 1")
    assert TUI.undoable(action, state.apply(action))
    end = GAME.parse_action("end")
    assert not TUI.undoable(end, state.apply(end))


def _app():  # type: ignore[no-untyped-def]
    import typer

    from podium.games.athletic.cli import register

    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command, so that `solve` stays a named subcommand
        pass

    return app


def test_cli_solve_prints_the_plan() -> None:
    result = CliRunner().invoke(_app(), ["solve", "athletic", "--hand", "7r 8r 3g", "--piles",
                                         "6r | 3b 2g | | 10y | 1p"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "places 3 of 3" in result.output and "play 7r 1" in result.output and "proven maximum" in result.output


def test_cli_solve_rule_option() -> None:
    result = CliRunner().invoke(_app(), ["solve", "athletic", "--hand", "4r 3r", "--piles", "5r | 1y | 9o | 6b | 1g",
                                         "--rule", "step=up", "--rule", "table_moves=false"])  # fmt: skip
    assert result.exit_code == 0 and "0 of 2" in result.output


def test_cli_solve_bad_text_is_one_line_exit_2() -> None:
    runner = CliRunner()
    for args, words in (
        (["--hand", "7x", "--piles", "6r | | | | "], "7x"),
        (["--hand", "7r", "--piles", "6r | 3b"], "need exactly 5"),
        (["--hand", "7r", "--piles", "7r | | | | "], "twice"),
        (["--hand", "7r"], "--piles is required"),
    ):
        result = runner.invoke(_app(), ["solve", "athletic", *args])
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output
    result = runner.invoke(_app(), ["solve", "golf", "--hand", "7r", "--piles", "6r | | | | "])
    assert result.exit_code == 2 and "no solver" in result.output
    result = runner.invoke(_app(), ["solve", "chess", "--hand", "7r", "--piles", "6r | | | | "])
    assert result.exit_code == 2 and "unknown game" in result.output


def test_a_bot_turn_draws_the_table_once_then_its_steps() -> None:
    # a turn of many actions; the reader follows them on the table the turn started from.
    script = "quit\n"
    code, output = invoke("play", "athletic", "--seat", "2", "--bots", "medium", "--seed", "3",
                          "--rule", "first_player=0", stdin=script)  # fmt: skip
    assert code == 0
    lines = output.splitlines()
    steps = [i for i, line in enumerate(lines) if line.startswith("seat 1 (medium bot):")]
    tables = [i for i, line in enumerate(lines) if line.startswith("Athletic Games — turn")]
    assert len(steps) > 2 and steps == list(range(steps[0], steps[0] + len(steps)))  # the steps, in a row
    assert [i for i in tables if i < steps[0]] == [tables[0]] and tables[1] > steps[-1]  # one table before them
