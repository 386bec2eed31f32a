"""docs/architecture.md, "Where each rule lives": every numbered rule of each built-in game has one home.

For each game installed from podium itself, every rule number of its `rules.md` (headings `### X-5` and items
`**X-5.2**`) has a row naming one place, `module` or `module:Qualified.name`; the place exists, and its source cites
the rule (or the heading it belongs to), so that a reader who follows the row finds the rule's code, and a rule moved
elsewhere without its row fails here.
"""

from __future__ import annotations

import importlib
import inspect
import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from podium.core.registry import get_game

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
RULE = r"[A-Z]+-\d+(?:\.\d+)?"
HEADING = re.compile(rf"^### ({RULE}) \S", re.MULTILINE)
ITEM = re.compile(rf"^\*\*({RULE})\*\* \S", re.MULTILINE)
ROW = re.compile(rf"^\| ({RULE}) \| `([\w.]+(?::[\w.]+)?)` \|", re.MULTILINE)


def built_in_games() -> list[str]:
    """The games podium itself ships (a plugin's rules and their homes are its own distribution's)."""
    return sorted(ep.name for ep in entry_points(group="podium.games") if ep.value.startswith("podium."))


def numbered_rules(game: str) -> list[str]:
    text = get_game(game).rules_text()
    return [m.group(1) for m in HEADING.finditer(text)] + [m.group(1) for m in ITEM.finditer(text)]


def homes() -> dict[str, str]:
    """Rule number -> its place, from the tables of the section "Where each rule lives"."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start = text.index("## Where each rule lives")
    end = text.find("\n## ", start + 1)
    found: dict[str, str] = {}
    for match in ROW.finditer(text[start : end if end > 0 else len(text)]):
        rule, place = match.groups()
        assert rule not in found, f"{rule} has two rows"
        found[rule] = place
    return found


def source_of(place: str) -> str:
    module_name, _, qualname = place.partition(":")
    target: object = importlib.import_module(module_name)
    for part in filter(None, qualname.split(".")):
        target = getattr(target, part)
    if isinstance(target, property):
        target = target.fget
    return inspect.getsource(target)  # type: ignore[arg-type]


def cites(source: str, rule: str) -> bool:
    """The source names `rule`, or a sub-rule of it, or (for an item `X-5.2`) its heading `X-5`."""
    heading = rule.split(".", maxsplit=1)[0]
    return re.search(rf"\b{re.escape(rule)}(?![\d])", source) is not None or (
        heading != rule and re.search(rf"\b{re.escape(heading)}(?![.\d])", source) is not None
    )


@pytest.mark.parametrize("game", built_in_games())
def test_every_numbered_rule_has_one_home(game: str) -> None:
    rules = numbered_rules(game)
    assert rules, f"{game}: no numbered rules"
    table = homes()
    missing = [rule for rule in rules if rule not in table]
    assert not missing, f"{game}: rules without a row in docs/architecture.md 'Where each rule lives': {missing}"


@pytest.mark.parametrize("game", built_in_games())
def test_each_home_exists_and_cites_its_rule(game: str) -> None:
    table = homes()
    silent = [f"{rule} at {table[rule]}" for rule in numbered_rules(game) if not cites(source_of(table[rule]), rule)]
    assert not silent, f"{game}: homes whose code does not cite their rule: {silent}"


def test_no_row_for_a_rule_that_does_not_exist() -> None:
    known = {rule for game in built_in_games() for rule in numbered_rules(game)}
    unknown = sorted(set(homes()) - known)
    assert not unknown, f"rows for rules no rules.md has: {unknown}"
