"""The thresholds of Golf's heuristic bot and of its ISMCTS playout (a cheap version of the heuristic), declared
once; docs/bots.md describes them and the simulations they were fitted with."""

KNOCK_MARGIN = 3.0
"""Knock when the expected lead, once every opponent has had the last turn a knock gives them, is at least this."""

KNOCK_DRIFT = -2.0
"""… and the bot's own expected gain in a turn exceeds the best opponent's by at most this (else playing on pays)."""

KNOCK_SURE = 9.0
"""Knock at once with an expected lead this large, whatever the turn gains."""

UNKNOWN_MARGIN = 1.5
"""How far below its estimate a card must be to replace an unknown card (which may well be low itself)."""

OWNER_BIAS = 1.5
"""How far below the unseen mean an opponent's privately seen card is guessed (people keep their low cards)."""

TAKE_MARGIN = 0.0
"""Take the top discard when swapping it in gains at least this much more than a draw is expected to."""

CLOSE_MARGIN = 1.0
"""Six-card: turn the last face-down card up only when this far below every opponent's expected final sum."""

TAKE_GAIN = 1.0
"""The playout takes the top discard only when swapping it in lowers the expected sum by at least this."""

PLAYOUT_KNOCK_LEAD = 11.0
"""The playout knocks when its estimated sum is this much below every opponent's: the heuristic's lead of `KNOCK_SURE`
(about 9 after the others' last turn) plus the 2 or so points that turn is worth to them, priced without it."""
