"""Podium: three tabletop card games (Athletic Games, Olympicards, Golf) behind one game contract."""

__version__ = "0.1.0"
