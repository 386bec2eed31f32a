"""What every test folder shares: the tiers (README.md, "For developers") and the golden files.

Tiers: a test marked `slow` is left out of the fast tier (`pytest -n auto -m "not slow"`); the full suite (CI,
`.ci/run`) runs everything. Whole folders and modules of slow checks are marked here, by path, so that a new test in
them is slow too; a slow test elsewhere says so itself (`pytestmark = pytest.mark.slow` or `@pytest.mark.slow`).

Golden files: a test that pins down what today's code computes (`golden.check(name, value)`) compares it with
`golden/<name>.json` beside the test module. When a rule or a bot changes on purpose, write them again from today's
code with `pytest -m golden --update-golden` and review the diff: the change must be the one intended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent

# Folders and modules whose every test is slow: browser tests, wheel builds, mypy and ruff over the tree, a Ray
# cluster, a server killed and restarted many times, JAX batch engines (each variant compiles its own XLA program).
SLOW_PATHS = (
    "e2e",
    "packaging",
    "test_quality.py",
    "sim/test_ray_backend.py",
    "server/test_restart.py",
    "jax_batch",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="write the golden files (tests/**/golden/*.json) from today's code instead of comparing with them",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = [TESTS / path for path in SLOW_PATHS]
    for item in items:
        path = Path(item.path)
        if any(path == place or place in path.parents for place in slow):
            item.add_marker(pytest.mark.slow)


class Golden:
    """Compares a JSON value with its golden file, or writes the file under `--update-golden`."""

    def __init__(self, folder: Path, update: bool) -> None:
        self.folder = folder
        self.update = update

    def path(self, name: str) -> Path:
        return self.folder / "golden" / f"{name}.json"

    def check(self, name: str, value: Any) -> None:
        path = self.path(name)
        # through JSON text, so that tuples compare with the lists read back
        now = json.loads(json.dumps(value))
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_dumps(now))
            return
        if not path.exists():
            pytest.fail(f"no golden file {path.relative_to(TESTS)}: write it with `pytest -m golden --update-golden`")
        recorded = json.loads(path.read_text())
        assert now == recorded, (
            f"{path.relative_to(TESTS)} differs from today's code; if the change is intended, write it again with "
            "`pytest -m golden --update-golden` and review the diff"
        )


def _dumps(value: Any) -> str:
    """A list one item a line (a diff then names the items that changed), anything else on one line."""
    if isinstance(value, list):
        return "[\n" + ",\n".join(json.dumps(item) for item in value) + "\n]\n"
    return json.dumps(value) + "\n"


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    return Golden(Path(request.path).parent, bool(request.config.getoption("--update-golden")))
