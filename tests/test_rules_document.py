"""The rules documents (src/podium/games/<game>/rules.md, index docs/rules.md) and the tests stay in step.

Every rule number a test, the code or the docs cite is a numbered rule of the matching document; every numbered rule
is named by at least one test; each document's option table is the game's config; every link resolves inside the
repository, and nothing points outside it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from podium.core.registry import game_names, get_game

ROOT = Path(__file__).resolve().parents[1]


def _games() -> dict[str, str]:
    """Rule letter -> game, for every installed game whose rules document ships in podium: the letter its numbered
    rules start with (`### G-1 …`)."""
    games = {}
    for name in game_names():
        path = ROOT / "src" / "podium" / "games" / name / "rules.md"
        if path.exists() and (first := re.search(r"^### ([A-Z])-\d+ \S", path.read_text(encoding="utf-8"), re.M)):
            assert first.group(1) not in games, f"{name} and {games.get(first.group(1))} number rules alike"
            games[first.group(1)] = name
    return games


GAMES = _games()
_LETTERS = "".join(sorted(GAMES))
CITATION = re.compile(rf"\b([{_LETTERS}])-(\d+)(?:\.(\d+))?\b")
HEADING = re.compile(rf"^### ([{_LETTERS}]-\d+) \S", re.MULTILINE)
ITEM = re.compile(rf"^\*\*([{_LETTERS}]-\d+\.\d+)\*\* \S", re.MULTILINE)
TEXT_SUFFIXES = {".md", ".py", ".toml", ".txt", ".js", ".html", ".css", ".json", ".cfg", ".yml", ".yaml", ".sh"}


TRANSLATIONS = ("hu", "nb")  # rules.<lang>.md beside each rules.md: the browser's rules panel in that language


def document(game: str, lang: str = "en") -> str:
    name = "rules.md" if lang == "en" else f"rules.{lang}.md"
    return (ROOT / "src" / "podium" / "games" / game / name).read_text(encoding="utf-8")


def numbered_rules(game: str, lang: str = "en") -> list[str]:
    """The rule numbers of a document, in order: headings `### G-5 …` and items `**G-5.3** …`."""
    text = document(game, lang)
    found = [(m.start(), m.group(1)) for m in HEADING.finditer(text)] + [
        (m.start(), m.group(1)) for m in ITEM.finditer(text)
    ]
    return [number for _, number in sorted(found)]


def cited_in_tests() -> dict[str, set[str]]:
    """Rule number -> the test files naming it in a `#` comment or a docstring."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path == Path(__file__).resolve():
            continue  # this checker names rules as examples; it tests none of them
        source = path.read_text(encoding="utf-8")
        texts = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                texts.append(ast.get_docstring(node, clean=False) or "")
        for text in texts:
            for match in CITATION.finditer(text):
                cited.setdefault(match.group(0), set()).add(str(path.relative_to(ROOT)))
    return cited


def repository_files(*roots: str) -> list[Path]:
    files: list[Path] = []
    for name in roots:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [
            f
            for f in candidates
            if f.is_file()
            and f.suffix in TEXT_SUFFIXES
            and not any(part.endswith(".egg-info") or part in {"__pycache__", "node_modules"} for part in f.parts)
        ]
    return files


@pytest.mark.parametrize("letter", sorted(GAMES))
def test_numbered_rules_are_well_formed(letter: str) -> None:
    numbers = numbered_rules(GAMES[letter])
    assert numbers, f"no numbered rules in {GAMES[letter]}/rules.md"
    assert len(numbers) == len(set(numbers)), "a rule number is used twice"
    section, part = 0, 0
    for number in numbers:
        assert number[0] == letter, f"{number} in the {GAMES[letter]} rules"
        major, _, minor = number[2:].partition(".")
        if minor:
            assert (int(major), int(minor)) == (section, part + 1), f"{number} out of order"
            part += 1
        else:
            assert int(major) == section + 1, f"{number} out of order"
            section, part = int(major), 0


def test_every_rule_a_test_cites_is_a_numbered_rule() -> None:
    known = {number for game in GAMES.values() for number in numbered_rules(game)}
    unknown = {number: sorted(files) for number, files in cited_in_tests().items() if number not in known}
    assert not unknown, f"tests cite rules that the rules documents do not number: {unknown}"


