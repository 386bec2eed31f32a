"""`State.shown_view(seat)`, the view the server sends and the terminal shows (docs/protocol.md), never shows more
than `view(seat)`: a rule option may ask a player to remember something (it is then left out), never reveal more.
Run over every installed game, with its defaults and with each of its true/false options switched on."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from podium.core.config import GameConfig
from podium.core.errors import ConfigError
from podium.core.registry import game_names, get_game


def strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from strings(value)


def configs(name: str) -> Iterator[tuple[str, GameConfig]]:
    game = get_game(name)
    yield "defaults", game.config()
    for info in game.config_type.options():
        if info.default is False and info.name != "chance":  # chance: a dealer's option, no player sees more or less
            try:
                yield info.name, game.config({info.name: True})
            except ConfigError:
                continue  # an option that needs others set first


CASES = [(name, label, config) for name in game_names() for label, config in configs(name)]


@pytest.mark.parametrize(("name", "label", "config"), CASES, ids=[f"{n}-{lbl}" for n, lbl, _ in CASES])
def test_the_shown_view_never_shows_what_the_view_does_not(name: str, label: str, config: GameConfig) -> None:
    game = get_game(name)
    rng = random.Random(f"{name}-{label}")
    state = game.new_game(config, game.min_players, rng.randrange(1000))
    for _ in range(300):
        if state.is_over:
            break
        for viewer in [None, *range(state.num_players)]:
            shown, full = state.shown_view(viewer), state.view(viewer)
            assert set(shown) == set(full), (name, label, viewer)
            more = Counter(strings(shown)) - Counter(strings(full))
            assert not more, f"{name} {label}: seat {viewer} is shown {sorted(more)} that its view does not hold"
        state.apply(rng.choice(state.legal_actions()))
