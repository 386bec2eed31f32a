"""The study tools as a newcomer meets them (issue 11): bot options, per-game bot descriptions, simulate's labels
and plots, tournament's plan, the Ray address check, and `podium serve`'s port check."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.agents.base import agent_description, agent_names, make_agent
from podium.agents.ismcts import ISMCTS
from podium.cli.app import app
from podium.cli.simulate import time_left
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game, get_spec
from podium.sim.runner import simulate

runner = CliRunner()
PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# -- bot options: declared once, checked by type and range ------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "spec", "message"),
    [
        ("simulate", "ismcts:iterations=abc", "ismcts option 'iterations' must be an integer ≥ 1, not 'abc'"),
        ("simulate", "ismcts:iterations=0", "ismcts option 'iterations' must be an integer ≥ 1, not '0'"),
        ("simulate", "ismcts:iterations=2.5", "ismcts option 'iterations' must be an integer ≥ 1, not '2.5'"),
        ("simulate", "ismcts:c=abc", "ismcts option 'c' must be a number ≥ 0, not 'abc'"),
        ("simulate", "ismcts:depth=x", "ismcts option 'depth' must be an integer ≥ 0, not 'x'"),
        ("simulate", "ismcts:seconds=0", "ismcts option 'seconds' must be a number > 0, not '0'"),
        ("simulate", "ismcts:seconds=nan", "ismcts option 'seconds' must be a number > 0, not 'nan'"),
        ("simulate", "hard:iterations=abc", "ismcts option 'iterations' must be an integer ≥ 1, not 'abc'"),
        ("simulate", "ismcts:iters=5", "bot 'ismcts' has no option 'iters'; its options: iterations (an integer ≥ 1)"),
        ("play", "ismcts:iterations=abc", "ismcts option 'iterations' must be an integer ≥ 1, not 'abc'"),
        ("tournament", "ismcts:c=-1,random", "ismcts option 'c' must be a number ≥ 0, not '-1'"),
    ],
)
def test_bad_bot_options_name_the_option_its_type_and_range(command: str, spec: str, message: str) -> None:
    games = ["-n", "2"] if command != "play" else []
    code, output = invoke(command, PLUGIN, "--bots", spec, *games)
    assert code == 2
    assert message in output
    assert len(output.strip().splitlines()) == 1
    assert "not supported between" not in output


def test_options_are_converted_to_their_declared_type() -> None:
    game = get_game(PLUGIN)
    bot = make_agent("ismcts:iterations=1e2:c=1", game, 0, 1)
    assert isinstance(bot, ISMCTS)
    assert bot.budget.iterations == 100 and isinstance(bot.budget.iterations, int)
    assert bot.c == 1.0
    with pytest.raises(PodiumError, match="ismcts option 'iterations' must be an integer ≥ 1, not 'many'"):
        make_agent("ismcts", game, 0, 1, iterations="many")


# -- bot descriptions per game (each game's own words: tests/games/<game>/) -------------------------------------


def test_bot_descriptions_are_per_game() -> None:
    # a game's notes give its own words for a framework bot or a level; without them, the framework's
    for game in game_names():
        notes = get_spec(game).notes
        for name in agent_names(game):
            text = agent_description(name, game)
            assert text
            if name in notes:
                assert text.startswith(notes[name].description)


def test_rules_describes_the_bots_of_that_game() -> None:
    for game in game_names():
        code, output = invoke("rules", game)
        assert code == 0, output
        flat = " ".join(output.split())
        line = flat[flat.index("Bots:") :]
        for name in agent_names(game):
            assert f"{name} (" in line, (game, name)


# -- podium serve: the port and the host are checked before "serving on" ------------------------------------------


def test_serve_on_a_port_in_use_says_so_and_how_to_choose_another(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, output = invoke("serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "db"))
    assert code == 2
    assert f"port {port} on 127.0.0.1 is already in use" in output and "--port" in output
    assert "serving on" not in output
    assert len(output.strip().splitlines()) == 1
    assert not (tmp_path / "db").exists()  # nothing was started


@pytest.mark.parametrize(
    ("host", "message"),
    [
        ("no-such-host.invalid", "--host no-such-host.invalid: no such address or host name"),
        ("256.1.1.1", "--host 256.1.1.1: no such address or host name"),
        ("192.0.2.1", "--host 192.0.2.1: not an address of this machine"),  # TEST-NET-1: never a local address
    ],
)
def test_serve_refuses_a_bad_host(tmp_path: Path, host: str, message: str) -> None:
    code, output = invoke("serve", "--host", host, "--port", "0", "--db", str(tmp_path / "db"))
    assert code == 2
    assert message in output and "--host 127.0.0.1" in output
    assert "serving on" not in output


# -- the Ray backend: an address where no cluster listens fails at once -------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_unreachable_ray_address_fails_at_once_with_what_to_do(command: str) -> None:
    pytest.importorskip("ray")
    code, output = invoke(command, PLUGIN, "--bots", "random,easy", "-n", "2", "--backend", "ray",
                          "--address", "127.0.0.1:1")  # fmt: skip
    assert code == 2
    assert "cannot reach a Ray cluster at 127.0.0.1:1: connection refused" in output
    assert "ray start --head" in output and "drop --address" in output
    assert len(output.strip().splitlines()) == 1


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.1:port", ":6379", "127.0.0.1:70000"])
def test_a_malformed_ray_address_says_what_to_give(address: str) -> None:
    pytest.importorskip("ray")
    code, output = invoke("simulate", PLUGIN, "-n", "2", "--backend", "ray", "--address", address)
    assert code == 2
    assert f"--address {address!r}: give the cluster's HOST:PORT, e.g. --address 127.0.0.1:6379" in output


# -- tournament: how many games and why, said up front; a time estimate that stays alive ---------------------------


def test_time_left_counts_down_from_the_whole_runs_rate() -> None:
    assert time_left(0, 100, None, 5.0) is None  # nothing finished yet: unknown
    # 10 of 100 units in 20 s: the run ends at 200 s, whenever it is asked.
    assert time_left(10, 100, 20.0, 20.0) == 180.0
    assert time_left(10, 100, 20.0, 50.0) == 150.0  # no update for 30 s: still an estimate, counting down
    assert time_left(10, 100, 20.0, 500.0) == 0.0
    assert time_left(5, None, 1.0, 2.0) is None


def test_in_this_process_progress_is_reported_after_every_game() -> None:
    game = get_game(PLUGIN)
    done: list[int] = []
    simulate(game, game.config_type(hands=2), ["random", "random"], 7, progress=done.append)
    assert done == [1, 2, 3, 4, 5, 6, 7]
