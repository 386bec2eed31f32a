"""The 52-card deck (G-1) as small ints with lookup tables.

Card `c` has rank `c // 4` (0 = Ace, 1 = 2, …, 9 = Ten, 10 = Jack, 11 = Queen, 12 = King) and suit `c % 4`
(clubs, diamonds, hearts, spades). Text forms are two characters, e.g. "7h", "Ts", "Kd", "As"; "10s" is read too.
"""

from __future__ import annotations

from podium.core.rng import Rng, chance_script_active

DECK_SIZE = 52
RANKS = "A23456789TJQK"
SUITS = "cdhs"
RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""How ranks are written in a `values` mapping (G-2)."""

RANK_OF: tuple[int, ...] = tuple(c // 4 for c in range(DECK_SIZE))
SUIT_OF: tuple[int, ...] = tuple(c % 4 for c in range(DECK_SIZE))
CARD_TEXT: tuple[str, ...] = tuple(RANKS[c // 4] + SUITS[c % 4] for c in range(DECK_SIZE))
_BY_TEXT: dict[str, int] = {text.lower(): c for c, text in enumerate(CARD_TEXT)}
_BY_TEXT.update({"10" + SUITS[c % 4]: c for c in range(36, 40)})


def card(rank: int, suit: int) -> int:
    """The card of `rank` (0 = Ace … 12 = King) and `suit` (0..3 = c, d, h, s)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return rank * 4 + suit


def card_text(c: int) -> str:
    return CARD_TEXT[c]


def parse_card(text: str) -> int:
    """A card from its text form ("7h", "Ts", "10s", "kd"; case-insensitive). Raises ValueError."""
    c = _BY_TEXT.get(text.strip().lower())
    if c is None:
        raise ValueError(f"{text!r} is not a card; write rank + suit, e.g. 7h, Ts or 10s, Kd, As (suits c d h s)")
    return c


def card_or_none(text: str | None) -> int | None:
    return None if text is None else parse_card(text)


def rank_index(name: str) -> int:
    """The rank written as in a `values` mapping: A, 2..10 (or T), J, Q, K (case-insensitive). Raises ValueError."""
    key = name.strip().upper()
    if key in ("1", "ACE"):
        key = "A"
    if key == "T":
        key = "10"
    try:
        return RANK_NAMES.index(key)
    except ValueError:
        raise ValueError(f"{name!r} is not a rank; ranks are {', '.join(RANK_NAMES)}") from None


_FACTORIAL_52 = 1
for _i in range(2, DECK_SIZE + 1):
    _FACTORIAL_52 *= _i
_LIMIT_256 = ((1 << 256) // _FACTORIAL_52) * _FACTORIAL_52
_NEW_DECK: tuple[int, ...] = tuple(range(DECK_SIZE))


def shuffled_deck(rng: Rng) -> list[int]:
    """A uniformly shuffled deck from the state's generator.

    One uniform number below 52! picks the permutation exactly (rejection keeps it unbiased, rejecting with
    probability below 2**-30); its mixed-radix digits drive Fisher-Yates. Four 64-bit draws instead of 51
    `randbelow` calls make a deal several times cheaper, which matters because simulations deal every round.
    Under explicit chance (the `chance` option) the generator's own shuffle deals, one chance node per card."""
    if chance_script_active():
        deck = list(_NEW_DECK)
        rng.shuffle(deck)
        return deck
    while True:
        x = rng.next_u64() | rng.next_u64() << 64 | rng.next_u64() << 128 | rng.next_u64() << 192
        if x < _LIMIT_256:
            break
    x %= _FACTORIAL_52
    deck = list(_NEW_DECK)
    for i in range(DECK_SIZE - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
