"""What the commands of `podium` share: the argument and option types, reading `--rule` and `--bots`, and the
wrapper that turns a user's mistake into one line and exit code 2."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from podium.core.chance import refuse_chance
from podium.core.config import GameConfig
from podium.core.contract import Game
from podium.core.errors import ConfigError, PodiumError
from podium.core.registry import game_names, get_game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """A user's mistake ends the command with one line naming what is allowed, and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except PodiumError as exc:
            err_console.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(2) from None

    return wrapper


GameArg = Annotated[
    str, typer.Argument(help="the game: " + ", ".join(game_names()), show_default=False, metavar="GAME")
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule", "-r", metavar="KEY=VALUE", help="a rule option (repeatable, each KEY once); see `podium rules GAME`"
    ),
]
SportsOpt = Annotated[
    Path | None,
    typer.Option(
        "--sports", metavar="FILE", help="a sports file (TOML) for a game with a `sports` option: --rule sports=FILE"
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", "-s", metavar="N", help="seed: the same seed deals the same game")
]


def resolve(
    game_name: str, rules: list[str] | None, sports: Path | None = None, *, repeat_hint: str = ""
) -> tuple[Game, GameConfig]:
    """The game and its config from `--rule`s; a KEY given twice is refused (`repeat_hint` says what may be meant),
    since keeping either value silently plays a game the user did not ask for."""
    game = get_game(game_name)
    assignments = list(rules or [])
    if sports is not None:
        assignments.append(f"sports={sports}")
    given: dict[str, str] = {}
    for item in assignments:
        key = item.partition("=")[0].strip()
        if key in given:
            raise ConfigError(
                f"--rule {key}=… is given twice ({given[key]!r}, then {item!r}): give each option once{repeat_hint}"
            )
        given[key] = item
    try:
        config = game.config_type.from_assignments(assignments)
        refuse_chance(config)  # explicit chance is for OpenSpiel; nobody here would deal its cards
        return game, config
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from None


def parse_bots(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    if not all(names):
        raise PodiumError(f"--bots {text!r}: give bot names separated by commas, e.g. --bots random,random")
    return names


def fresh_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


WorkersOpt = Annotated[
    int, typer.Option("--workers", "-w", help="processes (local backend) or CPUs of a local Ray cluster")
]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        help="local (this machine: one process or a pool of --workers) or ray (pip install 'podium\\[ray]')",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", help="Ray: the address of an existing cluster (default: start a local one)"),
]
OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help="write the results as JSON here")]
