"""`podium`: play, serve, read the rules, replay records, solve, simulate and run tournaments, for every game."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from podium import __version__
from podium.agents.base import agent_description, agent_names
from podium.cli.db import db_app
from podium.cli.helptext import PlayerHelpGroup
from podium.cli.options import (
    AddressOpt,
    BackendOpt,
    GameArg,
    OutOpt,
    RuleOpt,
    SeedOpt,
    SportsOpt,
    WorkersOpt,
    console,
    fresh_seed,
    parse_bots,
    resolve,
    user_errors,
)
from podium.cli.play import PlaySession, lineup
from podium.cli.replay import replay_record
from podium.cli.simulate import run_simulation
from podium.cli.tournament import run_tournament
from podium.core.config import GameConfig
from podium.core.errors import PodiumError
from podium.core.plugins import load_ref
from podium.core.registry import game_names, get_game, get_spec
from podium.sim.backends import Where
from podium.sim.compare import split_variants

app = typer.Typer(
    name="podium",
    help="Card games for people and bots (`podium games` lists them): play in the terminal or the browser, replay, "
    "solve, simulate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=PlayerHelpGroup,
)


def _print_version(value: bool) -> None:
    if value:
        console.print(__version__)
        raise typer.Exit()


@app.callback()
def _podium(
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Print podium's version and exit."),
    ] = False,
) -> None:
    """The group's own options (its help is the app's, above)."""


@app.command()
@user_errors
def play(
    game_name: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="a seat played at this terminal, from 1 (repeat for hot-seat) [default: 1]"),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", help="bots for the other seats: one name, or one per seat [default: random]"),
    ] = None,
    seed: SeedOpt = None,
    rule: RuleOpt = None,
    sports: SportsOpt = None,
    record: Annotated[Path | None, typer.Option("--record", help="write the game's record (JSON Lines) here")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends (--seat 1 --seat 2).

    Seats count from 1 here and on every screen; a record (JSON) counts them from 0."""
    game, config = resolve(game_name, rule, sports)
    humans = [s - 1 for s in seat] if seat else [0]  # typed from 1, counted from 0 inside
    bot_names = lineup(game, players, humans, parse_bots(bots or "random"))
    if bots is not None and not bot_names:
        raise PodiumError(
            f"--bots {bots}: every seat is played at this terminal; add --players N to seat bots beside the humans"
        )
    session = PlaySession(
        game,
        config,
        fresh_seed() if seed is None else seed,
        humans,
        bot_names,
        console=console,
        record=record,
    )
    raise typer.Exit(session.run())


@app.command()
@user_errors
def rules(
    game_name: GameArg,
    rule: RuleOpt = None,
    sports: SportsOpt = None,
    full: Annotated[bool, typer.Option("--full", help="print the game's whole rules document")] = False,
) -> None:
    """The rules summary and the effective rule options, or with --full the whole rules."""
    game, config = resolve(game_name, rule, sports)
    if full:
        text = game.rules_text()
        if console.is_terminal:
            # A whole document is longer than a screen: the reader pages through it (less, $PAGER) instead of
            # scrolling back for its beginning. Plain, since a pager shows colour codes as text unless told not to.
            with console.pager(styles=False):
                console.print(Markdown(text))
        else:
            # Piped or redirected: the Markdown source is the most readable plain text, and it greps well.
            console.print(text, markup=False, emoji=False, soft_wrap=True, end="")
        changed = config.non_default()
        if changed:
            console.print(
                "\nOptions in effect: " + ", ".join(f"{k}={_option_text(v)}" for k, v in changed.items()),
                markup=False,
                soft_wrap=True,
            )
        return
    console.print(f"[bold]{game.title}[/] ({game.min_players}–{game.max_players} players)\n")
    console.print(escape(game.rules_summary(config)))
    table = Table(title="Rule options (set with --rule KEY=VALUE)", title_justify="left")
    table.add_column("option", no_wrap=True, style="bold")
    table.add_column("value", overflow="fold")  # an explicit Golf value table is long
    table.add_column("allowed")
    table.add_column("meaning", ratio=1)
    values = config.to_dict()
    for info in config.options():
        value = values.get(info.name, info.default)  # an option stored only when set is absent at its default
        shown = escape(_option_text(value))
        if value != info.default:
            shown = f"[bold yellow]{shown}[/] (default {escape(_option_text(info.default))})"
        table.add_row(info.name, shown, escape(info.allowed), escape(info.doc))
    console.print(table)
    console.print("Bots: " + ", ".join(f"{n} ({agent_description(n, game.name)})" for n in agent_names(game.name)))
    # docs/rules.md indexes the games shipped with podium; a game from another distribution ships its rules alone.
    shipped = type(game).__module__.partition(".")[0] == "podium"
    console.print(
        f"The whole rules, with every numbered rule and decision: [bold]podium rules {game.name} --full[/]"
        + (" (also docs/rules.md in podium's source)." if shipped else ".")
    )


