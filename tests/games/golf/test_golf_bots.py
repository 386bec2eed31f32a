"""Golf's bots use the state's public read-only accessors only (issue 12: bots read no private state)."""

from __future__ import annotations

import ast
from pathlib import Path

from podium.games.golf import bots


def test_the_bots_read_no_private_attribute_of_another_object() -> None:
    found = []
    for path in sorted(Path(bots.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if private and not own:
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert found == []
