"""Terminal renderers, one module per game, each exposing `TUI` (a `GameTui`)."""
