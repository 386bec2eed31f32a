"""`podium report`'s page in Debian's chromium: every section and every plot is there and drawn, and opening it asks
nothing of any network (the page is one self-contained file). On a report made here (the plugin game, with
`--compare`) and on each committed example report (docs/reports/, docs/report.md), whose pictures go to
docs/screenshots/ with PODIUM_UPDATE_SCREENSHOTS=1 (the other browser tests' switch)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import ARTIFACTS, DOC_SHOTS, REPO, UPDATE_DOCS
from typer.testing import CliRunner

from podium.cli.app import app

EXAMPLES = sorted((REPO / "docs" / "reports").glob("*.html"))
SECTIONS = ("fairness", "length", "skill", "rules")


def open_report(browser: Any, path: Path, requests: list[str]) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # every request the page makes, the page itself included: anything but this file is a fetch from outside
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page


def check_page(page: Any, doc: dict[str, Any], requests: list[str], path: Path) -> None:
    assert requests == [path.as_uri()], f"the report fetched {requests[1:]}"
    for block in doc["players"]:
        n = block["players"]
        sections = [*SECTIONS, *(["compare"] if block["differences"] else [])]
        for section in sections:
            located = page.locator(f"#p{n}-{section}")
            assert located.count() == 1, f"no section p{n}-{section}"
            assert located.locator("h3").first.is_visible()
        plots = page.locator(f"#p{n} figure[data-figure] svg")
        assert plots.count() >= 4
        for i in range(plots.count()):
            box = plots.nth(i).bounding_box()
            assert box is not None and box["width"] > 200 and box["height"] > 100, f"plot {i} is not drawn"
        for name in ("fairness", "decisions", "turns", "ratings", "matrix"):
            assert page.locator(f'figure[data-figure="p{n}-{name}"]').count() == 1, name
        expected = len(block["variants"][0]["rules"])
        assert page.locator(f"#p{n}-rules figure[data-figure]").count() >= expected
    assert doc["command"] in page.locator("#repro pre").inner_text()


def shoot(page: Any, name: str, selector: str | None = None) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    if selector is None:
        page.screenshot(path=str(path))
    else:
        page.locator(selector).screenshot(path=str(path))
    if UPDATE_DOCS:
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / f"{name}.png")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("report") / "kuhn.html"
    result = CliRunner().invoke(
        app,
        ["report", "kuhn", "--players", "2-3", "--games", "20", "--ladder-games", "12", "--ladder", "random,easy",
         "--compare", "hands=1,3", "--workers", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    yield out


def test_a_report_made_here_shows_every_section_and_plot_offline(browser: Any, made: Path) -> None:
    requests: list[str] = []
    page = open_report(browser, made, requests)
    try:
        check_page(page, json.loads(made.with_suffix(".json").read_text()), requests, made)
        assert page.locator("#p3-compare table tr").count() > 3
        shoot(page, "report-compare", "#p2-compare")
    finally:
        page.context.close()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_committed_example_reports_open_offline(browser: Any, path: Path) -> None:
    requests: list[str] = []
    page = open_report(browser, path, requests)
    try:
        check_page(page, json.loads(path.with_suffix(".json").read_text()), requests, path)
        shoot(page, f"report-{path.stem}")
        shoot(page, f"report-{path.stem}-skill", "#p2-skill")
        shoot(page, f"report-{path.stem}-rules", "#p2-rules")
    finally:
        page.context.close()


def test_there_is_an_example_report_for_each_built_in_game() -> None:
    assert {p.stem for p in EXAMPLES} >= {"athletic", "golf", "olympicards"}
