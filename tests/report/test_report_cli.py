"""`podium report` on the plugin game (Kuhn poker, which has no `report` facet): every figure the report shares with
`podium simulate` and `podium tournament --out` equals theirs on the same seeds, the same command gives the same
figures, the page is self-contained, and bad options are refused before anything is played or written."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from podium.cli.app import app

runner = CliRunner()
LADDER = "random,easy,medium"
SEED = 11


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def report(tmp: Path, name: str, *extra: str) -> dict[str, Any]:
    out = tmp / f"{name}.html"
    code, output = invoke("report", "kuhn", "--players", "2", "--games", "30", "--ladder-games", "12",
                          "--ladder", LADDER, "--seed", str(SEED), "--out", str(out), *extra)  # fmt: skip
    assert code == 0, output
    data: dict[str, Any] = json.loads(out.with_suffix(".json").read_text())
    return data


# A whole report's runs on worker processes (`compared` and each test's own): the full suite's, not the fast tier's.
REPORT_RUN = pytest.mark.slow


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("report")
    return tmp, report(tmp, "compared", "--compare", "hands=1,3")


def without_times(value: Any) -> Any:
    """The document without its wall-clock fields (`seconds`, speeds), which differ from run to run."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in ("seconds", "games_per_second")}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


@REPORT_RUN
def test_fairness_figures_equal_podium_simulate(compared: tuple[Path, dict[str, Any]]) -> None:
    tmp, doc = compared
    for v, hands in enumerate(("1", "3")):
        out = tmp / f"sim{hands}.json"
        code, output = invoke("simulate", "kuhn", "--bots", "medium", "--players", "2", "--games", "30",
                              "--seed", str(SEED), "--rule", f"hands={hands}", "--out", str(out))  # fmt: skip
        assert code == 0, output
        sim = json.loads(out.read_text())
        variant = doc["players"][0]["variants"][v]
        assert variant["simulation"]["summary"] == sim["summary"]
        assert variant["simulation"]["aggregate"] == sim["aggregate"]
        by_position = variant["fairness"]["by_position"]
        for pos, entry in enumerate(sim["summary"]["turn_order"]):
            assert by_position[pos]["win_share"] == entry["win_share"]
            assert by_position[pos]["win_share_ci95"] == entry["win_share_ci95"]
        assert variant["length"]["decisions"]["mean"] == sim["summary"]["mean_actions"]


@REPORT_RUN
def test_differences_equal_podium_simulate_compare(compared: tuple[Path, dict[str, Any]]) -> None:
    tmp, doc = compared
    out = tmp / "compare.json"
    code, output = invoke("simulate", "kuhn", "--bots", "medium", "--players", "2", "--games", "30",
                          "--seed", str(SEED), "--compare", "--rule", "hands=1", "--rule", "hands=3",
                          "--out", str(out))  # fmt: skip
    assert code == 0, output
    summary = json.loads(out.read_text())["summary"]
    diff = doc["players"][0]["differences"][0]
    for mine, theirs in zip(diff["score_by_seat"], summary["score_difference_b_minus_a"], strict=True):
        assert (mine["mean"], mine["ci95"]) == (theirs["mean"], theirs["ci95"])
    theirs = summary["actions_difference_b_minus_a"]
    assert (diff["decisions"]["mean"], diff["decisions"]["ci95"]) == (theirs["mean"], theirs["ci95"])
    assert diff["winners_changed"] == summary["winners_changed"]


@REPORT_RUN
def test_ladder_figures_equal_podium_tournament(compared: tuple[Path, dict[str, Any]]) -> None:
    tmp, doc = compared
    for v, hands in enumerate(("1", "3")):
        out = tmp / f"tour{hands}.json"
        code, output = invoke("tournament", "kuhn", "--bots", LADDER, "--players", "2", "--games", "12",
                              "--seed", str(SEED), "--rule", f"hands={hands}", "--out", str(out))  # fmt: skip
        assert code == 0, output
        tour = json.loads(out.read_text())
        skill = doc["players"][0]["variants"][v]["skill"]
        assert skill["tournament"] == tour["summary"]
        assert skill["games"] == tour["games"]
        for b, bot in enumerate(skill["bots"]):
            row = next(r for r in tour["summary"]["bots"] if r["bot"] == bot)
            assert skill["win_rates"][b]["ci95"] == row["win_rate_ci95"]
            for c, other in enumerate(skill["bots"]):
                if c != b:
                    assert skill["win_matrix"][b][c] == tour["summary"]["head_to_head"][bot][other]


