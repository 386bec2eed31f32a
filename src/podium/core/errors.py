"""Typed errors. Each message says what was wrong and what is allowed."""


class PodiumError(Exception):
    """Base of every error podium raises on bad input; the CLI shows its message without a traceback."""


class IllegalAction(PodiumError, ValueError):
    """An action that the rules do not allow in this state (or text that is not an action of the game).

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
