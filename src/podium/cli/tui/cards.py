"""Playing cards in the terminal: the plugin kit's `podium.api.tui` helpers, under the name they had before it."""

from __future__ import annotations

from podium.api.tui import RED_SUITS, SUIT_SYMBOLS, card_label, french_card

__all__ = ["RED_SUITS", "SUIT_SYMBOLS", "card_label", "french_card"]
