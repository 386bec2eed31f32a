"""The study tools as a newcomer meets them (issue 11): bot options, per-game bot descriptions, simulate's labels
and plots, tournament's plan, the Ray address check, and `podium serve`'s port check."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.agents.base import agent_description, agent_names, bot_options, make_agent
from podium.agents.ismcts import ISMCTS
from podium.cli.app import app
from podium.cli.simulate import time_left
from podium.core.errors import PodiumError
from podium.core.registry import get_game
from podium.sim.runner import simulate

runner = CliRunner()


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
        ("simulate", "heuristic:noise=abc", "heuristic option 'noise' must be a number between 0 and 1, not 'abc'"),
        ("simulate", "heuristic:noise=1.5", "heuristic option 'noise' must be a number between 0 and 1, not '1.5'"),
        ("simulate", "heuristic:knock_margin=yes", "heuristic option 'knock_margin' must be a number, not 'true'"),
        ("simulate", "hard:iterations=abc", "ismcts option 'iterations' must be an integer ≥ 1, not 'abc'"),
        ("simulate", "ismcts:iters=5", "bot 'ismcts' has no option 'iters'; its options: iterations (an integer ≥ 1)"),
        ("simulate", "heuristic:samples=3", "bot 'heuristic' has no option 'samples' in golf (it is for olympicards)"),
        ("play", "ismcts:iterations=abc", "ismcts option 'iterations' must be an integer ≥ 1, not 'abc'"),
        ("tournament", "ismcts:c=-1,random", "ismcts option 'c' must be a number ≥ 0, not '-1'"),
    ],
)
def test_bad_bot_options_name_the_option_its_type_and_range(command: str, spec: str, message: str) -> None:
    games = ["-n", "2"] if command != "play" else []
    code, output = invoke(command, "golf", "--bots", spec, *games)
    assert code == 2
    assert message in output
    assert len(output.strip().splitlines()) == 1
    assert "not supported between" not in output


def test_options_are_converted_to_their_declared_type() -> None:
    golf = get_game("golf")
    bot = make_agent("ismcts:iterations=1e2:c=1", golf, 0, 1)
    assert isinstance(bot, ISMCTS)
    assert bot.budget.iterations == 100 and isinstance(bot.budget.iterations, int)
    assert bot.c == 1.0
    with pytest.raises(PodiumError, match="ismcts option 'iterations' must be an integer ≥ 1, not 'many'"):
        make_agent("ismcts", golf, 0, 1, iterations="many")


def test_each_game_declares_only_its_own_heuristic_options() -> None:
    assert [o.name for o in bot_options("heuristic", "golf")] == ["noise", "knock_margin", "knock_drift", "knock_sure",
                                                                  "unknown_margin", "owner_bias", "take_margin",
                                                                  "close_margin"]  # fmt: skip
    # the frozen baseline keeps the options it had (issue 17)
    assert [o.name for o in bot_options("heuristic-v1", "golf")] == ["noise", "knock_margin", "unknown_margin",
                                                                     "owner_bias"]  # fmt: skip
    assert [o.name for o in bot_options("heuristic", "olympicards")] == ["noise", "samples", "card_value"]
    assert [o.name for o in bot_options("heuristic", "athletic")] == ["noise", "node_limit"]


# -- bot descriptions per game --------------------------------------------------------------------------------


def test_bot_descriptions_are_per_game() -> None:
    for name in ("heuristic", "ismcts", "hard", "easy", "medium"):
        texts = {game: agent_description(name, game) for game in ("golf", "athletic", "olympicards")}
        assert len(set(texts.values())) == 3, texts
    for name in agent_names("athletic"):
        assert "knock" not in agent_description(name, "athletic")
        assert "knock" not in agent_description(name, "olympicards")
    assert "knock" in agent_description("heuristic", "golf")
    assert "solver" in agent_description("heuristic", "athletic")
    assert "= ismcts:iterations=150" in agent_description("hard", "athletic")
    assert "= ismcts:iterations=600:depth=1" in agent_description("hard", "golf")


def test_rules_describes_the_bots_of_that_game() -> None:
    lines = {}
    for game in ("golf", "athletic", "olympicards"):
        code, output = invoke("rules", game)
        assert code == 0, output
        flat = " ".join(output.split())
        lines[game] = flat[flat.index("Bots:") :]
    assert len(set(lines.values())) == 3
    assert "knock" not in lines["athletic"] and "knock" not in lines["olympicards"]
    assert "knock" in lines["golf"]
    assert "solver (" in lines["athletic"] and "solver (" not in lines["golf"]
    assert "card_value" in lines["olympicards"] and "card_value" not in lines["golf"]


# -- simulate: labels of result details -----------------------------------------------------------------------


def test_a_detail_that_is_already_a_mean_is_labelled_once(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    code, output = invoke("simulate", "olympicards", "-n", "2", "--out", str(out))
    assert code == 0, output
    assert "mean sport rounds:" in output and "mean mean" not in output
    # The JSON keys users rely on keep their names.
    assert "mean_sport_rounds" in json.loads(out.read_text())["summary"]["detail_means"]
    code, output = invoke("simulate", "olympicards", "-n", "2", "--compare", "--rule", "world_record=false",
                          "--rule", "world_record=true")  # fmt: skip
    assert code == 0, output
    assert "mean sport rounds" in output and "mean mean" not in output


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
    code, output = invoke(command, "golf", "--bots", "random,heuristic", "-n", "2", "--backend", "ray",
                          "--address", "127.0.0.1:1")  # fmt: skip
    assert code == 2
    assert "cannot reach a Ray cluster at 127.0.0.1:1: connection refused" in output
    assert "ray start --head" in output and "drop --address" in output
    assert len(output.strip().splitlines()) == 1


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.1:port", ":6379", "127.0.0.1:70000"])
def test_a_malformed_ray_address_says_what_to_give(address: str) -> None:
    pytest.importorskip("ray")
    code, output = invoke("simulate", "golf", "-n", "2", "--backend", "ray", "--address", address)
    assert code == 2
    assert f"--address {address!r}: give the cluster's HOST:PORT, e.g. --address 127.0.0.1:6379" in output


# -- tournament: how many games and why, said up front; a time estimate that stays alive ---------------------------


def test_tournament_says_up_front_how_many_games_and_why(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    bots = "random,heuristic,easy,medium,heuristic:noise=0.5"
    code, output = invoke(
        "tournament", "golf", "--bots", bots, "--games", "10", "--rule", "rounds=1", "--out", str(out)
    )
    assert code == 0, output
    flat = " ".join(output.split())
    plan = (
        "5 bots on 5 seats → 120 seat arrangements (permute: every order of the 5 bots), each deal played in every "
        "arrangement; --games 10 rounded up to 1 deal × 120 = 120 games; use --seating rotate for fewer "
        "(5 arrangements per deal: 10 games)"
    )
    assert flat.startswith(plan)  # before the tables
    assert "Golf tournament: 120 games (1 deal × 120 seatings)" in flat
    data = json.loads(out.read_text())
    assert data["games"] == 120 and data["seating"] == "permute"
    code, output = invoke("tournament", "golf", "--bots", bots, "--games", "10", "--rule", "rounds=1",
                          "--seating", "rotate")  # fmt: skip
    assert code == 0, output
    flat = " ".join(output.split())
    assert "→ 5 seat arrangements (rotate: every bot in every seat once per deal)" in flat
    assert "--games 10 = 2 deals × 5 = 10 games" in flat and "use --seating" not in flat


def test_auto_seating_says_when_it_chose_rotate() -> None:
    code, output = invoke("tournament", "olympicards", "--bots", "random,heuristic,easy,medium,heuristic:noise=0.5,"
                          "heuristic:noise=0.8", "--games", "6", "--seed", "1")  # fmt: skip
    assert code == 0, output
    plan = "6 bots on 6 seats → 6 seat arrangements (rotate: every bot in every seat once per deal; permute would "
    plan += "need 720)"
    assert plan in " ".join(output.split())


def test_time_left_counts_down_from_the_whole_runs_rate() -> None:
    assert time_left(0, 100, None, 5.0) is None  # nothing finished yet: unknown
    # 10 of 100 units in 20 s: the run ends at 200 s, whenever it is asked.
    assert time_left(10, 100, 20.0, 20.0) == 180.0
    assert time_left(10, 100, 20.0, 50.0) == 150.0  # no update for 30 s: still an estimate, counting down
    assert time_left(10, 100, 20.0, 500.0) == 0.0
    assert time_left(5, None, 1.0, 2.0) is None


def test_in_this_process_progress_is_reported_after_every_game() -> None:
    golf = get_game("golf")
    done: list[int] = []
    simulate(golf, golf.config_type(rounds=1), ["random", "random"], 7, progress=done.append)
    assert done == [1, 2, 3, 4, 5, 6, 7]


def test_rules_in_titles_are_written_as_rule_takes_them() -> None:
    code, output = invoke("simulate", "olympicards", "-n", "1", "--rule", "world_record=true")
    assert code == 0, output
    assert "Olympicards: 1 game, world_record=true" in output and "True" not in output