def _option_text(value: Any) -> str:
    """An option's value as a user writes it in `--rule KEY=VALUE` (none, true, A=1,2=-2,…), not as JSON."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return ",".join(f"{key}={_option_text(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ",".join(_option_text(item) for item in value)
    return str(value)


@app.command()
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help="a record written by `podium play --record`", show_default=False)],
    check: Annotated[bool, typer.Option("--check", help="only verify that the record replays exactly")] = False,
    all_steps: Annotated[bool, typer.Option("--all", help="print every step without pausing")] = False,
) -> None:
    """Step through a recorded game with all cards shown, or --check that it replays exactly."""
    raise typer.Exit(replay_record(file, console, check=check, pause=not all_steps))


@app.command()
@user_errors
def review(
    file: Annotated[Path, typer.Argument(help="a finished game's record (`podium play --record`)", show_default=False)],
    seat: Annotated[
        int | None, typer.Option("--seat", help="the seat to review, from 1 [default: yours, else seat 1]")
    ] = None,
    bot: Annotated[str, typer.Option("--bot", help="the bot to compare with")] = "hard",
    top: Annotated[int, typer.Option("--top", min=1, help="how many costliest moments to list")] = 5,
    all_steps: Annotated[bool, typer.Option("--all", help="print every step without pausing")] = False,
) -> None:
    """Review a finished game: each decision of one seat against the hard bot's, the costliest first, then the game
    step by step, forward and back."""
    from podium.cli.review import review_record

    raise typer.Exit(review_record(file, console, seat=seat, bot=bot, top=top, pause=not all_steps))


@app.command()
@user_errors
def simulate(
    game_name: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="number of games")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    bots: Annotated[str, typer.Option("--bots", "-b", help="one bot name for every seat, or one per seat")] = "random",
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the first game (game i uses seed+i)")] = 0,
    rule: RuleOpt = None,
    sports: SportsOpt = None,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="draw scores, game lengths and win shares into this PNG (needs matplotlib)"),
    ] = None,
    compare: Annotated[
        bool,
        typer.Option(
            "--compare",
            help="compare two rule variants on the same seeds: a --rule KEY given twice sets variant A (first value)"
            " and B (second); rules given once apply to both, e.g. --compare --rule rounds=3 --rule rounds=9",
        ),
    ] = False,
) -> None:
    """Bots against bots: many games, then a summary (scores and wins per seat and by turn order, how games ended,
    result details, speed). The aggregate is the same for any --workers and --backend."""
    if compare:
        rules_a, rules_b = split_variants(rule or [])
        game, config_a = resolve(game_name, rules_a, sports)
        _, config_b = resolve(game_name, rules_b, sports)
        configs: tuple[GameConfig] | tuple[GameConfig, GameConfig] = (config_a, config_b)
    else:
        game, config = resolve(game_name, rule, sports, repeat_hint=", or add --compare to compare the two values")
        configs = (config,)
    bot_names = lineup(game, players, [], parse_bots(bots))
    run_simulation(game, configs, bot_names, games, seed, console,
                   workers=workers, backend=backend, address=address, out=out, plot=plot)  # fmt: skip


@app.command()
@user_errors
def tournament(
    game_name: GameArg,
    bots: Annotated[str, typer.Option("--bots", "-b", help="the bots, separated by commas, e.g. heuristic,random")],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="number of games (rounded up to whole deals)")
    ] = 400,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="seats per game \\[default: one per bot, within the game's bounds]"),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the first deal (deal d uses seed+d)")] = 0,
    seating: Annotated[
        str,
        typer.Option(
            "--seating",
            help="permute (every arrangement of the bots), rotate (each bot in each seat once per deal), or auto"
            " (permute up to 120 arrangements)",
        ),
    ] = "auto",
    rule: RuleOpt = None,
    sports: SportsOpt = None,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = None,
) -> None:
    """Bots against each other: every seat arrangement equally often, each deal played in every arrangement.
    Per bot: win rate with a 95% interval (a shared win counts as a fraction), mean score, place and medals."""
    game, config = resolve(game_name, rule, sports)
    run_tournament(
        game, config, parse_bots(bots), games, players, seed, console,
        seating=seating, workers=workers, backend=backend, address=address, out=out,
    )  # fmt: skip


@app.command()
@user_errors
def report(
    game_name: GameArg,
    out: Annotated[
        Path, typer.Option("--out", "-o", help="the HTML page to write (the JSON of every figure beside it)")
    ],
    players: Annotated[
        str | None, typer.Option("--players", "-p", help="player counts: 2, 2-4 or 2,4 \\[default: the two fewest]")
    ] = None,
    rule: RuleOpt = None,
    compare: Annotated[
        str | None,
        typer.Option("--compare", help="compare values of one rule on the same deals: KEY=V1,V2[,…], e.g. rounds=3,9"),
    ] = None,
    sports: SportsOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games of the fairness run, per variant")] = 1000,
    ladder_games: Annotated[
        int, typer.Option("--ladder-games", min=1, help="games of the bot ladder's round-robin (rounded up to deals)")
    ] = 120,
    bot: Annotated[str, typer.Option("--bot", help="the bot in every seat of the fairness run")] = "medium",
    ladder: Annotated[str, typer.Option("--ladder", help="the bot ladder, weakest first")] = "random,easy,medium,hard",
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the first game (game i uses seed+i)")] = 0,
    seconds_per_decision: Annotated[
        float, typer.Option("--seconds-per-decision", min=0.1, help="a person's pace, for the minutes per game")
    ] = 6.0,
    lang: Annotated[str, typer.Option("--lang", help="the report's language: en, hu or nb")] = "en",
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="processes (local) or Ray CPUs \\[default: every core of this machine]"),
    ] = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """A balance report for game designers: fairness by seat, length, skill against luck, variants side by side and
    the game's own figures, as one self-contained HTML page (docs/report.md)."""
    from podium.cli.report import run_report
    from podium.report.run import ReportOptions, parse_compare, parse_players

    game = get_game(game_name)
    fewest = tuple(range(game.min_players, min(game.min_players + 1, game.max_players) + 1))
    counts = parse_players(players, game) if players else fewest
    key, values = parse_compare(compare) if compare else (None, ())
    options = ReportOptions(
        game.name, counts, tuple(rule or ()), key, values, str(sports) if sports else None, games, ladder_games,
        bot.strip().lower(), tuple(parse_bots(ladder)), seed, seconds_per_decision,
        Where(backend=backend, workers=workers or os.cpu_count() or 1, address=address),
    )  # fmt: skip
    run_report(options, out, lang, console)


