"""Kuhn poker (K-1 … K-5, rules.md) as a podium game from outside podium: a test plugin found only through its
`podium.games` entry point.

The package imports nothing: podium reads the spec (`podium_kuhn.spec`) to list the games, and that must not load
the engine (`podium_kuhn.game:GAME`, the `Game`, imported when the game is played).
"""
