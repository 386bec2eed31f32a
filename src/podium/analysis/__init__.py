"""Hints and post-game reviews for any game (issue 29): what `hard` would play, and where its search makes it cheap,
how the best few choices compare.

    hint(state, seat) -> list[Choice]     the seat to move's choices, best first, `hard`'s marked `chosen`
    review(record, seat) -> Review        each decision of one seat in a finished record against `hard`'s, and its cost

A hint reads only `state.shown_view(seat)` and the legal actions (what a person in the seat is shown: their view,
less what a rule option that has them play from memory asks them to remember), so it reveals nothing hidden and leans on
nothing the player was not shown. The module names no game: it runs the game's `hard` level (its spec's notes) and
reads the search's own estimates. Values are *win shares*: the seat's expected share of the other seats it finishes
ahead of (ties half), 0 … 1 — in a two-player game, its chance of winning — as the search's playouts estimate them.
"""

from __future__ import annotations

from podium.analysis.hint import Choice, hint
from podium.analysis.review import Moment, Review, review

__all__ = ["Choice", "Moment", "Review", "hint", "review"]