@REPORT_RUN
def test_same_command_same_figures(tmp_path: Path, compared: tuple[Path, dict[str, Any]]) -> None:
    _, first = compared
    again = report(tmp_path, "again", "--compare", "hands=1,3")
    assert without_times(again) == without_times(first)
    assert first["command"] == again["command"]
    assert f"--seed {SEED}" in first["command"] and "--compare hands=1,3" in first["command"]


@REPORT_RUN
def test_workers_give_the_same_figures(tmp_path: Path, compared: tuple[Path, dict[str, Any]]) -> None:
    _, first = compared
    pooled = report(tmp_path, "pooled", "--compare", "hands=1,3", "--workers", "2")
    assert without_times(pooled) == without_times(first)


@REPORT_RUN
def test_page_is_self_contained_and_says_how_to_reproduce(compared: tuple[Path, dict[str, Any]]) -> None:
    tmp, doc = compared
    page = re.sub(r'xmlns(:\w+)?="[^"]*"', "", (tmp / "compared.html").read_text())  # names, not requests
    for outside in (
        r"https?://",
        "<script",
        "<link",
        "<img",
        "<iframe",
        "@import",
        r"url\((?!#)",
        r"href=\"(?!#|data:)",
    ):
        assert re.search(outside, page) is None, outside
    for section in ("p2-fairness", "p2-length", "p2-skill", "p2-compare", "p2-rules", "repro", "reading"):
        assert f'id="{section}"' in page
    assert doc["podium"] in page and f"--seed {SEED}" in page
    assert "This game declares no figures of its own" in page  # Kuhn has no report facet


@REPORT_RUN
def test_the_page_counts_seats_from_1_and_the_json_from_0(compared: tuple[Path, dict[str, Any]]) -> None:
    # Seats are counted one way on every screen a person reads (the terminal, the web, this page); the JSON keeps
    # the records' 0-based seats.
    tmp, doc = compared
    page = (tmp / "compared.html").read_text()
    assert "mean score of seat 1" in page and "mean score of seat 2" in page
    assert "mean score of seat 0" not in page
    assert [s["seat"] for s in doc["players"][0]["differences"][0]["score_by_seat"]] == [0, 1]


@REPORT_RUN
def test_report_speaks_hungarian_and_norwegian(tmp_path: Path) -> None:
    for lang, word in (("hu", "Igazságosság helyenként"), ("nb", "Rettferdighet etter plass")):
        out = tmp_path / f"{lang}.html"
        code, output = invoke("report", "kuhn", "--players", "2", "--games", "4", "--ladder-games", "6",
                              "--ladder", "random,easy", "--lang", lang, "--out", str(out))  # fmt: skip
        assert code == 0, output
        page = out.read_text()
        assert f'<html lang="{lang}">' in page and word in page
        assert "Fairness by seat" not in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", "hands=1"], "--compare 'hands=1': give KEY=V1,V2"),
        (["--compare", "hands=1,1"], "a value is given twice"),
        (["--compare", "colour=red,blue"], "unknown rule option 'colour'"),
        (["--players", "9"], "players"),
        (["--players", "two"], "give a count, a range or a list"),
        (["--ladder", "random"], "a tournament needs at least two bots"),
        (["--bot", "nobody"], "nobody"),
        (["--lang", "fr"], "unknown language 'fr'; languages are: en, hu, nb"),
    ],
)
def test_bad_options_are_refused_before_anything_is_written(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "r.html"
    code, output = invoke("report", "kuhn", "--games", "2", "--out", str(out), *args)
    assert code == 2
    assert message in " ".join(output.split())
    assert not out.exists() and not out.with_suffix(".json").exists()


def test_out_must_be_an_html_page(tmp_path: Path) -> None:
    code, output = invoke("report", "kuhn", "--games", "2", "--out", str(tmp_path / "r.txt"))
    assert code == 2 and "give a name ending in .html" in output
