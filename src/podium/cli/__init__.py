"""The `podium` command line (typer + rich)."""
