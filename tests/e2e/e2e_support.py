"""Helpers for the browser tests: the server process, and driving the lobby and the table pages like a person."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving

CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")  # Debian's chromium (installed by .ci/run)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PODIUM_E2E_ARTIFACTS", REPO / "build" / "e2e-artifacts"))
DOC_SHOTS = REPO / "docs" / "screenshots"
# Set PODIUM_UPDATE_SCREENSHOTS=1 to copy the tables' pictures to docs/screenshots (off in CI: it would dirty the tree).
UPDATE_DOCS = os.environ.get("PODIUM_UPDATE_SCREENSHOTS") == "1"


@dataclass
class LiveServer:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def start_server(db: Path, port: int | None = None) -> LiveServer:
    """`podium serve` on a free loopback port with its own database and bots that move at once."""
    port = port or free_port()
    log = db.with_name(f"{db.stem}-{port}-{time.monotonic_ns()}.log")
    process = spawn_serve(db, port, log=log)
    wait_serving(process, port, log=log)
    return LiveServer(f"http://{HOST}:{port}", process, log)


def shoot(page: Any, name: str, *, docs: bool = False) -> Path:
    """A screenshot in the artifacts folder; with `docs` also copied to docs/screenshots when asked for."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if docs and UPDATE_DOCS:
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / f"{name}.png")
    return path


# ---------------------------------------------------------------- lobby and joining


def create_table(
    page: Any, game: str, *, name: str, seats: list[str], options: dict[str, Any] | None = None, base: str = ""
) -> str:
    """Create a table from the lobby (of the server at `base`; default: the page's own). `seats` are the other
    seats: "human" or "bot:NAME". Returns the table's URL."""
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#your-name", name)
    page.fill("#players", str(len(seats) + 1))
    page.dispatch_event("#players", "input")
    for i, seat in enumerate(seats, start=1):
        page.select_option(f"#seat-{i}", seat)
    if options:
        page.click("#options-box summary")
        for option, value in options.items():
            field = f"#opt-{option}"
            if isinstance(value, bool):
                page.set_checked(field, value)
            elif page.eval_on_selector(field, "e => e.tagName") == "SELECT":
                page.select_option(field, str(value))
            else:
                page.fill(field, str(value))
    page.click("#create")
    page.wait_for_url("**/t/**")
    wait_synced(page)
    return str(page.url)


def join_table(page: Any, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_selector("#join-name")
    page.fill("#join-name", name)
    page.click(".join-form button[type=submit]")
    page.wait_for_function("document.body.dataset.seat !== undefined && document.body.dataset.seat !== ''")
    wait_synced(page)


# ---------------------------------------------------------------- the table page


def wait_synced(page: Any) -> None:
    page.wait_for_selector("body[data-version]")
    page.wait_for_selector("#conn[data-status=connected]")


def version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? -1)"))


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === 'true'"))


def is_over(page: Any) -> bool:
    return bool(page.locator(".result-panel").count())


def legal(page: Any) -> list[str]:
    return list(page.locator("#legal button.legal").evaluate_all("els => els.map(e => e.dataset.action)"))


def click_and_wait(page: Any, selector: str) -> int:
    """Click something that makes a move, then wait for the server's new snapshot. Returns the new version."""
    before = version(page)
    page.click(selector)
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    return version(page)


def wait_my_turn(page: Any, timeout: float = 20_000) -> None:
    page.wait_for_function(
        "document.body.dataset.myTurn === 'true' || !!document.querySelector('.result-panel')", timeout=timeout
    )


def no_horizontal_overflow(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))
