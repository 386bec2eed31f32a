"""The thresholds Golf's heuristic bot and its ISMCTS playout share (the playout plays a cheap version of the
heuristic), declared once; docs/bots.md describes them."""

KNOCK_MARGIN = 3.0
"""Knock when your expected sum is this much below every opponent's (the others' final turns lower theirs)."""

UNKNOWN_MARGIN = 1.5
"""How far below the unseen mean a card must be to replace an unknown card (which may well be low itself)."""

OWNER_BIAS = 1.5
"""How far below the unseen mean an opponent's privately seen card is guessed (people keep their low cards)."""

TAKE_GAIN = 1.0
"""Take the top discard only when swapping it in lowers your expected sum by at least this."""
