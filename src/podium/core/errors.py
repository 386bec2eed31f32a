"""Typed errors. Each message says what was wrong and what is allowed."""


class PodiumError(Exception):
    """Base of every error podium raises on bad input; the CLI shows its message without a traceback."""


class ActionError(PodiumError, ValueError):
    """An action refused: `MalformedAction` (it is no action of the game) or `IllegalAction` (it is one, but the
    rules do not allow it now). Nothing raises this class itself; catch it where either means "that move is refused".

    The two are siblings rather than one a subclass of the other because they are answered differently (the server
    reports `malformed` or `illegal`; a player who wrote nonsense needs the forms of the actions, one who chose a
    move the rules forbid needs the reason): `except IllegalAction` means "the state refused this action", and must
    not also swallow a parse failure. Both stay `ValueError`s, as `IllegalAction` always was, so code that catches
    bad values in general keeps working.
    """


class MalformedAction(ActionError):
    """Text, JSON or an id that cannot be read as an action of this game (as played with the given config, when
    one is given): `Game.parse_action`, `action_from_json` and `action_from_id` raise it, naming the accepted forms.
    No state was involved, so nothing changed."""


class IllegalAction(ActionError):
    """An action of the game that the rules do not allow in this state: `State.apply` raises it with the reason.

    Raising it never changes the state.
    """


class ConfigError(PodiumError, ValueError):
    """An unknown rule option or an invalid option value."""


class RecordError(PodiumError, ValueError):
    """A game record that cannot be read, or that does not replay."""


class UnknownGame(PodiumError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would add quotes around the message
        return str(self.args[0]) if self.args else ""


class PlayerCountError(PodiumError, ValueError):
    """A player count outside the bounds of a game's rules."""


class GameNotOver(PodiumError, RuntimeError):
    """The result of a game was asked for before the game ended."""