@app.command(name="games")
def list_games() -> None:
    """The games podium knows and the bots that play them."""
    table = Table()
    for column in ("game", "title", "players", "bots"):
        table.add_column(column)
    for name in game_names():
        try:
            game = get_game(name)
            bots = ", ".join(agent_names(name))
        except PodiumError as exc:  # a broken plugin is listed with the reason, and the other games still are
            table.add_row(name, "[red]cannot be loaded[/]", "", escape(str(exc)))
            continue
        table.add_row(name, game.title, f"{game.min_players}–{game.max_players}", bots)
    console.print(table)


@app.command()
@user_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="SQLite database file, or a postgresql:// URL shared by many processes (docs/deploy.md) "
            "[default: a SQLite file in your user data directory]",
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="seconds a bot waits before it moves")] = 0.5,
    rate_limits: Annotated[
        bool,
        typer.Option(
            "--rate-limits/--no-rate-limits",
            help="limit how fast one address may create, join and rematch tables (off: for tests and benches)",
        ),
    ] = True,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            help="comma-separated addresses or networks of reverse proxies whose X-Forwarded-For is believed "
            "[default: none]",
        ),
    ] = "",
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            help="another site whose pages may use this server, e.g. https://games.example.org (repeatable)",
        ),
    ] = None,
    abandon_after: Annotated[
        float,
        typer.Option(
            "--abandon-after", help="seconds after which a playing table nobody is at ends as abandoned (0: never)"
        ),
    ] = 7200.0,
    max_tables: Annotated[
        int, typer.Option("--max-tables-per-address", help="unfinished tables one address may have (0: no cap)")
    ] = 20,
    max_bot_tables: Annotated[
        int,
        typer.Option("--max-bot-tables-per-address", help="unfinished tables of bots only one address may have"),
    ] = 2,
    public_limits: Annotated[
        bool,
        typer.Option(
            "--public-limits/--no-public-limits",
            help="hold rule options to the ranges a game allows on a public server (off: the whole ranges)",
        ),
    ] = True,
    bot_processes: Annotated[
        int,
        typer.Option(
            "--bot-processes",
            help="worker processes the bots think in, at a lower priority than the server (0: in its threads)",
        ),
    ] = 1,
) -> None:
    """Start the web server: play in the browser with friends and bots (open the printed address)."""
    from podium.cli.serve import run_server

    if abandon_after < 0 or max_tables < 0 or max_bot_tables < 0:
        raise PodiumError("--abandon-after and the --max-…-per-address caps take 0 (none) or more")
    if not 0 <= bot_processes <= 64:
        raise PodiumError(f"--bot-processes {bot_processes}: give 0 (threads of the server) to 64")
    proxies = tuple(p.strip() for p in forwarded_allow_ips.split(",") if p.strip())
    settings: dict[str, Any] = {
        "forwarded_allow_ips": proxies,
        "allowed_origins": tuple(allowed_origin or ()),
        "abandon_ttl": abandon_after,
        "max_tables_per_address": max_tables,
        "max_bot_tables_per_address": max_bot_tables,
        "public_limits": public_limits,
        "bot_processes": bot_processes,
    }
    raise typer.Exit(run_server(host, port, db, bot_delay, console, rate_limits=rate_limits, **settings))


