"""`--help` in words a player reads: `GAME` rather than typer's `{game_name}`, `--seat SEAT` rather than
`<list[int]>`, and a flag without a type (`--full`, not `--full <bool>`).

Typer builds every command's parameters itself and offers no hook for their classes, so the group re-classes them
when it hands a command out (help and dispatch alike); the subclasses change only how a parameter is displayed.
"""

from __future__ import annotations

from typer import _click as click  # typer 0.29 ships its own click; its commands are built from that one
from typer.core import TyperArgument, TyperGroup, TyperOption


class _Argument(TyperArgument):
    @property
    def display_name_raw(self) -> str:
        return self.metavar or (self.name or "value").upper()

    def display_type_rich(self, ctx: click.Context) -> str | None:
        return None  # the name (GAME, FILE) already says what to give

    def _usage_display_name(self) -> str:
        name = self.display_name_raw + ("..." if self.nargs != 1 else "")
        return name if self.required else f"[{name}]"


class _Option(TyperOption):
    def display_type_rich(self, ctx: click.Context) -> str | None:
        if self.is_flag or self.count:
            return None
        return self.metavar or (self.name or "value").upper()


def _reclass(params: list[click.Parameter]) -> list[click.Parameter]:
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif type(param) is TyperOption:
            param.__class__ = _Option
    return params


class PlayerHelpGroup(TyperGroup):
    """The `podium` group: it and every command it hands out display their parameters as `_Argument`/`_Option`."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return _reclass(super().get_params(ctx))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _reclass(command.get_params(ctx))
        return command
