"""The browser client reads actions as JSON (issue 27): a sync's `last` carries the action's `to_json()` beside its
text (docs/protocol.md), so neither the shell nor a game's renderer parses a game's notation."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from podium.core.registry import game_names, get_spec
from podium.server.renderers import parse_web_ref

STATIC_JS = Path(__file__).resolve().parents[2] / "src" / "podium" / "web" / "static" / "js"


def renderer_folders() -> list[Path]:
    folders = []
    for name in game_names():
        web = get_spec(name).web
        if web is not None:
            ref = parse_web_ref(web, where=name)
            folders.append(Path(str(resources.files(ref.package).joinpath(*ref.folder))))
    return folders


def client_modules() -> list[Path]:
    return sorted(STATIC_JS.rglob("*.js")) + [js for folder in renderer_folders() for js in sorted(folder.glob("*.js"))]


@pytest.mark.parametrize("module", client_modules(), ids=lambda p: "/".join(p.parts[-3:]))
def test_no_client_module_reads_an_action_back_from_its_text(module: Path) -> None:
    source = module.read_text(encoding="utf-8")
    assert "textAction" not in source, f"{module}: read `last.action` (the action's JSON), not its text"
    # no renderer matches a sync's `last.text` against the game's notation
    assert not re.search(r"last\.text\b", source), f"{module}: `last.text` is for a log line only"