def test_every_rule_cited_in_the_code_and_docs_is_a_numbered_rule() -> None:
    known = {number for game in GAMES.values() for number in numbered_rules(game)}
    unknown = set()
    for path in repository_files("src", "bench", "docs", "README.md"):
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            if match.group(0) not in known:
                unknown.add(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not unknown, sorted(unknown)


def test_every_numbered_rule_is_named_by_a_test() -> None:
    # A rule with parts is tested through its parts (G-5 through G-5.1 … G-5.3), which are each required.
    cited = cited_in_tests()
    untested = [
        number
        for game in GAMES.values()
        for number in numbered_rules(game)
        if not any(c == number or c.startswith(number + ".") for c in cited)
    ]
    assert not untested, f"numbered rules that no test names in a comment or docstring: {untested}"


def option_table(game: str) -> list[list[str]]:
    text = document(game).split("## Rule options", 1)[1]
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def as_typed(value: object) -> str:
    """A default written as a user types it after `--rule KEY=`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_option_table_is_the_games_config(game: str) -> None:
    options = get_game(game).config_type.options()
    table = option_table(game)
    assert [row[0] for row in table] == [f"`{info.name}`" for info in options]
    for row, info in zip(table, options, strict=True):
        assert row[2] == f"`{as_typed(info.default)}`", f"{info.name}: default"
        rules = set(CITATION.findall(info.doc))
        assert rules <= set(CITATION.findall(row[3])), f"{info.name}: the meaning names other rules than the config"
        # The allowed values: every bound the config states (`integer 1..100`) is in the table (`1 … 100`).
        bounds = re.findall(r"(?<!\w)-?\d+", info.allowed.replace(",", " "))
        assert set(bounds) <= set(re.findall(r"(?<!\w)-?\d+", row[1].replace("−", "-"))), f"{info.name}: allowed values"


def structure(text: str) -> list[str]:
    """The skeleton of a document: its headings by level (`#`, `##`, `###` with the rule number if any), its numbered
    items, its table rows and its option names, in order; a translation has the same one."""
    out = []
    for line in text.splitlines():
        heading = re.match(r"(#{1,6}) (?:([AOG]-\d+) )?", line)
        if heading:
            out.append(f"{heading.group(1)} {heading.group(2) or ''}".strip())
        elif item := ITEM.match(line):
            out.append(item.group(1))
        elif line.startswith("|"):
            out.append("| " + " ".join(re.findall(r"^\| (`[a-z_]+`)", line)) + f" {line.count('|')} cells")
    return out


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_each_translation_has_the_english_documents_rules_and_headings(game: str, lang: str) -> None:
    # The rules panel shows rules.<lang>.md in the player's language: the same numbered rules (G-1 … G-8.5, in the
    # same order), the same headings at the same levels, the same tables and option names as the English document.
    assert numbered_rules(game, lang) == numbered_rules(game)
    english, translated = document(game), document(game, lang)
    assert translated.count("\n### ") == english.count("\n### ")
    assert structure(translated) == structure(english)
    # every rule cited in the text (`as in G-5.2`) and every option named is the English one's, and no English
    # paragraph was left untranslated
    assert sorted(set(CITATION.findall(translated))) == sorted(set(CITATION.findall(english)))
    options = {f"`{info.name}`" for info in get_game(game).config_type.options()}
    for option in options:
        assert (option in translated) == (option in english), option
    paragraphs = {p.strip() for p in english.split("\n\n") if len(p) > 80 and not p.lstrip().startswith("|")}
    assert not [p for p in paragraphs if p in translated], "paragraphs left in English"


@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_the_contract_reads_the_document(game: str) -> None:
    assert get_game(game).rules_text() == document(game)


def test_the_index_links_every_rules_document() -> None:
    index = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for game in GAMES.values():
        assert f"](../src/podium/games/{game}/rules.md)" in index


LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_relative_links_in_the_markdown_resolve_inside_the_repository() -> None:
    broken = []
    for path in repository_files("README.md", "docs", "src", "bench", "tests"):
        if path.suffix != ".md":
            continue
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or an anchor in the same page
            resolved = (path.parent / target.split("#", 1)[0]).resolve()
            if not resolved.exists() or ROOT not in resolved.parents:
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_nothing_points_outside_the_repository() -> None:
    # The rules used to live in a file beside the repository; the project's own documents replace it.
    outside = ("../" + "shared", "RULES" + ".md")
    mentions = []
    for path in repository_files("README.md", "pyproject.toml", "docs", "src", "tests", "bench"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(word in line for word in outside):
                mentions.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not mentions, mentions


# What no original rule sheet says (issue 29): a publisher and year, a playing time, an age, a BoardGameGeek id. The
# documents state only the sheets' rules and podium's marked Decisions (the project's rules reference).
NOT_IN_THE_SHEETS = re.compile(
    r"Djeco|BoardGameGeek|\b(19|20)\d\d\b|\bminutes?\b|\bperc\b|minutter|\bage \d|éves\b|\bfra \d+ år\b"
)


@pytest.mark.parametrize("lang", ("en", *TRANSLATIONS))
@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_documents_state_nothing_the_sheets_do_not(game: str, lang: str) -> None:
    text = document(game, lang)
    assert not NOT_IN_THE_SHEETS.search(text), NOT_IN_THE_SHEETS.search(text)
