"""The architecture holds (docs/architecture.md): a game is one package, found through its entry point; the
framework (core, agents, sim, cli, server, web shell, testing) names no game; modules stay small."""

from __future__ import annotations

import ast
from pathlib import Path

from podium.core.registry import game_names, get_spec

SRC = Path(__file__).resolve().parents[1] / "src" / "podium"
GAMES = SRC / "games"
MAX_LINES = 500


def _framework_modules() -> list[Path]:
    return [path for path in SRC.rglob("*.py") if GAMES not in path.parents]


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _imports(path: Path) -> list[str]:
    """The modules `path` imports, anywhere in it (a function's own imports too)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def test_no_framework_module_imports_a_game() -> None:
    offenders = []
    for path in _framework_modules():
        offenders += [f"{path.relative_to(SRC)}: {name}" for name in _imports(path) if _within(name, ("podium.games",))]
    assert not offenders


def test_no_framework_code_names_a_game() -> None:
    # Docstrings and comments may use a game as an example; code (strings, names) may not: the framework finds
    # games through their specs, so a game added in another distribution gets everything the built-in ones get.
    games = set(game_names())
    offenders = []
    for path in _framework_modules():
        tree = ast.parse(path.read_text(), str(path))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            words: list[str] = []
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                words = node.value.lower().replace("_", " ").split()
            elif isinstance(node, ast.Name):
                words = node.id.lower().split("_")
            elif isinstance(node, ast.Attribute):
                words = node.attr.lower().split("_")
            offenders += [f"{path.relative_to(SRC)}:{node.lineno}" for w in words if w.strip(".,:;()'`") in games]
    assert not offenders


def test_web_shell_names_no_game() -> None:
    games = set(game_names())
    shell = SRC / "web"  # its static files and its pages
    offenders = [
        str(path.relative_to(SRC))
        for path in shell.rglob("*")
        if path.suffix in {".js", ".html", ".css"} and any(game in path.read_text().lower() for game in games)
    ]
    assert not offenders


def test_no_module_over_500_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long


def test_no_js_module_over_500_lines() -> None:
    # the browser's modules too: the shell's (web/static/js) and every game's renderer (games/<game>/web)
    scripts = list(SRC.rglob("*.js"))
    assert any(p.parent.name == "web" for p in scripts) and any(p.name == "table.js" for p in scripts)
    long = {str(p.relative_to(SRC)): n for p in scripts if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long


APPLICATIONS = ("podium.cli", "podium.rl", "podium.server", "podium.openspiel", "podium.sim")
PLUGIN_GAME = Path(__file__).resolve().parent / "plugin_game"


def test_no_game_imports_an_application() -> None:
    # A game's facets subclass the plugin kit (`podium.api`), `podium.agents` and `podium.core`: importing one
    # of its modules must not start an application (register environments, load numpy, typer or fastapi).
    offenders = [
        f"{path.name}: {name}"
        for path in [*GAMES.rglob("*.py"), *PLUGIN_GAME.rglob("*.py")]
        for name in _imports(path)
        if _within(name, APPLICATIONS)
    ]
    assert not offenders


TESTS = SRC.parents[1] / "tests"
# Framework tests: every folder of tests/ but a game's own (tests/games/<game>/), the plugin game's distribution, and
# the browser and packaging tests, which drive one game's page or one game's compiled build on purpose.
GAME_TEST_FOLDERS = ("games", "plugin_game", "e2e", "packaging")
# Framework test files allowed to name a built-in game, each for a reason that cannot be made game-free.
NAMING_A_GAME_ALLOWED: dict[str, str] = {
    # The writer of the held replay fixtures (tests/sim/data): its table is the index of what was saved from the
    # engines before issue 13's speed work (which games, variants, seeds); the replay test itself reads every saved
    # file whatever game it holds, and the fixtures are never written again to make a test pass.
    "sim/replay_cases.py": "the index of the held replay fixtures",
}


def _names_in(path: Path, games: set[str]) -> list[int]:
    """The lines of `path` whose code (names, attributes, imports, strings but docstrings) names one of `games`."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = _docstrings(tree)
    lines = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = node.value.lower().replace("_", " ").replace("/", " ").replace(".", " ").split()
        elif isinstance(node, ast.Name):
            words = node.id.lower().split("_")
        elif isinstance(node, ast.Attribute):
            words = node.attr.lower().split("_")
        elif isinstance(node, ast.alias):
            words = node.name.lower().replace(".", "_").split("_")
        elif isinstance(node, ast.ImportFrom) and node.module:
            words = node.module.lower().replace(".", "_").split("_")
        if any(w.strip(",:;()'`\"[]{}=") in games for w in words):
            lines.append(getattr(node, "lineno", 0))
    return sorted(set(lines))


def test_no_framework_test_names_a_built_in_game() -> None:
    # A framework test runs over every installed game (the registry) or on the plugin game (tests/plugin_game), so
    # that a rule change moves only its game's tests (tests/games/<game>/) and a new game is tested as soon as it is
    # installed. Docstrings and comments may use a game as an example.
    built_in = {name for name in game_names() if get_spec(name).game.startswith("podium.games.")}
    assert built_in, "no built-in game found"
    naming = {}
    for path in sorted(TESTS.rglob("*.py")):
        relative = path.relative_to(TESTS)
        if relative.parts[0] in GAME_TEST_FOLDERS:
            continue
        if lines := _names_in(path, built_in):
            naming[relative.as_posix()] = lines
    excused = set(NAMING_A_GAME_ALLOWED)
    offenders = {name: lines for name, lines in naming.items() if name not in excused}
    assert not offenders, f"framework tests naming a built-in game (file: lines): {offenders}"
    stale = excused - set(naming)
    assert not stale, f"no longer name a game, take them off the lists: {sorted(stale)}"


# Reads or writes of another object's `_private` attribute in src/podium (`self.` and `cls.` are the object's own),
# each kept for a reason: a class filling a fresh instance of itself where a constructor call would cost a hot path.
OTHERS_PRIVATE_ALLOWED: dict[str, str] = {
    "twin._state": "Rng.clone: a generator is cloned per sampled world, and Rng() would mix a seed",
    "rng._state": "Rng.from_state: the stored state as it is, without a seed's mixing",
    "other._state": "Rng.__eq__ compares two generators' states",
    "state._begin_sport": "a new game's first sport, turned on a fresh state without events",
    "twin._shuffle_hidden": "shuffle_hidden reshuffles its own fresh clone",
    "state._infostate": "the OpenSpiel observer reads the adapter state's information-state string",
}


def _others_private(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.endswith("__"):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append(ast.unparse(node))
    return found


def test_no_reads_of_another_objects_private_fields() -> None:
    # An object's `_private` fields are its own: a bot, a view or an encoding reads a state through its public
    # accessors, and speed comes from making those (the one engine) faster, never from reaching past them.
    found = {f"{p.relative_to(SRC)}: {e}": e for p in SRC.rglob("*.py") for e in _others_private(p)}
    unknown = sorted(where for where, expression in found.items() if expression not in OTHERS_PRIVATE_ALLOWED)
    assert not unknown, f"another object's private fields read: {unknown}"
    stale = set(OTHERS_PRIVATE_ALLOWED) - set(found.values())
    assert not stale, f"no longer read, take them off the list: {sorted(stale)}"
