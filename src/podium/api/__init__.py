"""The plugin kit: what a game imports from podium beside `podium.core` (the contract) and `podium.agents` (the
bases its bots subclass), for the facets its `GameSpec` names.

- `podium.api.tui`: `GameTui`, the base of a terminal renderer (the `tui` facet), `TurnContext`, and the
  terminal's way of drawing a playing card;
- `podium.api.encoding`: `Encoding` and `Encoder`, the base of the reinforcement-learning encoding (the `encoding`
  facet; `podium.rl` and `podium.openspiel` read it);
- `podium.api.web`: how the `web` facet names a browser renderer, and what that ES module exports.

The kit is cheap and has no side effects: importing any of it loads no numpy, gymnasium, typer, rich or fastapi,
no game and none of podium's applications (`podium.cli`, `podium.rl`, `podium.server`), and registers nothing. A
game imports nothing from those applications (tests/test_architecture.py checks both); they read the kit.
"""
