"""Playing cards in the terminal: rank + suit symbol, red or white, so that a card reads the same everywhere."""

from __future__ import annotations

from rich.text import Text

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED_SUITS = {"d", "h"}


def card_label(text: str) -> str:
    """A card like "Kd" as `K♦`, "Ts" as `10♠`: the one way the terminal writes a card (records keep "Kd")."""
    rank, suit = text[:-1].upper(), text[-1].lower()
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit)


def french_card(text: str | None, *, known_to_owner_only: bool = False) -> Text:
    """A card like "7h" as ` 7♥`, "Ts" as `10♠`; None (a card nobody at this seat knows) as `░░░`.

    Cards only their owner knows (peeked, face down) are shown underlined, so the player sees which of their
    cards the others cannot see."""
    if text is None:
        return Text("░░░", style="grey50")
    style = "bold red" if text[-1].lower() in RED_SUITS else "bold bright_white"
    if known_to_owner_only:
        style += " underline"
    return Text(f"{card_label(text):>3}", style=style)
