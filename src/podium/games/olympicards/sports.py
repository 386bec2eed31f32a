"""Sport cards as data (O-9): the vocabulary that describes a sport, and the TOML loader that validates a set.

A sports file holds exactly nine ``[[sport]]`` tables (and optionally a ``title``). Each sport has these keys:

``name`` (required)
    unique within the file (case-insensitive).
``min_cards``, ``max_cards`` (required)
    how many cards one play has: ``1 <= min_cards <= max_cards <= 4`` (4 keeps the action space small).
``shape`` (default ``"any"``) — what the cards of one play must have in common:
    ``any``; ``one_colour`` (all the same colour); ``equal_values`` (all the same value);
    ``different_colours`` (no two of the same colour); ``consecutive_values`` (distinct values forming a run,
    in any colours, e.g. 4-5-6).
``measure`` (default ``"value"``) — the number a play is compared by:
    ``value`` (its highest card), ``sum`` (the sum of its values), ``count`` (how many cards).
``progression`` (default ``"none"``) — how a play relates to earlier plays in the same sport:
    ``none``; ``higher_than_own_previous`` / ``lower_than_own_previous`` (the measure beats / is below your own
    previous play's); ``higher_than_last_any`` / ``lower_than_last_any`` (compared with the last play anyone made,
    you included); ``different_colour_from_own_previous`` (no card shares a colour with your previous play);
    ``lane_colour`` (every card has your lane colour: the colour of your first card in this sport; with
    ``max_cards > 1`` it needs ``shape = "one_colour"``, so that the first play fixes one colour).
    A player's first play in a sport is free of the progression rule (it still obeys the shape).
``flip`` (default ``false``) and ``target_relation`` (required exactly when ``flip`` is true)
    at the start of every round the top card of the draw pile is turned over as the round's target; every play
    must relate to it: ``same_colour_or_value`` / ``same_colour`` / ``same_value`` (every card of the play),
    ``higher`` / ``lower`` (the play's measure against the target's value).
``star`` (default ``false``)
    a world record can be set in this sport (O-8, option ``world_record``).
``text`` (default: generated from the keys above)
    the sport's rule in one line, as shown to players.

Any other key, an unknown value, a wrong type, ``min_cards > max_cards``, ``min_cards < 1``, a number of sports other
than nine or a duplicate name is rejected with a `ConfigError` naming the file, the sport and the field.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from podium.core.errors import ConfigError

MAX_PLAY = 4  # most cards in one play any sport may allow
SPORTS_PER_SET = 9

SHAPES = ("any", "one_colour", "equal_values", "different_colours", "consecutive_values")
MEASURES = ("value", "sum", "count")
PROGRESSIONS = (
    "none",
    "higher_than_own_previous",
    "lower_than_own_previous",
    "higher_than_last_any",
    "lower_than_last_any",
    "different_colour_from_own_previous",
    "lane_colour",
)
RELATIONS = ("same_colour_or_value", "same_colour", "same_value", "higher", "lower")

_KEYS = (
    "name",
    "min_cards",
    "max_cards",
    "shape",
    "measure",
    "progression",
    "flip",
    "target_relation",
    "star",
    "text",
)
_TOP_KEYS = ("title", "sport")

BUILTIN_SETS: dict[str, str] = {"default": "sports.toml", "test": "sports_test.toml"}


class SportJson(TypedDict):
    """A sport card as JSON (in views and the web client): its fields and the rule in words (`text`)."""

    name: str
    text: str
    min_cards: int
    max_cards: int
    shape: str
    measure: str
    progression: str
    flip: bool
    target_relation: str | None
    star: bool


@dataclass(frozen=True, slots=True)
class Sport:
    name: str
    min_cards: int
    max_cards: int
    shape: str = "any"
    measure: str = "value"
    progression: str = "none"
    flip: bool = False
    target_relation: str | None = None
    star: bool = False
    text: str = ""

    def describe(self) -> str:
        """The rule in one line (the file's `text`, or generated from the vocabulary)."""
        return self.text or generated_text(self)

    def to_json(self) -> SportJson:
        return {
            "name": self.name,
            "text": self.describe(),
            "min_cards": self.min_cards,
            "max_cards": self.max_cards,
            "shape": self.shape,
            "measure": self.measure,
            "progression": self.progression,
            "flip": self.flip,
            "target_relation": self.target_relation,
            "star": self.star,
        }


@dataclass(frozen=True, slots=True)
class SportSet:
    title: str
    source: str  # the built-in name or the file path, for messages
    sports: tuple[Sport, ...]

    @property
    def max_cards(self) -> int:
        return max(s.max_cards for s in self.sports)

    def index(self, name: str) -> int:
        key = name.strip().lower()
        for i, sport in enumerate(self.sports):
            if sport.name.lower() == key:
                return i
        raise KeyError(name)


def generated_text(sport: Sport) -> str:
    if sport.min_cards == sport.max_cards:
        count = f"exactly {sport.min_cards} card" + ("s" if sport.min_cards > 1 else "")
    else:
        count = f"{sport.min_cards}-{sport.max_cards} cards"
    parts = [count]
    shape = {
        "one_colour": "of one colour",
        "equal_values": "of equal value",
        "different_colours": "of different colours",
        "consecutive_values": "with consecutive values",
    }.get(sport.shape)
    if shape and sport.max_cards > 1:
        parts.append(shape)
    measure = {"value": "highest card", "sum": "sum", "count": "number of cards"}[sport.measure]
    progression = {
        "none": "",
        "higher_than_own_previous": f"{measure} higher than your own previous play",
        "lower_than_own_previous": f"{measure} lower than your own previous play",
        "higher_than_last_any": f"{measure} higher than the last play by anyone",
        "lower_than_last_any": f"{measure} lower than the last play by anyone",
        "different_colour_from_own_previous": "colour different from your own previous play",
        "lane_colour": "in your lane colour (the colour of your first card)",
    }[sport.progression]
    if progression:
        parts.append(progression)
    if sport.flip:
        relation = {
            "same_colour_or_value": "matching the round's target in colour or value",
            "same_colour": "in the round's target colour",
            "same_value": "of the round's target value",
            "higher": f"{measure} higher than the round's target",
            "lower": f"{measure} lower than the round's target",
        }[sport.target_relation or ""]
        parts.append(relation)
    return ", ".join(parts)


_cache: dict[tuple[str, int], SportSet] = {}


def builtin_path(name: str) -> Path:
    return Path(__file__).with_name(BUILTIN_SETS[name])


def load_sports(spec: str) -> SportSet:
    """A sport set by built-in name (`default`, `test`) or by the path of a TOML file; cached."""
    spec = spec.strip()
    if spec in BUILTIN_SETS:
        path, source = builtin_path(spec), spec
    else:
        path, source = Path(spec).expanduser(), spec
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        raise ConfigError(
            f"sports file {spec!r} not found; give a TOML file or a built-in set ({', '.join(BUILTIN_SETS)})"
        ) from None
    key = (str(path.resolve()), stamp)
    cached = _cache.get(key)
    if cached is None or cached.source != source:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"sports file {spec!r} cannot be read: {exc}") from None
        cached = _cache[key] = parse_sports(text, source)
    return cached


