"""`podium simulate` and `podium tournament` as a user meets them: tables, JSON, plots, and one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from podium.cli.app import app
from podium.sim.stats import Aggregate

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_simulate_writes_json_results(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    code, output = invoke("simulate", "kuhn", "-n", "12", "-p", "3", "--rule", "hands=2", "--seed", "5", "--out",
                          str(out))  # fmt: skip
    assert code == 0, output
    assert "12 games" in output and "wins by turn order" in output and "games/s" in output
    assert "mean hands: 2.00" in output and "hands played: 12" in output
    data = json.loads(out.read_text())
    assert data["kind"] == "simulation" and data["game"] == "kuhn" and data["games"] == 12
    assert data["rules"] == {"hands": 2} and data["config"]["hands"] == 2
    assert data["bots"] == ["random"] * 3 and data["seed"] == 5 and data["workers"] == 1
    summary = data["summary"]
    assert len(summary["seats"]) == 3 and summary["lower_is_better"] is False
    assert sum(seat["win_share"] for seat in summary["seats"]) == pytest.approx(1.0)
    assert summary["detail_means"]["hands"] == 2
    aggregate = Aggregate.from_json(data["aggregate"])
    assert aggregate.games == 12 and sum(aggregate.length_hist.values()) == 12


def test_simulate_with_two_workers_writes_the_same_aggregate(tmp_path: Path) -> None:
    outs = [tmp_path / "one.json", tmp_path / "two.json"]
    for workers, out in zip(("1", "2"), outs, strict=True):
        code, output = invoke("simulate", "kuhn", "-n", "16", "-p", "3", "-w", workers, "--out", str(out))
        assert code == 0, output
    one, two = (json.loads(p.read_text()) for p in outs)
    assert one["aggregate"] == two["aggregate"] and one["summary"] == two["summary"]
    assert two["workers"] == 2


def test_simulate_draws_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "sim.png"
    code, output = invoke("simulate", "kuhn", "-n", "10", "--rule", "hands=3", "--plot", str(plot))
    assert code == 0, output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and plot.stat().st_size > 10_000
    assert f"plot written to {plot}" in output.replace("\n", "")


def test_compare_reports_the_differences(tmp_path: Path) -> None:
    out = tmp_path / "compare.json"
    code, output = invoke("simulate", "kuhn", "-n", "8", "--compare", "--rule", "hands=2", "--rule", "hands=4",
                          "--rule", "bet=2", "--out", str(out))  # fmt: skip
    assert code == 0, output
    assert "B − A" in output and "mean hands" in output and "winner changed in" in output
    data = json.loads(out.read_text())
    assert data["kind"] == "comparison"
    assert data["variants"]["a"]["rules"] == {"bet": 2, "hands": 2}
    assert data["variants"]["b"]["rules"] == {"bet": 2, "hands": 4}
    assert data["summary"]["a"]["detail_means"]["hands"] == 2
    assert data["summary"]["b"]["detail_means"]["hands"] == 4


def test_tournament_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "tournament.json"
    code, output = invoke("tournament", "kuhn", "--bots", "random,easy", "--games", "6", "--rule", "hands=2",
                          "--seed", "3", "--out", str(out))  # fmt: skip
    assert code == 0, output
    assert "Kuhn poker tournament: 6 games (3 deals × 2 seatings), 2 players" in output
    assert "Wilson 95%" in output and "random 3/3; easy 3/3" in output
    data = json.loads(out.read_text())
    assert data["kind"] == "tournament" and data["deals"] == 3
    assert data["seatings"] == [["random", "easy"], ["easy", "random"]]
    bots = {row["bot"]: row for row in data["summary"]["bots"]}
    assert set(bots) == {"random", "easy"}
    assert bots["random"]["win_rate"] + bots["easy"]["win_rate"] == pytest.approx(1.0)
    low, high = bots["random"]["win_rate_ci95"]
    assert low <= bots["random"]["win_rate"] <= high
    assert bots["random"]["games_by_seat"] == [3, 3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "kuhn", "--backend", "dask"], "unknown backend 'dask'; backends are: local, ray"),
        (["simulate", "kuhn", "--workers", "0"], "--workers must be a whole number of at least 1, not 0"),
        (["tournament", "kuhn", "--bots", "random,easy", "-w", "-1"], "--workers must be a whole number"),
        (["simulate", "kuhn", "--address", "127.0.0.1:1"], "--address is the address of a Ray cluster"),
        (["simulate", "kuhn", "--compare", "--rule", "hands=3"], "--compare needs a rule given twice"),
        (["simulate", "kuhn", "--compare", "--rule", "hands=3", "--rule", "hands=ten"], "invalid value 'ten'"),
        (["tournament", "kuhn", "--bots", "random"], "a tournament needs at least two bots"),
        (["tournament", "kuhn", "--bots", "random,random"], "--bots names 'random' twice"),
        (["tournament", "kuhn", "--bots", "random,genius"], "unknown bot 'genius' for kuhn"),
        (["tournament", "kuhn", "--bots", "random,easy", "-p", "9"], "Kuhn poker is for 2 to 3 players, not 9"),
        (["tournament", "kuhn", "--bots", "random,easy", "-p", "3", "--seating", "permute"], "--seating rotate"),
        (["tournament", "kuhn", "--bots", "random,easy", "--seating", "x"], "unknown seating 'x'"),
        (["simulate", "kuhn", "--out", "/no/such/dir/r.json"], "cannot write '/no/such/dir/r.json': no such directory"),
        (["tournament", "kuhn", "--bots", "random,easy", "--out", "/"], "cannot write '/': it is a directory"),
        (["simulate", "kuhn", "--plot", "plot.xyz"], "--plot 'plot.xyz': the file name must end in one of"),
    ],
)
def test_user_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    code, output = invoke(*args)
    assert code == 2
    assert message in output
    assert len(output.strip().splitlines()) == 1


def test_missing_ray_and_matplotlib_say_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    code, output = invoke("simulate", "kuhn", "--backend", "ray")
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "the Ray backend needs the ray package: pip install 'podium[ray]'" in output
    code, output = invoke("tournament", "kuhn", "--bots", "random,easy", "--backend", "ray")
    assert code == 2 and "pip install 'podium[ray]'" in output
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    plot = tmp_path / "p.png"
    code, output = invoke("simulate", "kuhn", "-n", "2", "--plot", str(plot))
    assert code == 2 and len(output.strip().splitlines()) == 1
    assert "--plot needs the matplotlib package: pip install 'podium[plot]'" in output
    assert not plot.exists()


def _rows(output: str) -> list[list[str]]:
    """The cells of each row of a printed rich table (`│ 1 │ random │ …`)."""
    return [[cell.strip() for cell in line.strip("│ ").split("│")] for line in output.splitlines() if "│" in line]


def test_the_printed_tables_count_seats_from_1_and_the_json_from_0(tmp_path: Path) -> None:
    # Players count seats from 1 in every front end (play, replay, review, the web); records, views and the JSON
    # results keep the 0-based seats docs/results.md documents.
    out = tmp_path / "sim.json"
    code, output = invoke("simulate", "kuhn", "-n", "6", "-p", "3", "--seed", "2", "--out", str(out))
    assert code == 0, output
    assert [row[:2] for row in _rows(output)] == [["1", "random"], ["2", "random"], ["3", "random"]]
    assert [seat["seat"] for seat in json.loads(out.read_text())["summary"]["seats"]] == [0, 1, 2]

    code, output = invoke("simulate", "kuhn", "-n", "4", "--compare", "--rule", "hands=2", "--rule", "hands=3")
    assert code == 0, output
    labels = [row[0] for row in _rows(output) if row[0].startswith("seat")]
    assert labels == ["seat 1 (random): mean score", "seat 2 (random): mean score", "seat 1: wins", "seat 2: wins"]

    code, output = invoke("tournament", "kuhn", "--bots", "random,easy", "--games", "2", "--seed", "3")
    assert code == 0, output
    assert "games per seat 1/2/…: random 1/1; easy 1/1" in output
