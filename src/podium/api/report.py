"""A game's own figures in the balance report (its `report` facet): what `podium report GAME` shows under "What
this game's rules raise".

The spec names a `RulesReport` instance, `report="package.module:REPORT"`. For each game of the report's runs podium
calls a tally's `observe(player, action, events)` after every action and `finish(result, lineup)` at the end, where
`lineup` names the bot in each seat. The runs are spread over processes or a Ray cluster, so a tally holds counts
only (it is pickled), and the tallies of the chunks are merged (`merge`, exact and in any order: the same games give
the same tally). `figures()` turns the counts into `Figure`s, which the report draws, tabulates and writes to JSON.

A figure's title, axis and notes are keys of the facet's own `messages` (`{"en": {...}, "hu": {...}, "nb": {...}}`,
which `messages_file` reads from the game's `report_words.json`), with `{placeholders}` filled from the figure's
`params`; its labels are the game's data (sport cards' names, bot names, numbers) and are shown as they are. A
series with `trials` holds counts of successes: the report shows them as shares with Wilson 95% intervals, computed
by podium (a game imports no application, `podium.sim` included).

Part of the plugin kit: importing it loads nothing of the report or of matplotlib.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar, Self

from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Result

LANGUAGES = ("en", "hu", "nb")
WORDS_FILE = "report_words.json"


def messages_file(package: str) -> dict[str, dict[str, str]]:
    """The words of a game's figures, from `report_words.json` in its package, in the shape of its web renderer's
    `i18n.json`: translations are data, kept where a translator edits one language without reading code."""
    words: dict[str, dict[str, str]] = json.loads(
        resources.files(package).joinpath(WORDS_FILE).read_text(encoding="utf-8")
    )
    return words


@dataclass(frozen=True)
class Series:
    """One row of values over a figure's labels. Without `trials`, plain numbers (means, counts); with it, counts of
    successes out of `trials` (per label), shown as shares with their 95% intervals."""

    name: str  # a message key
    values: tuple[float, ...]
    trials: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Figure:
    """Labelled bars, one group per label and one bar per series. `flags` marks labels the designer should look at
    (label -> message key of the reason, e.g. a sport card that never decides a game)."""

    key: str  # the title's message key, and the figure's key in the report's JSON
    labels: tuple[str, ...]
    series: tuple[Series, ...]
    axis: str  # message key of the value axis
    note: str | None = None  # message key of a sentence under the figure
    params: Mapping[str, Any] = field(default_factory=dict)  # the note's placeholders
    flags: Mapping[str, str] = field(default_factory=dict)
    label_axis: str | None = None  # message key of the labels' axis


class Tally(ABC):
    """What one game's rules did, counted over many games (see the module docstring)."""

    @abstractmethod
    def observe(self, player: int, action: Action, events: Sequence[Event]) -> None: ...

    @abstractmethod
    def finish(self, result: Result, lineup: Sequence[str]) -> None: ...

    @abstractmethod
    def merge(self, other: Self) -> Self: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The counts, exactly (the report's JSON keeps them beside the figures)."""

    @abstractmethod
    def figures(self) -> list[Figure]: ...


class RulesReport(ABC):
    """The facet: the game's tallies and the words of their figures."""

    messages: ClassVar[Mapping[str, Mapping[str, str]]]  # language -> key -> text, for each of LANGUAGES
    ladder_bots: ClassVar[tuple[str, ...]] = ()  # bots the report adds to the ladder (not ranked by it)

    @abstractmethod
    def tally(self, config: GameConfig, players: int) -> Tally:
        """A tally of the report's fairness run (every seat the same bot), for one rule variant and player count."""

    def ladder_tally(self, config: GameConfig, players: int) -> Tally | None:
        """A tally of the bot ladder's round-robin (seats held by different bots), or None: nothing to count there."""
        return None