def parse_sports(text: str, source: str = "<sports>") -> SportSet:
    """Parse and validate the TOML text of a sport set."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML ({exc})") from None
    for key in data:
        if key not in _TOP_KEYS:
            raise ConfigError(f"{source}: unknown top-level key {key!r}; allowed: title, [[sport]] tables")
    title = data.get("title", Path(source).stem if source not in BUILTIN_SETS else source)
    if not isinstance(title, str):
        raise ConfigError(f"{source}: field 'title' must be a string")
    raw = data.get("sport")
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise ConfigError(f"{source}: expected {SPORTS_PER_SET} [[sport]] tables")
    if len(raw) != SPORTS_PER_SET:
        raise ConfigError(f"{source}: a set has exactly {SPORTS_PER_SET} sports, this file has {len(raw)}")
    sports = tuple(_parse_sport(source, i, item) for i, item in enumerate(raw, 1))
    seen: dict[str, int] = {}
    for i, sport in enumerate(sports, 1):
        key = sport.name.lower()
        if key in seen:
            raise ConfigError(f"{source}: sport #{i} {sport.name!r}, field 'name': duplicate of sport #{seen[key]}")
        seen[key] = i
    return SportSet(title, source, sports)


def _parse_sport(source: str, number: int, item: dict[str, Any]) -> Sport:
    name = item.get("name")
    label = f"sport #{number}" + (f" {name!r}" if isinstance(name, str) else "")

    def fail(field: str, problem: str) -> ConfigError:
        return ConfigError(f"{source}: {label}, field {field!r}: {problem}")

    for key in item:
        if key not in _KEYS:
            raise fail(key, f"unknown key; allowed: {', '.join(_KEYS)}")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "required, a non-empty string")

    def integer(field: str) -> int:
        if field not in item:
            raise fail(field, "required, an integer")
        value = item[field]
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(field, f"must be an integer, not {value!r}")
        return value

    def choice(field: str, allowed: tuple[str, ...], default: str) -> str:
        value = item.get(field, default)
        if value not in allowed:
            raise fail(field, f"unknown value {value!r}; allowed: {', '.join(allowed)}")
        return str(value)

    def flag(field: str) -> bool:
        value = item.get(field, False)
        if not isinstance(value, bool):
            raise fail(field, f"must be true or false, not {value!r}")
        return value

    low, high = integer("min_cards"), integer("max_cards")
    if low < 1:
        raise fail("min_cards", f"must be at least 1, not {low}")
    if low > high:
        raise fail("min_cards", f"min_cards ({low}) is greater than max_cards ({high})")
    if high > MAX_PLAY:
        raise fail("max_cards", f"at most {MAX_PLAY} cards per play, not {high}")
    shape = choice("shape", SHAPES, "any")
    measure = choice("measure", MEASURES, "value")
    progression = choice("progression", PROGRESSIONS, "none")
    flip = flag("flip")
    star = flag("star")
    relation: str | None = None
    if flip:
        if "target_relation" not in item:
            raise fail("target_relation", f"required when flip = true; allowed: {', '.join(RELATIONS)}")
        relation = choice("target_relation", RELATIONS, "")
    elif "target_relation" in item:
        raise fail("target_relation", "only allowed with flip = true")
    text = item.get("text", "")
    if not isinstance(text, str) or "\n" in text:
        raise fail("text", "must be a one-line string")
    if progression == "lane_colour" and high > 1 and shape != "one_colour":
        raise fail("shape", 'progression "lane_colour" with more than one card per play needs shape "one_colour"')
    return Sport(name.strip(), low, high, shape, measure, progression, flip, relation, star, text.strip())
