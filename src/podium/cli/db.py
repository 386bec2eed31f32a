"""`podium db upgrade`: apply the database migrations without starting the server (`podium serve` applies them at
its start too; a deploy of many processes may prefer to do it once, before the new processes start)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from podium.core.errors import PodiumError

db_app = typer.Typer(help="The server's database: its schema migrations.", no_args_is_help=True)
console = Console(highlight=False)


@db_app.command()
def upgrade(
    db: Annotated[
        str | None,
        typer.Option("--db", help="SQLite database file or postgresql:// URL [default: as `podium serve`]"),
    ] = None,
) -> None:
    """Bring the database's schema up to this podium's (the migrations it has not had, each in one transaction)."""
    from podium.cli.serve import database_target
    from podium.server.db import open_store
    from podium.server.migrations import SCHEMA_VERSION

    try:
        target = database_target(db)
        store = open_store(target)  # opening applies the migrations
    except (PodiumError, RuntimeError) as exc:
        console.print(f"[red]error:[/] {exc}", soft_wrap=True)
        raise typer.Exit(2) from None
    try:
        console.print(
            f"database {store.where}: schema {store.schema()} (this podium: {SCHEMA_VERSION})", soft_wrap=True
        )
    finally:
        store.close()
