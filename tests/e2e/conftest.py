"""Browser tests: a real `podium serve` process and Debian's chromium driven by Playwright.

Skipped (with the reason) only when /usr/bin/chromium or the playwright package is missing *and* `CI` is not set;
in CI they always run (`.ci/run` installs chromium). Never `playwright install`: the browser is the system's.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LiveServer, start_server

HERE = Path(__file__).resolve().parent


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is absent (apt-get install -y chromium)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is None or os.environ.get("CI"):
        return  # in CI a missing browser is a failure, not a skip
    mark = pytest.mark.skip(reason=f"browser tests skipped: {reason}")
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE:
            item.add_marker(mark)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("e2e-db") / "podium.db")
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, for one test module. Playwright's synchronous API keeps its event loop marked as running in the
    thread while it is started, so any later test of the same worker that calls `asyncio.run` fails ("cannot be
    called from a running event loop"); stopped after each module, it leaves the thread as it found it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """`new_page(width=1280, height=900, locale="en-US", motion=False)`: a page in a fresh browser context (its own
    localStorage, so its own player) on the session's server (or on the site at `base_url`), whose browser speaks
    `locale` (the page picks its language from it: English unless asked). Its browser asks for reduced motion unless
    `motion`: the page then draws every move at once, as the tests that play whole games want; the tests of the
    animations and the pace ask for motion.
    Every page is photographed at the end of the test into the artifacts folder; JavaScript errors fail the test."""
    contexts: list[Any] = []
    pages: list[Any] = []
    errors: list[str] = []

    def make(
        width: int = 1280,
        height: int = 900,
        locale: str = "en-US",
        motion: bool = False,
        enforce_csp: bool = False,
        base_url: str | None = None,
    ) -> Any:
        # Playwright's polled `wait_for_function` evaluates its predicate as a string in the page, which the server's
        # strict Content-Security-Policy (no 'unsafe-eval') forbids: the tests' pages bypass the policy, but for
        # test_e2e_csp.py, which checks that the client itself runs under it.
        context = browser.new_context(
            viewport={"width": width, "height": height},
            base_url=base_url or request.getfixturevalue("server").url,
            locale=locale,
            reduced_motion="no-preference" if motion else "reduce",
            bypass_csp=not enforce_csp,
        )
        # 30 s: the whole suite runs beside the browsers on 2 cores, a page can be slow to answer there
        context.set_default_timeout(30_000)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"page {len(pages)}: {exc}"))
        contexts.append(context)
        pages.append(page)
        return page

    yield make
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, page in enumerate(pages):
        with contextlib.suppress(Exception):  # a page that crashed still lets the others be saved
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-end-{i}.png"), full_page=True)
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
