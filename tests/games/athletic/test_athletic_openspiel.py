"""Athletic Games as an OpenSpiel game (every registered game's checks: tests/openspiel/test_openspiel.py): its
`first_player` option is a scalar parameter, -1 for none."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import podium.openspiel  # noqa: E402, F401  (registers the games)


def test_first_player_is_a_parameter() -> None:
    assert pyspiel.load_game("podium_athletic").get_type().parameter_specification["first_player"] == -1
    assert pyspiel.load_game("podium_athletic", {"first_player": 1, "players": 3}).config.first_player == 1
