"""`podium solve GAME`: solve a position given on the command line (Athletic Games: the best turn)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from podium.core.errors import ConfigError, PodiumError
from podium.core.registry import get_game

SOLVABLE = ("athletic",)

HAND_HELP = "your hand: cards separated by spaces or commas, VALUE+SPORT, e.g. '7r 8r 3g' (r g b y o p)"
PILES_HELP = (
    "the five piles separated by '|', each written bottom to top, e.g. '6r | 3b 2g | | 10y | 1p' "
    "(the third pile is an empty slot)"
)
FORMAT = (
    "write e.g. --hand '7r 8r 3g' --piles '6r | 3b 2g | | 10y | 1p': cards are VALUE+SPORT (values 1..10, "
    "sports r g b y o p), five piles separated by '|', each bottom to top, an empty pile = an empty slot"
)


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(2)


def parse_position(hand_text: str, piles_text: str) -> tuple[list[int], list[list[int]]]:
    """Parse the command-line position; ValueError with a one-line reason otherwise."""
    from podium.games.athletic.cards import NUM_PILES, TEXT, parse_cards

    try:
        hand = parse_cards(hand_text)
    except ValueError as exc:
        raise ValueError(f"--hand: {exc}") from None
    parts = piles_text.split("|")
    if len(parts) != NUM_PILES:
        raise ValueError(f"--piles: found {len(parts)} pile(s), need exactly {NUM_PILES} separated by '|'")
    piles = []
    for i, part in enumerate(parts, 1):
        try:
            piles.append(parse_cards(part))
        except ValueError as exc:
            raise ValueError(f"--piles, pile {i}: {exc}") from None
    every = hand + [c for p in piles for c in p]
    seen: set[int] = set()
    for c in every:
        if c in seen:
            raise ValueError(f"card {TEXT[c]} is given twice (each card exists once)")
        seen.add(c)
    return hand, piles


def register(app: typer.Typer) -> None:
    @app.command()
    def solve(
        game_name: Annotated[str, typer.Argument(help="the game (solvers exist for: athletic)", show_default=False)],
        hand: Annotated[str, typer.Option("--hand", "-H", help=HAND_HELP)] = "",
        piles: Annotated[str, typer.Option("--piles", "-P", help=PILES_HELP)] = "",
        rule: Annotated[
            list[str] | None,
            typer.Option("--rule", "-r", help="a rule option KEY=VALUE, e.g. step=up or table_moves=false"),
        ] = None,
        max_nodes: Annotated[int, typer.Option("--max-nodes", help="give up after searching this many positions")] = (
            5_000_000
        ),
    ) -> None:
        """Solve a position: the most hand cards placeable this turn, proven, and a plan that places them.

        Athletic Games: --hand lists your cards, --piles the five piles bottom to top separated by '|'
        (an empty pile is an empty slot). Cards are VALUE+SPORT: 7r is red 7; sports r g b y o p.
        Example: podium solve athletic --hand "7r 8r 3g" --piles "6r | 3b 2g | | 10y | 1p"
        """
        try:
            game = get_game(game_name)
        except PodiumError as exc:
            raise _fail(str(exc)) from None
        if game.name not in SOLVABLE:
            raise _fail(f"no solver for {game.title}; `podium solve` supports: {', '.join(SOLVABLE)}")
        try:
            config = game.config_type.from_assignments(rule or [])
        except ConfigError as exc:
            raise _fail(str(exc)) from None
        if not piles.strip():
            raise _fail(f"--piles is required; {FORMAT}")
        try:
            hand_cards, pile_cards = parse_position(hand, piles)
        except ValueError as exc:
            message = str(exc).split("; write ")[0]  # the card parser names the card format; say it once
            raise _fail(f"{message}; {FORMAT}") from None
        from podium.games.athletic.solver import SearchLimit, describe
        from podium.games.athletic.solver import solve as solve_position

        options = config.to_dict()
        try:
            plan = solve_position(
                hand_cards, pile_cards, up_only=options["step"] == "up", table_moves=bool(options["table_moves"]),
                node_limit=max_nodes,
            )  # fmt: skip
        except SearchLimit:
            raise _fail(f"gave up after {max_nodes} positions; raise --max-nodes to search further") from None
        console = Console()
        console.print(f"[bold]{escape(describe(plan))}[/]")
        for number, step in enumerate(plan.steps(), 1):
            console.print(f"  {number}. {step}")
        if plan.actions:
            console.print("  then: end")
        searched = f"{plan.nodes} position{'' if plan.nodes == 1 else 's'} searched"
        console.print(
            f"[dim]proven maximum: {plan.placed} of {plan.hand_size} ({searched}, {plan.seconds * 1000:.1f} ms)[/]"
        )