@app.command()
def version(
    build: Annotated[
        bool, typer.Option("--build", help="Also say which modules run compiled (a PODIUM_USE_MYPYC=1 install).")
    ] = False,
) -> None:
    """Print podium's version."""
    console.print(__version__)
    if build:
        from podium.core.build import compiled_modules

        compiled = compiled_modules()
        if not compiled:
            console.print("pure Python: no compiled modules (see PODIUM_USE_MYPYC in the README)")
        for name in compiled:
            console.print(f"compiled: {name}", soft_wrap=True)


def _add_game_commands() -> None:
    """A game's own commands (Athletic Games' `podium solve`), from its spec. A game whose plugin cannot be loaded
    loses its commands, not the whole CLI: `podium games` still lists it and its errors say why."""
    for name in game_names():
        try:
            spec = get_spec(name)
        except PodiumError:
            continue
        if spec.commands is not None:
            add: Callable[[typer.Typer], None] = load_ref(spec.commands, where=name)
            add(app)


_add_game_commands()
app.add_typer(db_app, name="db")


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    # Python's default for SIGTERM ends the process at once, skipping every `finally`: a simulation's worker
    # processes then played on for minutes with nobody to read their games. As SystemExit the cleanups run.
    # `podium serve` is unaffected: uvicorn installs its own handler for a graceful shutdown.
    sys.exit(128 + signum)


def main() -> None:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    app()
