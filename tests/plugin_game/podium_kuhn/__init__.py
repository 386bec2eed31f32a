"""Kuhn poker (K-1 … K-5, rules.md) as a podium game from outside podium: a test plugin found only through its
`podium.games` entry point."""

from __future__ import annotations

from podium_kuhn.actions import ACTIONS, BET, PASS, KuhnAction
from podium_kuhn.config import KuhnConfig
from podium_kuhn.game import KuhnGame
from podium_kuhn.state import KuhnState

GAME = KuhnGame()
KuhnState.game = GAME

__all__ = ["ACTIONS", "BET", "GAME", "PASS", "KuhnAction", "KuhnConfig", "KuhnGame", "KuhnState"]
