"""The compiled build: `PODIUM_USE_MYPYC=1` at install time (setup.py, build_backend/) compiles the Athletic solver
with mypyc, and the compiled solver answers exactly as the Python one — its plans, the nodes it searched to prove
them, and every action of `hard` bots' whole games. Without the switch the build is pure Python; the sdist carries
the in-tree build backend, so that it builds too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = Path(__file__).with_name("athletic_answers.py")

pytestmark = pytest.mark.slow


def _project_copy(into: Path) -> Path:
    """What a build reads, without the checkout's own build products (an editable compiled install puts its
    extensions beside the sources)."""
    into.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, into / name)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    shutil.copytree(ROOT / "build_backend", into / "build_backend", ignore=skip)
    shutil.copytree(ROOT / "src", into / "src", ignore=skip)
    return into


def _wheel(project: Path, into: Path, switch: str | None) -> subprocess.CompletedProcess[str]:
    # the test venv's setuptools and mypy (the test extra), so that the test downloads nothing
    env = {k: v for k, v in os.environ.items() if k != "PODIUM_USE_MYPYC"}
    if switch is not None:
        env["PODIUM_USE_MYPYC"] = switch
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(into), str(project)]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False, timeout=900)


def _answers(pythonpath: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    done = subprocess.run(
        [sys.executable, str(ANSWERS)], env=env, capture_output=True, text=True, check=False, timeout=900
    )
    assert done.returncode == 0, done.stderr
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


def test_the_compiled_solver_answers_exactly_as_the_python_one(tmp_path: Path) -> None:
    project = _project_copy(tmp_path / "project")
    built = _wheel(project, tmp_path / "wheels", "1")
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "wheels").glob("podium-*.whl")
    install = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "-q",
        "--no-deps",
        "--target",
        str(tmp_path / "site"),
        str(wheel),
    ]
    subprocess.run(install, check=True, capture_output=True, timeout=300)

    compiled = _answers(tmp_path / "site")
    python = _answers(project / "src")

    assert Path(compiled["podium"]) == tmp_path / "site" / "podium"
    assert all(compiled["compiled"].values()), compiled["compiled"]
    assert Path(python["podium"]) == project / "src" / "podium"
    assert not any(python["compiled"].values()), python["compiled"]
    assert len(python["answers"]) > 1000  # six whole games with a solve at every turn start
    assert compiled["answers"] == python["answers"]

    version = [sys.executable, "-c", "from podium.cli.app import main; main()", "version", "--build"]
    told = subprocess.run(
        version,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "site"), "COLUMNS": "200"},
        check=False,
        capture_output=True,
        text=True,
    )
    assert told.returncode == 0, told.stderr
    assert [line.removeprefix("compiled: ") for line in told.stdout.splitlines()[1:]] == sorted(compiled["compiled"])


def test_without_the_switch_the_build_is_pure_python(tmp_path: Path) -> None:
    built = _wheel(_project_copy(tmp_path / "project"), tmp_path / "wheels", None)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "wheels").glob("podium-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".so")]


def test_a_switch_other_than_0_or_1_is_refused_with_what_is_allowed(tmp_path: Path) -> None:
    built = _wheel(_project_copy(tmp_path / "project"), tmp_path / "wheels", "yes")
    assert built.returncode != 0
    assert "PODIUM_USE_MYPYC='yes': use 1 to compile the Athletic solver with mypyc, 0 not to" in built.stderr
    assert not (tmp_path / "wheels").exists() or not list((tmp_path / "wheels").iterdir())


def test_the_sdist_carries_the_build_backend_and_builds_a_wheel(tmp_path: Path) -> None:
    project = _project_copy(tmp_path / "project")
    backend = (
        "import sys; sys.path.insert(0, 'build_backend'); import podium_build; podium_build.build_sdist(sys.argv[1])"
    )
    subprocess.run(
        [sys.executable, "-c", backend, str(tmp_path / "sdist")], cwd=project, check=True, capture_output=True
    )
    (sdist,) = (tmp_path / "sdist").glob("podium-*.tar.gz")
    with tarfile.open(sdist) as archive:
        assert f"{sdist.name.removesuffix('.tar.gz')}/build_backend/podium_build.py" in archive.getnames()

    built = _wheel(sdist, tmp_path / "wheels", None)
    assert built.returncode == 0, built.stdout + built.stderr
    assert list((tmp_path / "wheels").glob("podium-*-py3-none-any.whl"))
